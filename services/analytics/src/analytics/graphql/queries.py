from datetime import UTC, datetime

import strawberry
from jobkit.permissions import MemberOfOrganization, RecruiterScope
from strawberry.types import Info

from analytics.domain.catalogue import CATALOGUE
from analytics.domain.stats import MAX_DAYS, Totals, job_totals, jobs_with_organizations
from analytics.domain.stats import organization_days as load_organization_days
from analytics.graphql.context import AnalyticsContext
from analytics.graphql.types import (
    AnalyticsEventType,
    JobStats,
    OrganizationStats,
    OrganizationStatsDay,
)

MAX_JOBS = 100


@strawberry.type
class Query:
    @strawberry.field(description="Every analytics event key with its kind (client/server/hybrid).")
    def analytics_event_types(self) -> list[AnalyticsEventType]:
        return [AnalyticsEventType(key=item.key, type=item.kind) for item in CATALOGUE]

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
            "An organization's counts per day over the last `days` days (1 to 366, today "
            "included), for its members and admin-like users."
        ),
        permission_classes=[MemberOfOrganization],
    )
    async def organization_stats(
        self, info: Info[AnalyticsContext, None], organization_id: strawberry.ID, days: int = 30
    ) -> OrganizationStats:
        context = info.context
        async with context.sessions() as session:
            found = await load_organization_days(
                session,
                organization_id=str(organization_id),
                today=datetime.now(UTC).date(),
                days=max(1, min(days, MAX_DAYS)),
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
            days=[OrganizationStatsDay.of(day) for day in found],
        )
