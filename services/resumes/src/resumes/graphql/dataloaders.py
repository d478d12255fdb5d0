"""Typed, batched loads for resumes' resolvers (one query per request and model)."""

from __future__ import annotations

from resumes.domain.models import Resume
from resumes.graphql.context import ResumesContext


async def load_resume(context: ResumesContext, id: object) -> Resume | None:
    resume: Resume | None = await context.load(Resume, id)
    return resume
