from __future__ import annotations

import strawberry
from strawberry.types import Info

from resumes.graphql.context import ResumeContext
from resumes.graphql.types import Resume


@strawberry.type
class Query:
    @strawberry.field(description="One resume by id: its applicant, recruiters and admins only.")
    async def resume(self, info: Info[ResumeContext, None], id: strawberry.ID) -> Resume | None:
        return await Resume.resolve_reference(info, id)
