from __future__ import annotations

import strawberry
from strawberry.types import Info

from jobs.domain.models import Job as JobModel
from jobs.domain.service import visible_to
from jobs.graphql.context import JobContext
from jobs.graphql.dataloaders import job_by_id


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
    async def resolve_reference(cls, info: Info[JobContext, None], id: strawberry.ID) -> Job | None:
        row = await job_by_id(info.context, id)
        if row is None or not visible_to(row, info.context.principal):
            return None
        return cls.from_model(row)
