"""Organizations' use cases arrive with the organization and profile issues."""
