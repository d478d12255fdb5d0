from datetime import date

import strawberry

from analytics.domain.catalogue import EventKind
from analytics.domain.stats import DayTotals, JobTotals, Totals

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


@strawberry.type(description="All-time counts of one job (its page's visits, applications...).")
class JobStats(AnalyticsCounts):
    job_id: strawberry.ID
    organization_id: strawberry.ID

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


@strawberry.type(description="An organization's counts per day over a period ending today.")
class OrganizationStats(AnalyticsCounts):
    organization_id: strawberry.ID
    profile_visits: int
    days: list[OrganizationStatsDay]


def _counts(totals: Totals) -> dict[str, int]:
    return {
        "visits": totals.visits,
        "apply_starts": totals.apply_starts,
        "apply_completions": totals.apply_completions,
        "bookmarks": totals.bookmarks,
        "shares": totals.shares,
    }
