"""The sites' retention rule for applications (issue 26, ADR 0036): an application to a job that
closed (expired, or archived) more than ``retention.closed_job_application_days`` ago (365 unless
the site sets it) is anonymized as the erasure saga does it (the organization keeps the record
that it existed, with its status and dates) and its files are deleted from storage. One replica
applies it at a time (a transaction-scoped advisory lock), a batch a transaction, and logs what
it did."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

from jobkit.db import unit_of_work
from jobkit.erasure import ERASED_PREFIX
from jobkit.site_settings import site_values
from jobkit.uploads.storage import Storage
from sqlalchemy import ColumnElement, and_, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.domain.erasure import anonymize_applications
from jobs.domain.models import Application, Job, SiteSetting
from jobs.domain.workflow import JobState

log = logging.getLogger(__name__)

KEY, NAME = "retention", "closed_job_application_days"
DEFAULT_DAYS = 365
BATCH = 500
CLOSED = (JobState.EXPIRED.value, JobState.ARCHIVED.value)


def _days(value: object) -> int:
    return value if isinstance(value, int) and value >= 1 else DEFAULT_DAYS


def closed_since() -> ColumnElement[datetime]:
    """When a closed job closed: an expired one at its expiry, an archived one at its last
    change (the archiving)."""
    return case(
        (Job.state == JobState.EXPIRED.value, func.coalesce(Job.expires_at, Job.updated_at)),
        else_=Job.updated_at,
    )


async def anonymize_old_applications(
    sessions: async_sessionmaker[AsyncSession], storage: Storage, *, now: datetime | None = None
) -> int:
    """Apply every site's rule; answers how many applications were anonymized (0 when another
    replica holds the lock)."""
    now = now or datetime.now(UTC)
    done = 0
    while True:
        async with unit_of_work(sessions) as session:
            if not await session.scalar(
                select(func.pg_try_advisory_xact_lock(func.hashtext("jobs:retention")))
            ):
                return done
            sites = list(
                await session.scalars(select(Job.site).where(Job.state.in_(CLOSED)).distinct())
            )
            days = await site_values(session, SiteSetting.__table__, sites, KEY, NAME)
            if not sites:
                return done
            due = [
                and_(Job.site == site, closed_since() < now - timedelta(days=_days(days.get(site))))
                for site in sites
            ]
            ids = list(
                await session.scalars(
                    select(Application.id)
                    .join(Job, Job.id == Application.job_id)
                    .where(
                        Job.state.in_(CLOSED),
                        or_(*due),
                        ~Application.email.startswith(ERASED_PREFIX),
                    )
                    .limit(BATCH)
                    .with_for_update(of=Application, skip_locked=True)
                )
            )
            if not ids:
                return done
            files, anonymized = await anonymize_applications(
                session, storage=storage, application_ids=ids
            )
            log.info(
                "retention: anonymized %d applications to jobs closed longer than their site "
                "keeps them, %d files deleted",
                anonymized,
                files,
            )
            done += anonymized
        if len(ids) < BATCH:
            return done
