"""Demo visits for the recruiter dashboards: each published demo job and each organization
profile gets the visits of the last 60 days (until yesterday; today's come from real visitors),
as the web server would have reported them (ADR 0037). Numbers follow a job's own popularity and
the week (fewer on weekends), fixed per job so that re-seeding writes the same figures; a day
already counted is left as it is. Applications are not made up here: the demo applications'
own events count them."""

from __future__ import annotations

import random
import uuid
from collections import defaultdict
from datetime import UTC, date, datetime, timedelta

from analytics.domain.models import DailyCount
from analytics.domain.stats import JOB, ORGANIZATION, Metric
from jobkit.db import unit_of_work
from jobs.domain.models import Job
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

DAYS = 60
WEEKDAY = (1.0, 1.05, 1.0, 0.95, 0.85, 0.45, 0.4)  # Monday first


def _daily(rng: random.Random, popularity: float, day: date, first: date) -> int:
    # a job is most visited in its first week, then settles
    age = (day - first).days
    fresh = 1.8 if age < 7 else 1.0
    return max(0, round(rng.gauss(popularity * fresh * WEEKDAY[day.weekday()], popularity / 4)))


async def seed_demo_visits(
    *,
    jobs_sessions: async_sessionmaker[AsyncSession],
    analytics_sessions: async_sessionmaker[AsyncSession],
    site: str,
) -> dict[str, int]:
    """Writes the demo visits of ``site``'s published jobs; answers how many job and profile
    visits there are now."""
    today = datetime.now(UTC).date()
    earliest = today - timedelta(days=DAYS)
    async with jobs_sessions() as session:
        jobs = (
            await session.execute(
                select(Job.id, Job.organization_id, Job.published_at).where(
                    Job.state == "published", Job.site == site
                )
            )
        ).all()
    rows: dict[tuple[str, str, date, str], int] = defaultdict(int)
    for job_id, organization_id, published_at in jobs:
        rng = random.Random(uuid.UUID(str(job_id)).int)  # noqa: S311 - demo figures, not secrets
        popularity = rng.choice((3, 5, 8, 12, 20, 35))
        first = max(earliest, (published_at or datetime.now(UTC)).date())
        day = first
        while day < today:
            count = _daily(rng, popularity, day, first)
            if count:
                rows[(JOB, str(job_id), day, Metric.VISITS)] += count
                rows[(ORGANIZATION, str(organization_id), day, Metric.VISITS)] += count
                # about one job visitor in twelve looks at the organization's profile too
                profile = sum(rng.random() < 1 / 12 for _ in range(count))
                if profile:
                    rows[(ORGANIZATION, str(organization_id), day, Metric.PROFILE_VISITS)] += (
                        profile
                    )
            day += timedelta(days=1)
    async with unit_of_work(analytics_sessions) as session:
        values = [
            {"subject_type": kind, "subject_id": subject, "day": day, "metric": metric, "count": n}
            for (kind, subject, day, metric), n in rows.items()
        ]
        for start in range(0, len(values), 5000):
            await session.execute(
                insert(DailyCount).values(values[start : start + 5000]).on_conflict_do_nothing()
            )
    totals: dict[str, int] = defaultdict(int)
    for (kind, _, _, metric), n in rows.items():
        if kind == JOB or metric == Metric.PROFILE_VISITS:
            totals[str(metric)] += n
    return dict(totals)
