"""Resumes' queries: resolvers here, bound to ``Query`` with their descriptions and rules."""

from __future__ import annotations

import strawberry
from strawberry.types import Info

from resumes.graphql.context import ResumesContext
from resumes.graphql.types import Resume


async def resume(info: Info[ResumesContext, None], id: strawberry.ID) -> Resume | None:
    return await Resume.resolve_reference(info, id)


@strawberry.type
class Query:
    resume: Resume | None = strawberry.field(resolver=resume, description="One resume by id.")
