from datetime import date

import strawberry
from strawberry.dataloader import DataLoader
from strawberry.types import Info

from analytics.domain.catalogue import EventKind
from analytics.domain.stats import DayTotals, JobTotals, Totals, job_visits
from analytics.graphql.context import AnalyticsContext

strawberry.enum(EventKind, name="AnalyticsEventKind")


@strawberry.type(description="An analytics event the product records, and who sends it.")
class AnalyticsEventType:
    key: str
    type: EventKind


@strawberry.interface(description="Counts of the events analytics recorded.")
class AnalyticsCounts:
    visits: int
    apply_starts: int
    apply_completions: int
    bookmarks: int
    shares: int


@strawberry.federation.type(keys=["id"])
class Job:
    """A job posting (owned by jobs: the title, slug and state come from there); analytics
    answers how often its page was viewed."""

    id: strawberry.ID

    @classmethod
    def resolve_reference(cls, id: strawberry.ID) -> "Job":
        return cls(id=id)

    @strawberry.federation.field(
        override="jobs",
        description="How many times its page was viewed: once per visitor and day, counted by "
        "the server without cookies (ADR 0037).",
    )
    async def views_count(self, info: Info[AnalyticsContext, None]) -> int:
        loader = info.context.loader("job-views", lambda: _views_loader(info.context))
        count: int = await loader.load(str(self.id))
        return count


def _views_loader(context: AnalyticsContext) -> DataLoader[str, int]:
    """All-time views of each job asked for in the request, in one query."""

    async def load(job_ids: list[str]) -> list[int]:
        async with context.sessions() as session:
            found = await job_visits(session, job_ids)
        return [found.get(job_id, 0) for job_id in job_ids]

    return DataLoader(load_fn=load)


@strawberry.type(
    description="Counts of one job (its page's visits, applications...): all-time in jobStats, "
    "over the period in organizationStats.jobs."
)
class JobStats(AnalyticsCounts):
    job_id: strawberry.ID
    organization_id: strawberry.ID

    @strawberry.field(description="The job (null when its owner no longer shows it to you).")
    def job(self) -> Job | None:
        return Job(id=self.job_id)

    @classmethod
    def of(cls, found: JobTotals) -> "JobStats":
        return cls(
            job_id=strawberry.ID(found.job_id),
            organization_id=strawberry.ID(found.organization_id),
            **_counts(found.totals),
        )


@strawberry.type(description="One day of an organization's counts (its jobs' and its profile's).")
class OrganizationStatsDay(AnalyticsCounts):
    day: date
    profile_visits: int

    @classmethod
    def of(cls, found: DayTotals) -> "OrganizationStatsDay":
        return cls(
            day=found.day, profile_visits=found.totals.profile_visits, **_counts(found.totals)
        )


@strawberry.type(
    description="An organization's counts (or one of its jobs') per day over a period, with "
    "the period's totals and its jobs' totals."
)
class OrganizationStats(AnalyticsCounts):
    organization_id: strawberry.ID
    profile_visits: int
    first_day: date = strawberry.field(description="The period's first day (UTC).")
    last_day: date = strawberry.field(description="The period's last day (UTC), at most today.")
    days: list[OrganizationStatsDay]
    jobs: list[JobStats] = strawberry.field(
        description="The period's totals of the organization's jobs that had any, most visited "
        "first (at most 100)."
    )


def _counts(totals: Totals) -> dict[str, int]:
    return {
        "visits": totals.visits,
        "apply_starts": totals.apply_starts,
        "apply_completions": totals.apply_completions,
        "bookmarks": totals.bookmarks,
        "shares": totals.shares,
    }
