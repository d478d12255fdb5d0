from __future__ import annotations

import strawberry
from jobkit.graphql import ServiceContext
from jobkit.schema import build_schema
from strawberry.types import Info

from resumes.domain.models import Resume as ResumeModel
from resumes.domain.service import visible_to


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
        cls, info: Info[ServiceContext, None], id: strawberry.ID
    ) -> Resume | None:
        row = await info.context.load(ResumeModel, id)
        if row is None or not visible_to(row, info.context.principal):
            return None
        return cls.from_model(row)


@strawberry.type
class Query:
    @strawberry.field(description="One resume by id: its applicant, recruiters and admins only.")
    async def resume(self, info: Info[ServiceContext, None], id: strawberry.ID) -> Resume | None:
        return await Resume.resolve_reference(info, id)


schema = build_schema(query=Query)
