"""The alert mailer's retention rules (issue 26), per site in its configuration: a job alert whose
address was never confirmed is dropped after ``retention.unconfirmed_alert_days`` (7 unless the
site sets it), with its keys; a confirmation still pending for it is dropped at send time. One
replica applies them at a time (a transaction-scoped advisory lock), and logs what it did."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

from jobkit.db import unit_of_work
from jobkit.site_settings import site_values
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.alerts.models import SavedSearch
from search.db import site_settings

log = logging.getLogger(__name__)

UNCONFIRMED_KEY, UNCONFIRMED_NAME = "retention", "unconfirmed_alert_days"
DEFAULT_UNCONFIRMED_DAYS = 7


def _days(value: object) -> int:
    return value if isinstance(value, int) and value >= 1 else DEFAULT_UNCONFIRMED_DAYS


async def drop_unconfirmed(
    sessions: async_sessionmaker[AsyncSession], *, now: datetime | None = None
) -> int:
    """Drop every site's unconfirmed job alerts older than its retention; answers how many (0
    when another replica holds the lock)."""
    now = now or datetime.now(UTC)
    dropped = 0
    async with unit_of_work(sessions) as session:
        if not await session.scalar(
            select(func.pg_try_advisory_xact_lock(func.hashtext("alerts:retention")))
        ):
            return 0
        sites = list(
            await session.scalars(
                select(SavedSearch.site).where(SavedSearch.confirmed_at.is_(None)).distinct()
            )
        )
        days = await site_values(session, site_settings, sites, UNCONFIRMED_KEY, UNCONFIRMED_NAME)
        for site in sites:
            kept = _days(days.get(site))
            result = await session.execute(
                delete(SavedSearch).where(
                    SavedSearch.site == site,
                    SavedSearch.confirmed_at.is_(None),
                    SavedSearch.created_at < now - timedelta(days=kept),
                )
            )
            count = int(getattr(result, "rowcount", 0) or 0)
            if count:
                log.info(
                    "retention: dropped %d job alerts of %s never confirmed within %d days",
                    count,
                    site,
                    kept,
                )
            dropped += count
    return dropped
