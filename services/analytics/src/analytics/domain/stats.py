"""Counts per job and per organization and day, kept from the events analytics records (the
recruiter dashboards). A job's event also counts for its organization. Visits are not counted
from events: the web server reports them, whatever the visitor's consent (visits.py)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import StrEnum

from sqlalchemy import desc, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from analytics.domain.models import DailyCount, KnownJob


class Metric(StrEnum):
    VISITS = "visits"
    APPLY_STARTS = "apply_starts"
    APPLY_COMPLETIONS = "apply_completions"
    BOOKMARKS = "bookmarks"
    SHARES = "shares"
    PROFILE_VISITS = "profile_visits"


JOB_METRICS = {
    "job_apply_start": Metric.APPLY_STARTS,
    "job_apply_complete": Metric.APPLY_COMPLETIONS,
    "job_bookmark": Metric.BOOKMARKS,
    "job_share": Metric.SHARES,
}
JOB, ORGANIZATION = "job", "organization"
MAX_DAYS = 366


async def increment(
    session: AsyncSession, subject_type: str, subject_id: str, day: date, metric: Metric
) -> None:
    statement = insert(DailyCount).values(
        subject_type=subject_type, subject_id=subject_id, day=day, metric=metric, count=1
    )
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=["subject_type", "subject_id", "day", "metric"],
            set_={"count": DailyCount.count + 1},
        )
    )


async def job_organization(session: AsyncSession, job_id: str) -> str | None:
    organization: str | None = await session.scalar(
        select(KnownJob.organization_id).where(KnownJob.job_id == job_id)
    )
    return organization


async def count_event(
    session: AsyncSession,
    *,
    key: str,
    day: date,
    entity_id: str | None,
    organization_id: str | None,
) -> None:
    """Counts ``key`` for its job and the job's organization; other keys count nothing (the
    browser's ``job_visit`` and ``orgprofile_visit`` too: the server counts visits, once).
    ``organization_id`` is trusted only from domain events; pass None for a browser's event and
    the job's known organization is used."""
    if entity_id is None:
        return
    if key in JOB_METRICS:
        organization = organization_id or await job_organization(session, entity_id)
        if organization is None:
            return  # a job analytics has never heard of: nothing to attribute it to
        metric = JOB_METRICS[key]
        await increment(session, JOB, entity_id, day, metric)
        await increment(session, ORGANIZATION, organization, day, metric)


@dataclass
class Totals:
    visits: int = 0
    apply_starts: int = 0
    apply_completions: int = 0
    bookmarks: int = 0
    shares: int = 0
    profile_visits: int = 0

    def add(self, metric: str, count: int) -> None:
        setattr(self, metric, getattr(self, metric) + count)


@dataclass
class JobTotals:
    job_id: str
    organization_id: str
    totals: Totals = field(default_factory=Totals)


async def jobs_with_organizations(session: AsyncSession, job_ids: Sequence[str]) -> dict[str, str]:
    rows = await session.execute(
        select(KnownJob.job_id, KnownJob.organization_id).where(KnownJob.job_id.in_(job_ids))
    )
    return {row.job_id: row.organization_id for row in rows}


async def job_visits(session: AsyncSession, job_ids: Sequence[str]) -> dict[str, int]:
    """All-time visits of each job that had any (one query for the whole list)."""
    rows = await session.execute(
        select(DailyCount.subject_id, func.sum(DailyCount.count))
        .where(
            DailyCount.subject_type == JOB,
            DailyCount.subject_id.in_(list(job_ids)),
            DailyCount.metric == Metric.VISITS,
        )
        .group_by(DailyCount.subject_id)
    )
    return {job_id: int(count) for job_id, count in rows}


async def job_totals(session: AsyncSession, jobs: dict[str, str]) -> list[JobTotals]:
    """All-time totals of each job (one query for the whole list)."""
    found = {job_id: JobTotals(job_id, organization) for job_id, organization in jobs.items()}
    if not found:
        return []
    rows = await session.execute(
        select(DailyCount.subject_id, DailyCount.metric, func.sum(DailyCount.count))
        .where(DailyCount.subject_type == JOB, DailyCount.subject_id.in_(list(found)))
        .group_by(DailyCount.subject_id, DailyCount.metric)
    )
    for job_id, metric, count in rows:
        found[job_id].totals.add(metric, int(count))
    return list(found.values())


@dataclass(frozen=True)
class DayTotals:
    day: date
    totals: Totals


@dataclass(frozen=True)
class Period:
    """The days a dashboard shows, first and last included (at most ``MAX_DAYS``)."""

    first: date
    last: date

    @classmethod
    def ending(cls, last: date, days: int) -> Period:
        return cls(last - timedelta(days=max(1, min(days, MAX_DAYS)) - 1), last)

    @property
    def days(self) -> list[date]:
        return [self.first + timedelta(days=n) for n in range((self.last - self.first).days + 1)]


async def subject_days(
    session: AsyncSession, *, subject_type: str, subject_id: str, period: Period
) -> list[DayTotals]:
    """One entry per day of the period, zeros where nothing happened."""
    by_day: dict[date, Totals] = defaultdict(Totals)
    rows = await session.execute(
        select(DailyCount.day, DailyCount.metric, DailyCount.count).where(
            DailyCount.subject_type == subject_type,
            DailyCount.subject_id == subject_id,
            DailyCount.day >= period.first,
            DailyCount.day <= period.last,
        )
    )
    for day, metric, count in rows:
        by_day[day].add(metric, count)
    return [DayTotals(day, by_day[day]) for day in period.days]


async def top_jobs(session: AsyncSession, *, site: str, period: Period, limit: int) -> list[str]:
    """The site's jobs most visited over the period, most visits first (then by id, so ties keep
    one order), at most ``limit`` (one query)."""
    visits = func.sum(DailyCount.count).label("visits")
    rows = await session.execute(
        select(DailyCount.subject_id, visits)
        .join(KnownJob, KnownJob.job_id == DailyCount.subject_id)
        .where(
            DailyCount.subject_type == JOB,
            DailyCount.metric == Metric.VISITS,
            DailyCount.day >= period.first,
            DailyCount.day <= period.last,
            KnownJob.site == site,
        )
        .group_by(DailyCount.subject_id)
        .order_by(desc(visits), DailyCount.subject_id)
        .limit(limit)
    )
    return [job_id for job_id, _ in rows]


async def organization_job_totals(
    session: AsyncSession, *, organization_id: str, period: Period, limit: int
) -> list[JobTotals]:
    """The totals over the period of the organization's jobs that had any, most visited first
    (then most applications), at most ``limit`` (one query for the whole list)."""
    jobs = select(KnownJob.job_id).where(KnownJob.organization_id == organization_id)
    rows = await session.execute(
        select(DailyCount.subject_id, DailyCount.metric, func.sum(DailyCount.count))
        .where(
            DailyCount.subject_type == JOB,
            DailyCount.subject_id.in_(jobs),
            DailyCount.day >= period.first,
            DailyCount.day <= period.last,
        )
        .group_by(DailyCount.subject_id, DailyCount.metric)
    )
    found: dict[str, JobTotals] = {}
    for job_id, metric, count in rows:
        found.setdefault(job_id, JobTotals(job_id, organization_id)).totals.add(metric, int(count))
    ranked = sorted(
        found.values(),
        key=lambda item: (-item.totals.visits, -item.totals.apply_completions, item.job_id),
    )
    return ranked[:limit]
