from __future__ import annotations

import strawberry
from jobkit.graphql import ServiceContext
from jobkit.schema import build_schema
from strawberry.types import Info

from jobs.domain.models import Job as JobModel
from jobs.domain.service import visible_to


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
        if row is None or not visible_to(row, info.context.principal):
            return None
        return cls.from_model(row)


@strawberry.type
class Query:
    @strawberry.field(
        description="One job by id: published jobs for everyone, others for their owner and admins."
    )
    async def job(self, info: Info[ServiceContext, None], id: strawberry.ID) -> Job | None:
        return await Job.resolve_reference(info, id)


schema = build_schema(query=Query)
