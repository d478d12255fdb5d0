"""A job deleted for good by its recruiters: a draft that never went out, or a job that ended
(archived or expired) and never had an application. Applications belong to their applicants,
who keep following them, so a job with one is archived instead and stays.

The job's rows go with it (its slugs, bookmarks and feed mappings by the foreign keys' cascade);
``jobs.job.deleted`` tells search (the page answers 410 Gone, the document leaves the index) and
analytics (the job's counts and read model go)."""

from __future__ import annotations

import uuid

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.outbox import enqueue
from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.db import outbox
from jobs.domain.access import actor_of, locked_for
from jobs.domain.errors import (
    HAS_APPLICATIONS_MESSAGE,
    NOT_DELETABLE_MESSAGE,
    JobErrorCode,
    JobErrors,
    one_error,
)
from jobs.domain.events import JobDeleted
from jobs.domain.models import Application, Job
from jobs.domain.workflow import JobState
from jobs.settings import JobsSettings

# states in which nothing about the job is public or pending (no slot request, no review)
DELETABLE = frozenset({JobState.DRAFT, JobState.ARCHIVED, JobState.EXPIRED})


async def deletion_refused(session: AsyncSession, job: Job) -> JobErrors | None:
    """Why ``job`` cannot be deleted, or None."""
    if job.state not in DELETABLE:
        return one_error(JobErrorCode.INVALID_TRANSITION, NOT_DELETABLE_MESSAGE)
    if await session.scalar(select(exists().where(Application.job_id == job.id))):
        return one_error(JobErrorCode.HAS_APPLICATIONS, HAS_APPLICATIONS_MESSAGE)
    return None


async def delete_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
) -> uuid.UUID | JobErrors:
    """Delete the job (the caller a recruiter of its organization or an administrator), or
    say why not; the deleted job's id."""
    async with unit_of_work(sessions) as session:
        job = await locked_for(session, principal, job_id)
        if isinstance(job, JobErrors):
            return job
        refused = await deletion_refused(session, job)
        if refused is not None:
            return refused
        # the last version: a snapshot of the job that arrives late is older, and stays retired
        event = JobDeleted(
            job_id=str(job.id),
            site=job.site,
            organization_id=str(job.organization_id),
            organization_number=job.organization_number,
        ).envelope(
            aggregate_id=str(job.id),
            site=job.site,
            actor=actor_of(principal),
            aggregate_version=job.version + 1,
        )
        await enqueue(session, outbox, topic=settings.topic(JobDeleted.topic), event=event)
        await session.delete(job)
        return job_id
