"""Feed imports' sources (ADR 0041): an organization's job feeds, made, changed and deleted by
its recruiters and administrators: a name, an https address, a format (XML in the aggregators'
format or schema.org JSON), an interval (at least :data:`MIN_INTERVAL` minutes) and whether it
is enabled; and the reports of their runs (:mod:`jobs.domain.feed_runs`).

A source belongs to the organization: it keeps running when the person who made it leaves; the
jobs it creates are theirs (as the ATS API's are its key's maker's).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.domain.access import is_member
from jobs.domain.clock import now_utc
from jobs.domain.errors import JobError, JobErrorCode, JobErrors, one_error
from jobs.domain.feed_fetching import url_refusal
from jobs.domain.feed_parsing import FeedFormat
from jobs.domain.models import FeedRun, FeedSource, KnownOrganization
from jobs.domain.workflow import JobState
from jobs.settings import JobsSettings

Code = JobErrorCode

FORMATS: tuple[FeedFormat, ...] = ("xml", "json")
MIN_INTERVAL = 15  # minutes
DEFAULT_INTERVAL = 60
MAX_INTERVAL = 7 * 24 * 60
MAX_NAME = 100
MAX_URL = 2000
MAX_SOURCES = 20  # per organization
MAX_RUNS_ASKED = 100
# open jobs (not ended) are the ones a feed's job may be a duplicate of
CLOSED_STATES = frozenset({JobState.ARCHIVED, JobState.EXPIRED})
NOT_A_MEMBER = "Only recruiters of this organization and administrators manage its job feeds."
NO_SUCH_SOURCE = "This feed source does not exist."


# --- who manages sources ---------------------------------------------------------------------


async def _may_manage(
    session: AsyncSession, principal: Principal, organization_id: uuid.UUID
) -> bool:
    if principal.is_admin_like:
        return True
    return principal.is_recruiter and await is_member(session, principal, organization_id)


async def managed_source(
    session: AsyncSession, principal: Principal, source_id: uuid.UUID, *, lock: bool = False
) -> FeedSource | JobErrors:
    source = await session.get(FeedSource, source_id, with_for_update=lock)
    if source is None:
        return one_error(Code.NOT_FOUND, NO_SUCH_SOURCE, "id")
    if not await _may_manage(session, principal, source.organization_id):
        return one_error(Code.FORBIDDEN, NOT_A_MEMBER)
    return source


# --- sources ---------------------------------------------------------------------------------


def _name(value: str) -> str | JobError:
    name = " ".join(value.split())
    if not name:
        return JobError(Code.REQUIRED, "Give the feed a name.", "name")
    if len(name) > MAX_NAME:
        return JobError(Code.TOO_LONG, f"Keep the name under {MAX_NAME} characters.", "name")
    return name


def _interval(value: int) -> int | JobError:
    if value < MIN_INTERVAL:
        return JobError(
            Code.OUT_OF_RANGE,
            f"A feed is fetched at most every {MIN_INTERVAL} minutes.",
            "interval_minutes",
        )
    if value > MAX_INTERVAL:
        return JobError(
            Code.OUT_OF_RANGE,
            f"A feed is fetched at least once a week ({MAX_INTERVAL} minutes).",
            "interval_minutes",
        )
    return value


def _format(value: str) -> str | JobError:
    if value not in FORMATS:
        return JobError(Code.INVALID_CHOICE, "The formats are XML and JSON.", "format")
    return value


async def _url(value: str, settings: JobsSettings) -> str | JobError:
    url = value.strip()
    if not url:
        return JobError(Code.REQUIRED, "Give the feed's address.", "url")
    if len(url) > MAX_URL:
        return JobError(Code.TOO_LONG, f"An address has at most {MAX_URL} characters.", "url")
    refusal = await url_refusal(url, allow_private=settings.feeds_allow_private_targets)
    if refusal is not None:
        return JobError(Code.INVALID, refusal, "url")
    return url


@dataclass
class _Checked:
    values: dict[str, Any] = field(default_factory=dict)
    errors: list[JobError] = field(default_factory=list)

    def add(self, name: str, value: object) -> None:
        if isinstance(value, JobError):
            self.errors.append(value)
        else:
            self.values[name] = value


async def _checked(
    settings: JobsSettings,
    *,
    name: str | None,
    url: str | None,
    format: str | None,
    interval_minutes: int | None,
) -> _Checked:
    checked = _Checked()
    if name is not None:
        checked.add("name", _name(name))
    if url is not None:
        checked.add("url", await _url(url, settings))
    if format is not None:
        checked.add("format", _format(format))
    if interval_minutes is not None:
        checked.add("interval_minutes", _interval(interval_minutes))
    return checked


async def create_source(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    organization_id: uuid.UUID,
    name: str,
    url: str,
    format: str,
    interval_minutes: int = DEFAULT_INTERVAL,
    enabled: bool = True,
    now: datetime | None = None,
) -> FeedSource | JobErrors:
    """A new source of the organization; enabled, its first run comes at once (the importer's
    next look)."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        if not await _may_manage(session, principal, organization_id):
            return one_error(Code.FORBIDDEN, NOT_A_MEMBER)
        checked = await _checked(
            settings, name=name, url=url, format=format, interval_minutes=interval_minutes
        )
        if checked.errors:
            return JobErrors(checked.errors)
        if await session.get(KnownOrganization, organization_id) is None:
            return one_error(Code.NOT_FOUND, "This organization does not exist.", "organizationId")
        count = await session.scalar(
            select(func.count())
            .select_from(FeedSource)
            .where(FeedSource.organization_id == organization_id)
        )
        if int(count or 0) >= MAX_SOURCES:
            return one_error(
                Code.OUT_OF_RANGE,
                f"An organization has at most {MAX_SOURCES} feeds; delete one first.",
                "url",
            )
        source = FeedSource(
            id=uuid.uuid4(),
            organization_id=organization_id,
            enabled=enabled,
            created_by=uuid.UUID(principal.user_id),
            created_by_email=principal.email,
            next_run_at=now,
            **checked.values,
        )
        session.add(source)
        await session.flush()
        await session.refresh(source)
        return source


