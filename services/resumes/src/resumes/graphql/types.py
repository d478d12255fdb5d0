from __future__ import annotations

import strawberry
from strawberry.types import Info

from resumes.domain.models import Resume as ResumeModel
from resumes.domain.service import visible_to
from resumes.graphql.context import ResumeContext
from resumes.graphql.dataloaders import resume_by_id


@strawberry.federation.type(
    keys=["id"],
    description="An applicant's resume profile; its sections arrive with the resume issues.",
)
class Resume:
    id: strawberry.ID
    title: str

    @classmethod
    def from_model(cls, row: ResumeModel) -> Resume:
        return cls(id=strawberry.ID(str(row.id)), title=row.title)

    @classmethod
    async def resolve_reference(
        cls, info: Info[ResumeContext, None], id: strawberry.ID
    ) -> Resume | None:
        row = await resume_by_id(info.context, id)
        if row is None or not visible_to(row, info.context.principal):
            return None
        return cls.from_model(row)
