from __future__ import annotations

import strawberry
from jobkit.graphql import ServiceContext
from jobkit.schema import build_schema
from strawberry.types import Info

from jobs.domain.models import Job as JobModel


@strawberry.federation.type(
    keys=["id"],
    description="A job posting; its form groups and workflow arrive with the job issues.",
)
class Job:
    id: strawberry.ID
    title: str

    @classmethod
    def from_model(cls, row: JobModel) -> Job:
        return cls(id=strawberry.ID(str(row.id)), title=row.title)

    @classmethod
    async def resolve_reference(
        cls, info: Info[ServiceContext, None], id: strawberry.ID
    ) -> Job | None:
        row = await info.context.load(JobModel, id)
        return cls.from_model(row) if row is not None else None


@strawberry.type
class Query:
    @strawberry.field(description="One job by id.")
    async def job(self, info: Info[ServiceContext, None], id: strawberry.ID) -> Job | None:
        return await Job.resolve_reference(info, id)


schema = build_schema(query=Query)
