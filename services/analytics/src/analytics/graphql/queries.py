from datetime import UTC, date, datetime
from typing import Annotated

import strawberry
from graphql import GraphQLError
from jobkit.permissions import Anyone, MemberOfOrganization, RecruiterScope
from strawberry.types import Info

from analytics.domain.catalogue import CATALOGUE
from analytics.domain.stats import (
    JOB,
    MAX_DAYS,
    ORGANIZATION,
    Period,
    Totals,
    job_organization,
    job_totals,
    jobs_with_organizations,
    organization_job_totals,
    subject_days,
    top_jobs,
)
from analytics.graphql.context import AnalyticsContext
from analytics.graphql.types import (
    AnalyticsEventType,
    Job,
    JobStats,
    OrganizationStats,
    OrganizationStatsDay,
)

MAX_JOBS = 100
MAX_TOP_JOBS = 50
MAX_TOP_DAYS = 30


@strawberry.type
class Query:
    @strawberry.field(description="Every analytics event key with its kind (client/server/hybrid).")
    def analytics_event_types(self) -> list[AnalyticsEventType]:
        return [AnalyticsEventType(key=item.key, type=item.kind) for item in CATALOGUE]

    @strawberry.field(
        description=(
            "The site's most viewed jobs over the last `days` days (1 to 30, today included): "
            "up to `limit` (1 to 50), most views first. Views are counted by the server without "
            "cookies (ADR 0037). A job no longer shown to the caller (closed, unpublished) "
            "resolves to null."
        ),
        permission_classes=[Anyone],
    )
    async def top_jobs(
        self, info: Info[AnalyticsContext, None], days: int = 7, limit: int = 7
    ) -> list[Job | None]:
        if not 1 <= days <= MAX_TOP_DAYS or not 1 <= limit <= MAX_TOP_JOBS:
            raise GraphQLError(
                f"days is 1 to {MAX_TOP_DAYS} and limit 1 to {MAX_TOP_JOBS}.",
                extensions={"code": "BAD_USER_INPUT"},
            )
        context = info.context
        period = Period.ending(datetime.now(UTC).date(), days)
        async with context.sessions() as session:
            found = await top_jobs(session, site=context.frontend.site, period=period, limit=limit)
        return [Job(id=strawberry.ID(job_id)) for job_id in found]

    @strawberry.field(
        description=(
            "All-time counts of up to 100 jobs, for members of each job's organization and "
            "admin-like users; jobs the caller may not see, or analytics does not know, are "
            "left out."
        ),
        permission_classes=[RecruiterScope],
    )
    async def job_stats(
        self, info: Info[AnalyticsContext, None], job_ids: list[strawberry.ID]
    ) -> list[JobStats]:
        context = info.context
        principal = context.require_principal()
        wanted = list(dict.fromkeys(str(job_id) for job_id in job_ids))[:MAX_JOBS]
        async with context.sessions() as session:
            jobs = await jobs_with_organizations(session, wanted)
            if not principal.is_admin_like:
                allowed = {
                    organization
                    for organization in set(jobs.values())
                    if await context.is_member(organization)
                }
                jobs = {job: org for job, org in jobs.items() if org in allowed}
            found = {item.job_id: item for item in await job_totals(session, jobs)}
        return [JobStats.of(found[job_id]) for job_id in wanted if job_id in found]

    @strawberry.field(
        description=(
            "An organization's counts per day, for its members and admin-like users: over "
            "`from` to `to` (days, UTC, both included, at most 366 days; `to` defaults to "
            "today and a later one is today) or else over the last `days` days (1 to 366, today "
            "included). With `jobId`, the days and totals are that job's (one of the "
            "organization's)."
        ),
        permission_classes=[MemberOfOrganization],
    )
    async def organization_stats(
        self,
        info: Info[AnalyticsContext, None],
        organization_id: strawberry.ID,
        days: int = 30,
        from_: Annotated[date | None, strawberry.argument(name="from")] = None,
        to: date | None = None,
        job_id: strawberry.ID | None = None,
    ) -> OrganizationStats:
        context = info.context
        period = _period(datetime.now(UTC).date(), days=days, first=from_, last=to)
        async with context.sessions() as session:
            subject_type, subject_id = ORGANIZATION, str(organization_id)
            if job_id is not None:
                if (await job_organization(session, str(job_id))) != str(organization_id):
                    raise GraphQLError(
                        "The job is not one of the organization's.",
                        extensions={"code": "BAD_USER_INPUT"},
                    )
                subject_type, subject_id = JOB, str(job_id)
            found = await subject_days(
                session, subject_type=subject_type, subject_id=subject_id, period=period
            )
            jobs = await organization_job_totals(
                session, organization_id=str(organization_id), period=period, limit=MAX_JOBS
            )
        total = Totals()
        for day in found:
            for name, value in vars(day.totals).items():
                total.add(name, value)
        return OrganizationStats(
            organization_id=organization_id,
            visits=total.visits,
            apply_starts=total.apply_starts,
            apply_completions=total.apply_completions,
            bookmarks=total.bookmarks,
            shares=total.shares,
            profile_visits=total.profile_visits,
            first_day=period.first,
            last_day=period.last,
            days=[OrganizationStatsDay.of(day) for day in found],
            jobs=[JobStats.of(item) for item in jobs],
        )


def _period(today: date, *, days: int, first: date | None, last: date | None) -> Period:
    """The period a dashboard asked for; a wrong one is refused with what to change."""
    last = min(last or today, today)
    if first is None:
        return Period.ending(last, days)
    if first > last:
        raise GraphQLError(
            "The period's first day must not be after its last day (or after today).",
            extensions={"code": "BAD_USER_INPUT"},
        )
    if (last - first).days + 1 > MAX_DAYS:
        raise GraphQLError(
            f"A period can be at most {MAX_DAYS} days long.",
            extensions={"code": "BAD_USER_INPUT"},
        )
    return Period(first, last)
