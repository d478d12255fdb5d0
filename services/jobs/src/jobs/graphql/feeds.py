"""An organization's job feeds in its dashboard (ADR 0041): the sources (an XML or JSON feed
the board imports on a schedule), their reports, and running one now."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any

import strawberry
from jobkit.errors import DomainError
from jobkit.graphql import field_errors
from sqlalchemy import select
from strawberry.dataloader import DataLoader
from strawberry.types import Info

from jobs.domain import feed_runs, feed_sources
from jobs.domain.errors import JobErrorCode, one_error
from jobs.domain.errors import JobErrors as DomainErrors
from jobs.domain.feed_fetching import FeedFetcher
from jobs.domain.models import FeedRun as FeedRunModel
from jobs.domain.models import FeedSource as FeedSourceModel
from jobs.graphql.context import JobContext
from jobs.graphql.types import JobError, JobErrors, parse_id
from jobs.settings import JobsSettings


@strawberry.enum(
    description="A feed's format: XML (the format job aggregators read: <source> with one "
    "<job> per job, Indeed's) or JSON (schema.org JobPosting: one, an array, or an ItemList or "
    "@graph holding them)."
)
class FeedFormat(StrEnum):
    XML = "xml"
    JSON = "json"


@strawberry.enum(description="Where a run stands.")
class FeedRunStatus(StrEnum):
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


@strawberry.enum(description="What started a run: the schedule, or someone's runFeedSource.")
class FeedRunTrigger(StrEnum):
    SCHEDULE = "schedule"
    MANUAL = "manual"


@strawberry.enum(description="What a run's issue is about.")
class FeedIssueOutcome(StrEnum):
    REJECTED = "rejected"
    NOT_PUBLISHED = "not_published"


@strawberry.type(
    description="A job of a feed that a run refused (REJECTED: nothing of it was saved) or "
    "whose publication was refused (NOT_PUBLISHED: saved as a draft; no job slots left, or "
    "refused in review), with the reasons in the posting wizard's words."
)
class FeedRunIssue:
    position: int = strawberry.field(description="Where the job is in the feed (1 is the first).")
    reference: str | None = strawberry.field(
        description="The job's reference in the feed (referencenumber, identifier), if it had one."
    )
    title: str | None
    outcome: FeedIssueOutcome
    errors: list[JobError] = strawberry.field(
        description="Why, one per field at fault (the wizard's field names, camelCase)."
    )

    @classmethod
    def from_report(cls, issue: dict[str, Any]) -> FeedRunIssue:
        errors: Sequence[DomainError[JobErrorCode]] = [
            DomainError(
                code=JobErrorCode(error["code"])
                if error["code"] in JobErrorCode.__members__
                else JobErrorCode.INVALID,
                message=error["message"],
                field=error["field"],
            )
            for error in issue.get("errors", [])
        ]
        return cls(
            position=issue["position"],
            reference=issue.get("reference"),
            title=issue.get("title"),
            outcome=FeedIssueOutcome(issue["outcome"]),
            errors=field_errors(errors, JobError),
        )


@strawberry.type(
    description="One import of a feed source and its report. The counts cover every job of "
    "the feed: items = created + updated + unchanged + duplicate + rejected; closed counts the "
    "jobs the source kept that were no longer in the feed."
)
class FeedRun:
    id: strawberry.ID
    source_id: strawberry.ID
    trigger: FeedRunTrigger
    status: FeedRunStatus
    started_at: datetime
    finished_at: datetime | None
    items: int = strawberry.field(description="Jobs in the feed.")
    created: int = strawberry.field(description="New jobs (their publication asked for).")
    updated: int = strawberry.field(description="Jobs whose content or publication changed.")
    unchanged: int = strawberry.field(description="Jobs already as the feed has them: not saved.")
    duplicate: int = strawberry.field(
        description="Jobs with the same content as an open job of the organization made another "
        "way (by hand, the ATS API, another feed): listed once, left as they are."
    )
    rejected: int = strawberry.field(description="Jobs refused; see issues.")
    closed: int = strawberry.field(
        description="Jobs the source kept that left the feed: archived (unless another feed "
        "still lists them)."
    )
    error: str | None = strawberry.field(
        description="Why the run failed as a whole (the feed could not be fetched or read): "
        "nothing was changed then."
    )
    issues: list[FeedRunIssue] = strawberry.field(
        description="The refused jobs and the jobs not published, with the reasons (the first 200)."
    )

    @classmethod
    def from_model(cls, run: FeedRunModel) -> FeedRun:
        return cls(
            id=strawberry.ID(str(run.id)),
            source_id=strawberry.ID(str(run.source_id)),
            trigger=FeedRunTrigger(run.trigger),
            status=FeedRunStatus(run.status),
            started_at=run.started_at,
            finished_at=run.finished_at,
            items=run.items,
            created=run.created,
            updated=run.updated,
            unchanged=run.unchanged,
            duplicate=run.duplicate,
            rejected=run.rejected,
            closed=run.closed,
            error=run.error,
            issues=[FeedRunIssue.from_report(issue) for issue in run.issues or []],
        )


def _last_runs(info: Info[JobContext, None]) -> DataLoader[Any, FeedRun | None]:
    sessions = info.context.sessions

    async def load(source_ids: list[Any]) -> list[FeedRun | None]:
        async with sessions() as session:
            rows = await session.scalars(
                select(FeedRunModel)
                .where(FeedRunModel.source_id.in_(source_ids))
                .distinct(FeedRunModel.source_id)
                .order_by(FeedRunModel.source_id, FeedRunModel.started_at.desc())
            )
            found = {row.source_id: FeedRun.from_model(row) for row in rows}
        return [found.get(source_id) for source_id in source_ids]

    return info.context.loader("feed_last_run", lambda: DataLoader(load_fn=load))


@strawberry.type(
    description="A feed of an organization's jobs that the board imports on a schedule. Jobs "
    "are created, updated and closed to follow the feed; a job already on the board (same "
    "reference, or same title, locations and description) is not listed twice."
)
class FeedSource:
    id: strawberry.ID
    organization_id: strawberry.ID
    name: str
    url: str = strawberry.field(description="Where the feed is fetched from (https).")
    format: FeedFormat
    enabled: bool = strawberry.field(
        description="Imported on schedule (runFeedSource works either way)."
    )
    interval_minutes: int = strawberry.field(
        description="How often it is imported, in minutes (15 to 10080)."
    )
    created_at: datetime
    created_by_email: str | None = strawberry.field(
        description="Who added it (the jobs it creates are theirs)."
    )
    last_run_at: datetime | None
    next_run_at: datetime | None = strawberry.field(
        description="When it is imported next (null while disabled)."
    )

    @strawberry.field(description="The newest run's report, if it ran.")
    async def last_run(self, info: Info[JobContext, None]) -> FeedRun | None:
        return await _last_runs(info).load(parse_id(self.id))

    @classmethod
    def from_model(cls, source: FeedSourceModel) -> FeedSource:
        return cls(
            id=strawberry.ID(str(source.id)),
            organization_id=strawberry.ID(str(source.organization_id)),
            name=source.name,
            url=source.url,
            format=FeedFormat(source.format),
            enabled=source.enabled,
            interval_minutes=source.interval_minutes,
            created_at=source.created_at,
            created_by_email=source.created_by_email,
            last_run_at=source.last_run_at,
            next_run_at=source.next_run_at if source.enabled else None,
        )


@strawberry.type(description="The feed source as saved.")
class FeedSourceSaved:
    source: FeedSource


@strawberry.type(description="The feed source, its reports and its item mapping were deleted.")
class FeedSourceDeleted:
    id: strawberry.ID


@strawberry.type(description="The run's report (FAILED with its error when the feed could not "
                 "be fetched or read), and the source after it.")  # fmt: skip
class FeedSourceRan:
    run: FeedRun
    source: FeedSource


FeedSourceResult = Annotated[FeedSourceSaved | JobErrors, strawberry.union("FeedSourceResult")]
DeleteFeedSourceResult = Annotated[
    FeedSourceDeleted | JobErrors, strawberry.union("DeleteFeedSourceResult")
]
RunFeedSourceResult = Annotated[FeedSourceRan | JobErrors, strawberry.union("RunFeedSourceResult")]


def _settings(info: Info[JobContext, None]) -> JobsSettings:
    settings = info.context.settings
    assert isinstance(settings, JobsSettings)
    return settings


def _not_found(field: str) -> JobErrors:
    return JobErrors.from_domain(
        one_error(JobErrorCode.NOT_FOUND, feed_sources.NO_SUCH_SOURCE, field)
    )


async def feed_sources_of(
    info: Info[JobContext, None], organization_id: strawberry.ID
) -> list[FeedSource]:
    key = parse_id(organization_id)
    if key is None:
        return []
    found = await feed_sources.sources_of(
        sessions=info.context.sessions,
        principal=info.context.require_principal(),
        organization_id=key,
    )
    return [] if isinstance(found, DomainErrors) else [FeedSource.from_model(s) for s in found]


async def feed_runs_of(
    info: Info[JobContext, None], source_id: strawberry.ID, limit: int = 20
) -> list[FeedRun]:
    key = parse_id(source_id)
    if key is None:
        return []
    found = await feed_sources.runs_of(
        sessions=info.context.sessions,
        principal=info.context.require_principal(),
        source_id=key,
        limit=limit,
    )
    return [] if isinstance(found, DomainErrors) else [FeedRun.from_model(r) for r in found]


async def create_feed_source(
    info: Info[JobContext, None],
    organization_id: strawberry.ID,
    name: str,
    url: str,
    format: FeedFormat,
    interval_minutes: int = feed_sources.DEFAULT_INTERVAL,
    enabled: bool = True,
) -> FeedSourceResult:
    key = parse_id(organization_id)
    if key is None:
        return JobErrors.from_domain(
            one_error(JobErrorCode.NOT_FOUND, "This organization does not exist.", "organizationId")
        )
    made = await feed_sources.create_source(
        sessions=info.context.sessions,
        settings=_settings(info),
        principal=info.context.require_principal(),
        organization_id=key,
        name=name,
        url=url,
        format=format.value,
        interval_minutes=interval_minutes,
        enabled=enabled,
    )
    if isinstance(made, DomainErrors):
        return JobErrors.from_domain(made)
    return FeedSourceSaved(source=FeedSource.from_model(made))


async def update_feed_source(
    info: Info[JobContext, None],
    id: strawberry.ID,
    name: str | None = None,
    url: str | None = None,
    format: FeedFormat | None = None,
    interval_minutes: int | None = None,
    enabled: bool | None = None,
) -> FeedSourceResult:
    key = parse_id(id)
    if key is None:
        return _not_found("id")
    saved = await feed_sources.update_source(
        sessions=info.context.sessions,
        settings=_settings(info),
        principal=info.context.require_principal(),
        source_id=key,
        name=name,
        url=url,
        format=format.value if format is not None else None,
        interval_minutes=interval_minutes,
        enabled=enabled,
    )
    if isinstance(saved, DomainErrors):
        return JobErrors.from_domain(saved)
    return FeedSourceSaved(source=FeedSource.from_model(saved))


async def delete_feed_source(
    info: Info[JobContext, None], id: strawberry.ID
) -> DeleteFeedSourceResult:
    key = parse_id(id)
    if key is None:
        return _not_found("id")
    deleted = await feed_sources.delete_source(
        sessions=info.context.sessions, principal=info.context.require_principal(), source_id=key
    )
    if isinstance(deleted, DomainErrors):
        return JobErrors.from_domain(deleted)
    return FeedSourceDeleted(id=strawberry.ID(str(deleted)))


async def run_feed_source(info: Info[JobContext, None], id: strawberry.ID) -> RunFeedSourceResult:
    key = parse_id(id)
    if key is None:
        return _not_found("id")
    settings = _settings(info)
    fetcher = FeedFetcher(settings)
    try:
        run = await feed_runs.run_now(
            sessions=info.context.sessions,
            settings=settings,
            principal=info.context.require_principal(),
            source_id=key,
            fetch=fetcher.fetch,
        )
    finally:
        await fetcher.close()
    if isinstance(run, DomainErrors):
        return JobErrors.from_domain(run)
    async with info.context.sessions() as session:
        source = await session.get(FeedSourceModel, key)
    if source is None:
        return _not_found("id")
    return FeedSourceRan(run=FeedRun.from_model(run), source=FeedSource.from_model(source))
