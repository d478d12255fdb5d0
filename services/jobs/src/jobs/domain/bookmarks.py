"""Bookmarks: a signed-in user keeps PUBLISHED jobs to come back to. Adding twice or removing
what is not there changes nothing and emits nothing (idempotent from the page's point of view)."""

from __future__ import annotations

import uuid

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.outbox import enqueue
from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.db import outbox
from jobs.domain.errors import NO_SUCH_JOB, JobError, JobErrorCode, JobErrors
from jobs.domain.events import JobBookmarked, JobUnbookmarked
from jobs.domain.models import Bookmark, Job
from jobs.settings import JobsSettings


async def _emit(
    session: AsyncSession,
    settings: JobsSettings,
    job: Job,
    payload: JobBookmarked | JobUnbookmarked,
    principal: Principal,
) -> None:
    event = payload.envelope(
        aggregate_id=str(job.id),
        site=job.site,
        actor=principal.actor_id or principal.user_id,
        aggregate_version=job.version,
    )
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)


async def set_bookmark(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    bookmarked: bool,
) -> Job | JobErrors:
    async with unit_of_work(sessions) as session:
        job = await session.get(Job, job_id)
        if job is None or (bookmarked and job.state != "published"):
            return JobErrors([JobError(JobErrorCode.NOT_FOUND, NO_SUCH_JOB, "job_id")])
        fields = {
            "job_id": str(job.id),
            "user_id": principal.user_id,
            "organization_id": str(job.organization_id),
        }
        if bookmarked:
            added = await session.scalar(
                insert(Bookmark)
                .values(user_id=principal.user_id, job_id=job.id)
                .on_conflict_do_nothing()
                .returning(Bookmark.job_id)
            )
            if added is not None:
                await _emit(session, settings, job, JobBookmarked(**fields), principal)
        else:
            removed = await session.execute(
                delete(Bookmark).where(
                    Bookmark.user_id == principal.user_id, Bookmark.job_id == job.id
                )
            )
            if removed.rowcount:  # type: ignore[attr-defined]
                await _emit(session, settings, job, JobUnbookmarked(**fields), principal)
        return job
