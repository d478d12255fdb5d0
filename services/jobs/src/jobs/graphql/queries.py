from __future__ import annotations

import strawberry
from strawberry.types import Info

from jobs.graphql.context import JobContext
from jobs.graphql.types import Job


@strawberry.type
class Query:
    @strawberry.field(
        description="One job by id: published jobs for everyone, others for their owner and admins."
    )
    async def job(self, info: Info[JobContext, None], id: strawberry.ID) -> Job | None:
        return await Job.resolve_reference(info, id)
