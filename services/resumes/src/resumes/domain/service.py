"""Resumes' use cases arrive with the resume issues."""