async def update_source(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    source_id: uuid.UUID,
    name: str | None = None,
    url: str | None = None,
    format: str | None = None,
    interval_minutes: int | None = None,
    enabled: bool | None = None,
    now: datetime | None = None,
) -> FeedSource | JobErrors:
    """Change what is given. A new address or format, or enabling the source again, brings its
    next run forward to now; a new interval counts from the last run."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        source = await managed_source(session, principal, source_id, lock=True)
        if isinstance(source, JobErrors):
            return source
        checked = await _checked(
            settings, name=name, url=url, format=format, interval_minutes=interval_minutes
        )
        if checked.errors:
            return JobErrors(checked.errors)
        soon = (url is not None and checked.values["url"] != source.url) or (
            format is not None and checked.values["format"] != source.format
        )
        for key, value in checked.values.items():
            setattr(source, key, value)
        if interval_minutes is not None:
            source.next_run_at = (source.last_run_at or now) + timedelta(
                minutes=source.interval_minutes
            )
        if enabled is not None:
            soon = soon or (enabled and not source.enabled)
            source.enabled = enabled
        if soon:
            source.next_run_at = now
        await session.flush()
        return source


async def delete_source(
    *, sessions: async_sessionmaker[AsyncSession], principal: Principal, source_id: uuid.UUID
) -> uuid.UUID | JobErrors:
    """The source, its reports and which jobs its items became go; the jobs stay as they are."""
    async with unit_of_work(sessions) as session:
        source = await managed_source(session, principal, source_id, lock=True)
        if isinstance(source, JobErrors):
            return source
        await session.delete(source)
        return source_id


async def sources_of(
    *,
    sessions: async_sessionmaker[AsyncSession],
    principal: Principal,
    organization_id: uuid.UUID,
) -> list[FeedSource] | JobErrors:
    """The organization's sources, oldest first."""
    async with sessions() as session:
        if not await _may_manage(session, principal, organization_id):
            return one_error(Code.FORBIDDEN, NOT_A_MEMBER)
        rows = await session.scalars(
            select(FeedSource)
            .where(FeedSource.organization_id == organization_id)
            .order_by(FeedSource.created_at, FeedSource.id)
        )
        return list(rows)


async def runs_of(
    *,
    sessions: async_sessionmaker[AsyncSession],
    principal: Principal,
    source_id: uuid.UUID,
    limit: int,
) -> list[FeedRun] | JobErrors:
    """The source's runs, newest first."""
    async with sessions() as session:
        source = await managed_source(session, principal, source_id)
        if isinstance(source, JobErrors):
            return source
        rows = await session.scalars(
            select(FeedRun)
            .where(FeedRun.source_id == source_id)
            .order_by(FeedRun.started_at.desc(), FeedRun.id)
            .limit(max(1, min(limit, MAX_RUNS_ASKED)))
        )
        return list(rows)
