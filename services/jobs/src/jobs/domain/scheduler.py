"""The scheduler's moves (docs/decisions/0008-job-scheduler.md): SCHEDULED jobs whose publish
date came are published, PUBLISHED jobs past their expiry expire; each exactly once across
replicas (row locks with SKIP LOCKED, the state change and its event in one transaction). The
loop that runs them is :mod:`jobs.messaging.scheduler`."""

from __future__ import annotations

from datetime import datetime

from jobkit.db import unit_of_work
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.domain.clock import now_utc
from jobs.domain.events import JobExpired
from jobs.domain.models import Job
from jobs.domain.publishing import make_public
from jobs.domain.workflow import Action, sources, transition
from jobs.settings import JobsSettings

SCHEDULER_ACTOR = "system:scheduler"


async def publish_due_jobs(
    sessions: async_sessionmaker[AsyncSession], settings: JobsSettings, now: datetime | None = None
) -> int:
    """Publish SCHEDULED jobs whose time came; each exactly once across replicas (row locks
    with SKIP LOCKED, the state change and its event in one transaction)."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        due = list(
            await session.scalars(
                select(Job)
                .where(Job.state.in_(sorted(sources(Action.PUBLISH_DUE))), Job.published <= now)
                .order_by(Job.published)
                .limit(settings.scheduler_batch_size)
                .with_for_update(skip_locked=True)
            )
        )
        for job in due:
            await make_public(
                session, settings, job, Action.PUBLISH_DUE, actor=SCHEDULER_ACTOR, now=now
            )
        return len(due)


async def expire_jobs(
    sessions: async_sessionmaker[AsyncSession], settings: JobsSettings, now: datetime | None = None
) -> int:
    """Expire PUBLISHED jobs past their ``expires_at`` (same locking as publishing)."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        due = list(
            await session.scalars(
                select(Job)
                .where(Job.state.in_(sorted(sources(Action.EXPIRE))), Job.expires_at <= now)
                .order_by(Job.expires_at)
                .limit(settings.scheduler_batch_size)
                .with_for_update(skip_locked=True)
            )
        )
        for job in due:
            await transition(
                session, settings, job, Action.EXPIRE, JobExpired, actor=SCHEDULER_ACTOR
            )
        return len(due)
