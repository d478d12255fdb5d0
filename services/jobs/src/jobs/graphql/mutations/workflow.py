"""The workflow mutations: publish, archive, duplicate, republish, and the review (approve,
reject). Each is one use case of the domain, answered as the saved job or errors as data."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import strawberry
from strawberry.types import Info

from jobs.domain import creation, publishing
from jobs.graphql.context import JobContext
from jobs.graphql.mutations.result import JobResult, answer, no_such_job, settings_of
from jobs.graphql.types import parse_id


async def run(
    info: Info[JobContext, None],
    id: strawberry.ID,
    use_case: Callable[..., Awaitable[Any]],
    **extra: Any,
) -> JobResult:
    job_id = parse_id(id)
    if job_id is None:
        return no_such_job()
    return answer(
        await use_case(
            sessions=info.context.sessions,
            settings=settings_of(info),
            principal=info.context.require_principal(),
            job_id=job_id,
            **extra,
        )
    )


async def publish_job(info: Info[JobContext, None], id: strawberry.ID) -> JobResult:
    return await run(info, id, publishing.publish_job)


async def archive_job(info: Info[JobContext, None], id: strawberry.ID) -> JobResult:
    return await run(info, id, publishing.archive_job)


async def duplicate_job(info: Info[JobContext, None], id: strawberry.ID) -> JobResult:
    return await run(info, id, creation.duplicate_job)


async def republish_job(info: Info[JobContext, None], id: strawberry.ID) -> JobResult:
    return await run(info, id, publishing.republish_job)


async def approve_job(info: Info[JobContext, None], id: strawberry.ID) -> JobResult:
    return await run(info, id, publishing.approve_job)


async def reject_job(info: Info[JobContext, None], id: strawberry.ID, reason: str) -> JobResult:
    return await run(info, id, publishing.reject_job, reason=reason)
