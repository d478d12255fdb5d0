"""The workflow mutations: publish, archive, delete, duplicate, republish, and the review
(approve, reject). Each is one use case of the domain, answered as the saved job (the deleted
job's id) or errors as data."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

import strawberry
from strawberry.types import Info

from jobs.domain import creation, deletion, publishing
from jobs.domain.errors import JobErrors as DomainErrors
from jobs.domain.errors import not_found
from jobs.graphql.context import JobContext
from jobs.graphql.mutations.result import JobResult, answer, no_such_job, settings_of
from jobs.graphql.types import JobErrors, parse_id


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


@strawberry.type(description="The job is gone for good.")
class JobDeleted:
    id: strawberry.ID


DeleteJobResult = Annotated[JobDeleted | JobErrors, strawberry.union("DeleteJobResult")]


async def delete_job(info: Info[JobContext, None], id: strawberry.ID) -> DeleteJobResult:
    job_id = parse_id(id)
    if job_id is None:
        return JobErrors.from_domain(not_found())
    result = await deletion.delete_job(
        sessions=info.context.sessions,
        settings=settings_of(info),
        principal=info.context.require_principal(),
        job_id=job_id,
    )
    if isinstance(result, DomainErrors):
        return JobErrors.from_domain(result)
    return JobDeleted(id=strawberry.ID(str(result)))


async def duplicate_job(info: Info[JobContext, None], id: strawberry.ID) -> JobResult:
    return await run(info, id, creation.duplicate_job)


async def republish_job(info: Info[JobContext, None], id: strawberry.ID) -> JobResult:
    return await run(info, id, publishing.republish_job)


async def approve_job(info: Info[JobContext, None], id: strawberry.ID) -> JobResult:
    return await run(info, id, publishing.approve_job)


async def reject_job(info: Info[JobContext, None], id: strawberry.ID, reason: str) -> JobResult:
    return await run(info, id, publishing.reject_job, reason=reason)
