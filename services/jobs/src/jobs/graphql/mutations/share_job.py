"""shareJob: the other sites of the platform a job is listed on (ADR 0057)."""

from __future__ import annotations

import strawberry
from strawberry.types import Info

from jobs.domain import sharing
from jobs.graphql.context import JobContext
from jobs.graphql.mutations.result import JobResult, answer, no_such_job, settings_of
from jobs.graphql.types import parse_id


async def share_job(
    info: Info[JobContext, None],
    id: strawberry.ID,
    sites: list[str],
) -> JobResult:
    job_id = parse_id(id)
    if job_id is None:
        return no_such_job()
    return answer(
        await sharing.share_job(
            sessions=info.context.sessions,
            settings=settings_of(info),
            principal=info.context.require_principal(),
            job_id=job_id,
            sites=sites,
        )
    )
