"""bookmarkJob / unbookmarkJob: a signed-in user keeps a published job (job_bookmark)."""

from __future__ import annotations

import strawberry
from strawberry.types import Info

from jobs.domain import bookmarks
from jobs.graphql.context import JobContext
from jobs.graphql.mutations.result import JobResult, answer, no_such_job, settings_of
from jobs.graphql.types import parse_id


async def _set(info: Info[JobContext, None], job_id: strawberry.ID, on: bool) -> JobResult:
    key = parse_id(job_id)
    if key is None:
        return no_such_job("jobId")
    return answer(
        await bookmarks.set_bookmark(
            sessions=info.context.sessions,
            settings=settings_of(info),
            principal=info.context.require_principal(),
            job_id=key,
            bookmarked=on,
        )
    )


async def bookmark_job(info: Info[JobContext, None], job_id: strawberry.ID) -> JobResult:
    return await _set(info, job_id, True)


async def unbookmark_job(info: Info[JobContext, None], job_id: strawberry.ID) -> JobResult:
    return await _set(info, job_id, False)
