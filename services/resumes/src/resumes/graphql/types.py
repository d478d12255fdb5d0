from __future__ import annotations

import strawberry
from strawberry.types import Info

from resumes.domain.errors import ResumesErrorCode
from resumes.domain.models import Resume as ResumeModel
from resumes.graphql.context import ResumesContext
from resumes.graphql.dataloaders import load_resume

strawberry.enum(ResumesErrorCode, description="Why a resumes operation refused its input.")


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
        cls, info: Info[ResumesContext, None], id: strawberry.ID
    ) -> Resume | None:
        row = await load_resume(info.context, id)
        return cls.from_model(row) if row is not None else None
