"""Feed imports' runs (ADR 0041): importing a feed source's jobs, with the jobs created,
updated and closed to follow the feed, and the same job from two ways listed once.

**A run** (:func:`run_source`) claims the source (one run of a source at a time), downloads the
feed, reads it, then puts each job through the ATS API's path (:func:`jobs.domain.ats.
put_content`: the wizard's checks, sanitizing, workflow and slot saga), up to
:data:`CHUNK` jobs in a transaction, so a large feed holds its locks for one chunk at a time
(ADR 0042). One refused job never stops the others: a chunk's new jobs are checked before
anything of theirs is written, then written together (a refused one taken back out), and a job
it updates is put in a savepoint of its own (ADR 0062). For each job of the feed, by its
reference:

1. the source already maps the reference to a job: that job is updated (an unchanged job is
   not written: no event);
2. a job of the organization has this reference (from the ATS API or another feed): the source
   maps it and updates it;
3. an open job of the organization has the same content fingerprint (by hand, the ATS API,
   another feed or this one under another reference): the source maps it as a **duplicate** and
   leaves it as its maker keeps it (no second job);
4. otherwise a new job is created and its publication asked for.

A job the source maps (by 1 or 2) that is a DRAFT never submitted, or refused for want of job
slots, is asked for its publication again; one that left the feed and came back (archived or
expired) too. A job refused in review stays a draft until its recruiters change it. The jobs the
source keeps (created, or taken by reference) that are no longer in the feed are closed (the
ATS API's close), unless another feed item still maps them. A feed that cannot be fetched or
read changes nothing. Every run leaves a :class:`~jobs.domain.models.FeedRun` with its counts
and the refused jobs with the wizard's reasons.
"""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from jobkit.auth import Principal
from jobkit.db import any_of, unit_of_work
from jobkit.errors import DomainError
from jobkit.html import sanitize_for
from jobkit.outbox import GatheredEvents, gathered_events
from sqlalchemy import String, Uuid, delete, func, inspect, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.db import outbox, terms
from jobs.domain import ats
from jobs.domain.access import actor_of
from jobs.domain.batch_reads import batch_reads, read_terms
from jobs.domain.clock import now_utc
from jobs.domain.editing import term_ids
from jobs.domain.errors import JobError, JobErrorCode, JobErrors, one_error
from jobs.domain.feed_fetching import FeedFetchFailed
from jobs.domain.feed_parsing import FeedEntry, FeedFormat, FeedUnreadable, parse_feed
from jobs.domain.feed_sources import CLOSED_STATES, NO_SUCH_SOURCE, managed_source
from jobs.domain.fingerprint import content_fingerprint, fingerprint_of
from jobs.domain.models import FeedItem, FeedRun, FeedSource, Job, KnownOrganization
from jobs.domain.publishing import close_job
from jobs.domain.slots import NO_SLOTS_LEFT
from jobs.domain.slugs import lock_slugs_for
from jobs.domain.workflow import JobState
from jobs.settings import JobsSettings

Code = JobErrorCode

MAX_ISSUES = 200  # refused jobs kept in a run's report
CHUNK = 100  # feed jobs a transaction puts
MAX_RUNS_KEPT = 100  # per source, newest
# a run still "running" after this long was interrupted (its replica stopped): it fails, and the
# source may run again
RUN_STALE = timedelta(hours=1)
ALREADY_RUNNING = "This feed is being imported right now; its report follows shortly."
# how feeds name employment types that the vocabulary names otherwise
TYPE_ALIASES = {"intern": "internship", "contractor": "contract", "temp": "temporary"}


class Role(StrEnum):
    """How a feed item came to map its job."""

    CREATED = "created"  # the source made it: updates and closes it
    REFERENCE = "reference"  # a job with the item's reference: updates and closes it
    DUPLICATE = "duplicate"  # the same content made another way: left as it is


class Outcome(StrEnum):
    CREATED = "created"
    UPDATED = "updated"
    UNCHANGED = "unchanged"
    DUPLICATE = "duplicate"
    REJECTED = "rejected"


KEPT_ROLES = (Role.CREATED, Role.REFERENCE)  # the jobs a source keeps (updates and closes)


# --- runs ------------------------------------------------------------------------------------


Fetch = Callable[[str], Awaitable[bytes]]


@dataclass(frozen=True)
class _Source:
    """What a run needs of its source, read when it was claimed."""

    id: uuid.UUID
    organization_id: uuid.UUID
    url: str
    format: FeedFormat
    principal: Principal


@dataclass
class _Report:
    counts: dict[Outcome, int] = field(default_factory=lambda: dict.fromkeys(Outcome, 0))
    closed: int = 0
    issues: list[dict[str, Any]] = field(default_factory=list)

    def issue(
        self,
        entry: FeedEntry,
        reference: str | None,
        outcome: str,
        errors: Sequence[DomainError[JobErrorCode]],
    ) -> None:
        if len(self.issues) >= MAX_ISSUES:
            return
        self.issues.append(
            {
                "position": entry.position,
                "reference": reference,
                "title": (entry.title or "")[:255] or None,
                "outcome": outcome,
                "errors": [
                    {"field": error.field, "code": str(error.code), "message": error.message}
                    for error in errors
                ],
            }
        )


def run_principal(source: FeedSource) -> Principal:
    """Whom a run acts as: the person who made the source, as a recruiter (no administrator's
    HTML allow-list for content from outside), for the organization the source belongs to."""
    return Principal(
        user_id=str(source.created_by),
        roles=frozenset({"recruiter"}),
        email=source.created_by_email,
        email_verified=True,
    )


async def run_now(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    source_id: uuid.UUID,
    fetch: Fetch,
) -> FeedRun | JobErrors:
    """A run asked for by the source's managers (disabled sources too), answered with its
    report once it is done."""
    async with sessions() as session:
        source = await managed_source(session, principal, source_id)
        if isinstance(source, JobErrors):
            return source
    return await run_source(
        sessions=sessions, settings=settings, source_id=source_id, fetch=fetch, trigger="manual"
    )


async def due_sources(
    sessions: async_sessionmaker[AsyncSession], now: datetime, limit: int = 100
) -> list[uuid.UUID]:
    async with sessions() as session:
        rows = await session.scalars(
            select(FeedSource.id)
            .where(FeedSource.enabled.is_(True), FeedSource.next_run_at <= now)
            .order_by(FeedSource.next_run_at, FeedSource.id)
            .limit(limit)
        )
        return list(rows)


async def next_due_at(sessions: async_sessionmaker[AsyncSession]) -> datetime | None:
    async with sessions() as session:
        found: datetime | None = await session.scalar(
            select(func.min(FeedSource.next_run_at)).where(FeedSource.enabled.is_(True))
        )
        return found


async def _claim(
    sessions: async_sessionmaker[AsyncSession],
    source_id: uuid.UUID,
    trigger: str,
    now: datetime,
    *,
    due_only: bool,
) -> tuple[FeedRun, _Source] | JobErrors | None:
    """A new running run of the source and its next run's time; None when a scheduled run
    finds the source no longer due (another replica or a manual run took it)."""
    try:
        async with unit_of_work(sessions) as session:
            source = await session.get(FeedSource, source_id, with_for_update=True)
            if source is None:
                return one_error(Code.NOT_FOUND, NO_SUCH_SOURCE, "id")
            if due_only and (not source.enabled or source.next_run_at > now):
                return None
            await session.execute(
                update(FeedRun)
                .where(
                    FeedRun.source_id == source_id,
                    FeedRun.status == "running",
                    FeedRun.started_at < now - RUN_STALE,
                )
                .values(status="failed", finished_at=now, error="The run was interrupted.")
            )
            running = await session.scalar(
                select(FeedRun.id).where(
                    FeedRun.source_id == source_id, FeedRun.status == "running"
                )
            )
            if running is not None:
                return one_error(Code.INVALID, ALREADY_RUNNING, "id")
            run = FeedRun(
                id=uuid.uuid4(),
                source_id=source_id,
                trigger=trigger,
                status="running",
                started_at=now,
                issues=[],
            )
            session.add(run)
            source.last_run_at = now
            source.next_run_at = now + timedelta(minutes=source.interval_minutes)
            fmt: FeedFormat = "json" if source.format == "json" else "xml"
            claimed = _Source(
                id=source.id,
                organization_id=source.organization_id,
                url=source.url,
                format=fmt,
                principal=run_principal(source),
            )
            await session.flush()
            return run, claimed
    except IntegrityError:  # a run of the source started at this moment elsewhere
        return one_error(Code.INVALID, ALREADY_RUNNING, "id")


async def run_source(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    source_id: uuid.UUID,
    fetch: Fetch,
    trigger: str = "schedule",
    clock: Callable[[], datetime] = now_utc,
    savepoints: bool = False,
) -> FeedRun | JobErrors:
    """One import of the source (see the module); its report. Refused as data when the source
    does not exist, is being imported already, or (a scheduled run) is no longer due.
    ``savepoints``: every job of a chunk in a savepoint of its own, as before ADR 0062 (what a
    chunk falls back to when its writes break a constraint; tests and benches)."""
    claimed = await _claim(sessions, source_id, trigger, clock(), due_only=trigger == "schedule")
    if claimed is None:
        return one_error(Code.INVALID, "This feed is not due.", "id")
    if isinstance(claimed, JobErrors):
        return claimed
    run, source = claimed
    report = _Report()
    try:
        return await _run(sessions, settings, run, source, report, fetch, clock, savepoints)
    except Exception:
        # a bug or the database: the report says so (the log has the details), the next run
        # tries again
        await _finish(
            sessions,
            run.id,
            report,
            error="The import stopped on an unexpected error; the next run tries again.",
            clock=clock,
        )
        raise


async def _run(
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    run: FeedRun,
    source: _Source,
    report: _Report,
    fetch: Fetch,
    clock: Callable[[], datetime],
    savepoints: bool,
) -> FeedRun | JobErrors:
    try:
        content = await fetch(source.url)
        # a large feed takes a while to read: off the event loop
        entries = await asyncio.to_thread(
            parse_feed, content, source.format, max_items=settings.feed_max_items
        )
    except (FeedFetchFailed, FeedUnreadable) as error:
        return await _finish(sessions, run.id, report, error=str(error), clock=clock)
    await _fill_in_fingerprints(sessions, source.organization_id)
    vocabulary = await _vocabulary(sessions)
    listed: set[str] = set()
    for start in range(0, len(entries), CHUNK):
        items = [
            _prepared(source, entry, vocabulary, listed) for entry in entries[start : start + CHUNK]
        ]
        gone = await _import(sessions, settings, source, items, clock, savepoints=savepoints)
        if gone:
            return await _finish(
                sessions, run.id, report, error="The source was deleted.", clock=clock
            )
        for item in items:  # the report in the feed's order
            item.report_to(report)
    report.closed = await _close_the_missing(sessions, settings, source, listed)
    return await _finish(sessions, run.id, report, error=None, clock=clock)


async def _finish(
    sessions: async_sessionmaker[AsyncSession],
    run_id: uuid.UUID,
    report: _Report,
    *,
    error: str | None,
    clock: Callable[[], datetime],
) -> FeedRun | JobErrors:
    async with unit_of_work(sessions) as session:
        run = await session.get(FeedRun, run_id, with_for_update=True)
        if run is None:  # the source was deleted meanwhile
            return one_error(Code.NOT_FOUND, NO_SUCH_SOURCE, "id")
        counts = report.counts
        run.status = "failed" if error else "succeeded"
        run.error = error[:1000] if error else None
        run.finished_at = clock()
        run.items = sum(counts.values())
        run.created = counts[Outcome.CREATED]
        run.updated = counts[Outcome.UPDATED]
        run.unchanged = counts[Outcome.UNCHANGED]
        run.duplicate = counts[Outcome.DUPLICATE]
        run.rejected = counts[Outcome.REJECTED]
        run.closed = report.closed
        run.issues = report.issues
        # the source keeps its newest reports
        kept = (
            select(FeedRun.id)
            .where(FeedRun.source_id == run.source_id)
            .order_by(FeedRun.started_at.desc(), FeedRun.id)
            .limit(MAX_RUNS_KEPT)
        )
        await session.execute(
            delete(FeedRun).where(
                FeedRun.source_id == run.source_id,
                FeedRun.status != "running",
                FeedRun.id.not_in(kept.scalar_subquery()),
            )
        )
        await session.flush()
        await session.refresh(run)
        return run


def _key(label: str) -> str:
    key = re.sub(r"[^a-z]", "", label.lower())
    return TYPE_ALIASES.get(key, key)


async def _vocabulary(sessions: async_sessionmaker[AsyncSession]) -> dict[str, dict[str, int]]:
    """Employment types and remote options by their labels' letters (``fulltime``)."""
    async with sessions() as session:
        rows = await session.execute(
            select(terms.c.vocabulary, terms.c.label, terms.c.tid).where(
                terms.c.vocabulary.in_(["employment_types", "remote_options"])
            )
        )
        found: dict[str, dict[str, int]] = {"employment_types": {}, "remote_options": {}}
        for vocabulary, label, tid in rows:
            found[vocabulary].setdefault(_key(label), tid)
        return found


def _fields(entry: FeedEntry, vocabulary: dict[str, dict[str, int]]) -> dict[str, Any]:
    """The entry's AtsJob fields with its employment types and remote work as the site's terms
    (a type the vocabulary does not have is left out)."""
    types = vocabulary["employment_types"]
    tids = [types[_key(name)] for name in entry.employment_types if _key(name) in types]
    remote = vocabulary["remote_options"].get("remote")
    return entry.fields | {
        "employment_type_tids": list(dict.fromkeys(tids)),
        "remote_option_tids": [remote] if entry.remote and remote is not None else [],
    }


def _fingerprint(body: ats.AtsJob, organization_id: uuid.UUID) -> str:
    """The fingerprint the job will have once saved (its description as sanitized)."""
    return content_fingerprint(
        title=body.title,
        organization_id=organization_id,
        addresses=[location.address.model_dump() for location in body.locations],
        description=sanitize_for(body.description or "", full=False),
    )


async def _fill_in_fingerprints(
    sessions: async_sessionmaker[AsyncSession], organization_id: uuid.UUID
) -> None:
    """The organization's open jobs saved before fingerprints existed get theirs (the lazy
    backfill: a derived column, no new version, no event)."""
    async with unit_of_work(sessions) as session:
        jobs = await session.scalars(
            select(Job)
            .where(
                Job.organization_id == organization_id,
                Job.content_fingerprint.is_(None),
                Job.state.not_in(sorted(CLOSED_STATES)),
            )
            .with_for_update(skip_locked=True)
        )
        for job in jobs:
            job.content_fingerprint = fingerprint_of(job)


def _rejected(
    report: _Report,
    entry: FeedEntry,
    reference: str | None,
    errors: Sequence[DomainError[JobErrorCode]],
) -> None:
    report.counts[Outcome.REJECTED] += 1
    report.issue(entry, reference, Outcome.REJECTED, errors)


def _asks_again(job: Job, *, returned: bool) -> bool:
    """Whether the import asks for the publication of a job it keeps: a draft never submitted
    or refused for want of slots, and a job that came back to the feed after it ended."""
    if job.state == JobState.DRAFT:
        return job.submitted_at is None or (job.refusal or {}).get("reason") == NO_SLOTS_LEFT
    return returned and job.state in CLOSED_STATES


@dataclass
class _Item:
    """One job of the feed on its way through a chunk: what it became, or why it was refused."""

    entry: FeedEntry
    reference: str | None = None
    body: ats.AtsJob | None = None
    fingerprint: str = ""
    outcome: Outcome | None = None
    refusal: JobError | None = None
    errors: Sequence[DomainError[JobErrorCode]] = ()

    def reject(self, errors: Sequence[DomainError[JobErrorCode]]) -> None:
        self.body, self.errors = None, errors

    def state(self) -> tuple[Any, ...]:
        """What a chunk's try changes of the item (put back when the try is undone)."""
        return (self.body, self.outcome, self.refusal, self.errors)

    def restore(self, saved: tuple[Any, ...]) -> None:
        self.body, self.outcome, self.refusal, self.errors = saved

    def report_to(self, report: _Report) -> None:
        if self.outcome is None:
            _rejected(report, self.entry, self.reference, self.errors)
            return
        report.counts[self.outcome] += 1
        if self.refusal is not None:
            report.issue(self.entry, self.reference, "not_published", [self.refusal])


def _prepared(
    source: _Source, entry: FeedEntry, vocabulary: dict[str, dict[str, int]], listed: set[str]
) -> _Item:
    """The checks of a feed job that need no database: its reference (once in the feed) and
    the ATS API's parsing of its fields."""
    item = _Item(entry=entry)
    if entry.problems:
        item.reject(
            [JobError(Code.REQUIRED, problem, "external_reference") for problem in entry.problems]
        )
        return item
    reference = ats.reference_of(entry.reference or "")
    if isinstance(reference, JobErrors):
        item.reference = entry.reference
        item.reject(reference.errors)
        return item
    item.reference = reference
    if reference in listed:
        item.reject(
            [JobError(Code.INVALID, "This reference is already in the feed.", "external_reference")]
        )
        return item
    listed.add(reference)
    body = ats.parse_job(_fields(entry, vocabulary))
    if isinstance(body, JobErrors):
        item.reject(body.errors)
        return item
    item.body = body
    item.fingerprint = _fingerprint(body, source.organization_id)
    return item


async def _import(
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    source: _Source,
    items: Sequence[_Item],
    clock: Callable[[], datetime],
    *,
    savepoints: bool = False,
) -> bool:
    """A chunk of the feed's jobs in one transaction; True when the source is gone. What its
    items map to is read once for the chunk, its new jobs are checked before anything of theirs
    is written and written together (as an ATS batch's, ADR 0063; ADR 0062), a refused one
    taken back out; a job it updates is put in a savepoint (a refused one rolls back alone).
    When the chunk's writes break a constraint (the ATS API or another import saved a job with
    one of its references at the same moment), the chunk is put again with every job in its own
    savepoint (``savepoints=True``: how every chunk went before), which answers that job alone."""
    todo = [item for item in items if item.body is not None]
    if not todo:
        return False
    if not savepoints:
        before = [item.state() for item in todo]
        try:
            return await _import_chunk(sessions, settings, source, todo, clock, together=True)
        except IntegrityError:
            for item, state in zip(todo, before, strict=True):
                item.restore(state)
    return await _import_chunk(sessions, settings, source, todo, clock, together=False)


async def _import_chunk(
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    source: _Source,
    todo: Sequence[_Item],
    clock: Callable[[], datetime],
    *,
    together: bool,
) -> bool:
    now = clock()
    async with unit_of_work(sessions) as session, gathered_events(session, outbox) as events:
        if await session.get(FeedSource, source.id, with_for_update={"read": True}) is None:
            return True
        # kept for the chunk (the session holds it weakly; each new job reads it)
        organization = await session.get(KnownOrganization, source.organization_id)  # noqa: F841
        await lock_slugs_for(
            session, site=settings.site, titles=[item.body.title for item in todo if item.body]
        )
        await read_terms(session, [tid for item in todo for tid in term_ids(item.body)])
        chunk = await _ChunkReads.read(session, source, todo) if together else None
        for item in todo:
            assert item.body is not None
            assert item.reference is not None
            planned = chunk.plan(item.reference, item.fingerprint) if chunk is not None else None
            if planned is not None and planned.role != Role.DUPLICATE and planned.job is None:
                assert chunk is not None
                await _put_new(session, settings, events, source, item, planned, chunk, now)
                continue
            if planned is not None and planned.role == Role.DUPLICATE:
                assert planned.job is not None
                await _map(
                    session, source.id, item.reference, planned.job.id, planned.role,
                    item.fingerprint, now, planned.item,
                )  # fmt: skip
                item.outcome, item.refusal = Outcome.DUPLICATE, None
                continue
            if chunk is not None:
                # the new jobs so far are written before the savepoint (outside it: a
                # constraint they break puts the chunk again, each job on its own)
                await session.flush()
            try:
                with events.dropped_on_error():
                    async with session.begin_nested():
                        if planned is not None:
                            put = await _put_mapped(
                                session, settings, source, item.reference, item.body,
                                item.fingerprint, now, planned,
                            )  # fmt: skip
                        else:
                            put = await _apply(
                                session,
                                settings,
                                source,
                                item.reference,
                                item.body,
                                item.fingerprint,
                                now,
                            )
                        await session.flush()
                item.outcome, item.refusal = put.outcome, put.refusal
                if chunk is not None:
                    chunk.saved(put.job)
            except ats.Refused as refused:
                batch_reads(session).savepoint_rolled_back()
                item.reject(refused.errors.errors)
                if chunk is not None:
                    await chunk.rolled_back(session)
            except IntegrityError:  # the same reference saved elsewhere at this moment
                batch_reads(session).savepoint_rolled_back()
                item.reject(
                    [
                        JobError(
                            Code.INVALID,
                            "Another import or the ATS API saved this job at the same moment; "
                            "the next run takes it.",
                            "external_reference",
                        )
                    ]
                )
                if chunk is not None:
                    await chunk.rolled_back(session)
        # the chunk's new jobs, their slugs and its items written together
        await session.flush()
    return False


@dataclass(frozen=True)
class _Planned:
    """What a feed item maps to: its item row (None: the first time), the job (None: a new
    one), how, and whether the item is new to the source (a job that came back)."""

    item: FeedItem | None
    job: Job | None
    role: Role
    returned: bool


@dataclass(frozen=True)
class _Put:
    outcome: Outcome
    refusal: JobError | None
    job: Job


@dataclass
class _ChunkReads:
    """What a chunk's items map to, read once for the chunk and kept up to date as it goes: the
    source's items of the chunk's references, and every job one of them could map to (by its
    item, its reference or its content), locked; :meth:`plan` answers from them what
    :func:`_apply` reads, including the jobs the chunk made or changed so far."""

    organization_id: uuid.UUID
    items: dict[str, FeedItem]
    jobs: dict[uuid.UUID, Job]

    @classmethod
    async def read(
        cls, session: AsyncSession, source: _Source, todo: Sequence[_Item]
    ) -> _ChunkReads:
        references = [item.reference for item in todo if item.reference is not None]
        fingerprints = sorted({item.fingerprint for item in todo})
        items = {
            row.reference: row
            for row in await session.scalars(
                select(FeedItem)
                .where(
                    FeedItem.source_id == source.id,
                    FeedItem.reference == any_of(references, String()),
                )
                .order_by(FeedItem.reference)
                .with_for_update()
            )
        }
        mapped = sorted({item.job_id for item in items.values()})
        of_organization = Job.organization_id == source.organization_id
        jobs = {
            job.id: job
            for job in await session.scalars(
                select(Job)
                .where(
                    (Job.id == any_of(mapped, Uuid()))
                    | (of_organization & (Job.external_reference == any_of(references, String())))
                    | (
                        of_organization
                        & (Job.content_fingerprint == any_of(fingerprints, String()))
                        & Job.state.not_in(sorted(CLOSED_STATES))
                    )
                )
                .order_by(Job.id)
                .with_for_update()
            )
        }
        return cls(organization_id=source.organization_id, items=items, jobs=jobs)

    def plan(self, reference: str, fingerprint: str) -> _Planned | None:
        """:func:`_apply`'s choice for the item, from what the chunk read and did; None when
        the item's duplicate mapping must go first (its job ended or changed): one by one."""
        item = self.items.get(reference)
        job: Job | None = None
        role: Role | None = None
        if item is not None:
            job = self.jobs.get(item.job_id)
            role = Role(item.role)
            if role == Role.DUPLICATE and _duplicate_gone(job, fingerprint):
                return None
        if job is None:
            job = next(
                (
                    found
                    for found in self.jobs.values()
                    if found.organization_id == self.organization_id
                    and found.external_reference == reference
                ),
                None,
            )
            role = Role.REFERENCE if job is not None else None
        if job is None:
            same = [
                found
                for found in self.jobs.values()
                if found.organization_id == self.organization_id
                and found.content_fingerprint == fingerprint
                and found.state not in CLOSED_STATES
            ]
            job = min(same, key=lambda found: (found.created_at, found.id), default=None)
            role = Role.DUPLICATE if job is not None else Role.CREATED
        assert role is not None
        return _Planned(item=item, job=job, role=role, returned=item is None)

    def saved(self, job: Job) -> None:
        """A job the chunk made or changed: later items may map to it."""
        self.jobs[job.id] = job

    async def rolled_back(self, session: AsyncSession) -> None:
        """A savepoint rolled back: what it changed is read again (the session expired it)."""
        for job in list(self.jobs.values()):
            state = inspect(job)
            if state.expired_attributes and not state.detached:
                await session.refresh(job)


async def _put_new(
    session: AsyncSession,
    settings: JobsSettings,
    events: GatheredEvents,
    source: _Source,
    item: _Item,
    planned: _Planned,
    chunk: _ChunkReads,
    now: datetime,
) -> None:
    """A new job of the chunk, without a savepoint: checked, then left to the chunk's flush
    (``ats.put_new``); refused, taken back out."""
    assert item.body is not None
    assert item.reference is not None
    put = await ats.put_new(
        session,
        settings,
        events,
        source.principal,
        source.organization_id,
        item.reference,
        item.body.model_copy(update={"publish": True}),
        now,
    )
    if isinstance(put, JobErrors):
        item.reject(put.errors)
        return
    chunk.saved(put.job)
    await _map(
        session, source.id, item.reference, put.job.id, Role.CREATED, item.fingerprint, now,
        planned.item,
    )  # fmt: skip
    item.outcome, item.refusal = Outcome.CREATED, _not_published(put.job, None)


async def _apply(
    session: AsyncSession,
    settings: JobsSettings,
    source: _Source,
    reference: str,
    body: ats.AtsJob,
    fingerprint: str,
    now: datetime,
) -> _Put:
    """The job's outcome, and why it is not published when it was refused (slots, review)."""
    item = await session.get(FeedItem, (source.id, reference), with_for_update=True)
    job: Job | None = None
    role: Role | None = None
    if item is not None:
        job = await session.get(Job, item.job_id, with_for_update=True)
        role = Role(item.role)
        if role == Role.DUPLICATE and _duplicate_gone(job, fingerprint):
            # the job it duplicated ended, or one of them changed: this item is a job of its own
            # now (or a duplicate of another)
            await session.delete(item)
            await session.flush()
            item, job, role = None, None, None
    returned = item is None
    if job is None:
        job = await session.scalar(
            select(Job)
            .where(
                Job.organization_id == source.organization_id, Job.external_reference == reference
            )
            .with_for_update()
        )
        role = Role.REFERENCE if job is not None else None
    if job is None:
        job = await session.scalar(
            select(Job)
            .where(
                Job.organization_id == source.organization_id,
                Job.content_fingerprint == fingerprint,
                Job.state.not_in(sorted(CLOSED_STATES)),
            )
            .order_by(Job.created_at, Job.id)
            .limit(1)
            .with_for_update()
        )
        role = Role.DUPLICATE if job is not None else Role.CREATED
    assert role is not None
    planned = _Planned(item=item, job=job, role=role, returned=returned)
    return await _put_mapped(session, settings, source, reference, body, fingerprint, now, planned)


def _duplicate_gone(job: Job | None, fingerprint: str) -> bool:
    """Whether the job an item duplicated is gone for it: deleted, ended, or changed."""
    return job is None or job.state in CLOSED_STATES or job.content_fingerprint != fingerprint


async def _put_mapped(
    session: AsyncSession,
    settings: JobsSettings,
    source: _Source,
    reference: str,
    body: ats.AtsJob,
    fingerprint: str,
    now: datetime,
    planned: _Planned,
) -> _Put:
    """The item put as planned: a duplicate mapped, else its job created or updated (its
    publication asked for when :func:`_asks_again`) and mapped."""
    job, role, item = planned.job, planned.role, planned.item
    if role == Role.DUPLICATE:
        assert job is not None
        await _map(session, source.id, reference, job.id, role, fingerprint, now, item)
        return _Put(Outcome.DUPLICATE, None, job)
    refused_before = job.refusal if job is not None and job.state == JobState.DRAFT else None
    publish = job is None or _asks_again(job, returned=planned.returned)
    result = await ats.put_content(
        session,
        settings,
        principal=source.principal,
        organization_id=source.organization_id,
        reference=reference,
        job=job,
        body=body.model_copy(update={"publish": publish}),
        now=now,
        refresh=False,
    )
    await _map(session, source.id, reference, result.job.id, role, fingerprint, now, item)
    outcome = (
        Outcome.CREATED
        if result.created
        else Outcome.UPDATED
        if result.changed
        else Outcome.UNCHANGED
    )
    return _Put(outcome, _not_published(result.job, refused_before), result.job)


def _not_published(job: Job, refused_before: dict[str, Any] | None) -> JobError | None:
    """Why the job is not on its way to publication: the last refusal (no slots left: asked
    again in this run; refused in review: until its recruiters change it)."""
    refusal = job.refusal if job.state == JobState.DRAFT else refused_before
    if not refusal:
        return None
    message = str(refusal.get("message") or "The publication was refused.")
    if job.state != JobState.DRAFT:
        message += " The publication was asked for again."
    return JobError(Code.INVALID_TRANSITION, message, "state")


async def _map(
    session: AsyncSession,
    source_id: uuid.UUID,
    reference: str,
    job_id: uuid.UUID,
    role: Role,
    fingerprint: str,
    now: datetime,
    item: FeedItem | None,
) -> None:
    if item is None:
        session.add(
            FeedItem(
                source_id=source_id,
                reference=reference,
                job_id=job_id,
                role=role.value,
                fingerprint=fingerprint,
                first_seen_at=now,
                last_seen_at=now,
            )
        )
        return
    item.job_id = job_id
    item.fingerprint = fingerprint
    item.last_seen_at = now


async def _close_the_missing(
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    source: _Source,
    listed: set[str],
) -> int:
    """The source's items no longer in the feed go; the jobs it kept are closed unless a feed
    item still maps them (another source lists them). How many jobs were closed."""
    async with unit_of_work(sessions) as session:
        query = select(FeedItem).where(FeedItem.source_id == source.id)
        if listed:
            query = query.where(FeedItem.reference.not_in(sorted(listed)))
        gone = list(await session.scalars(query.with_for_update()))
        kept = sorted({item.job_id for item in gone if item.role in KEPT_ROLES})
        for item in gone:
            await session.delete(item)
        await session.flush()
        still_listed = set(
            await session.scalars(select(FeedItem.job_id).where(FeedItem.job_id.in_(kept)))
        )
        closed = 0
        for job_id in kept:
            if job_id in still_listed:
                continue
            job = await session.get(Job, job_id, with_for_update=True)
            if job is None or job.state in CLOSED_STATES:
                continue
            if await close_job(session, settings, job, actor_of(source.principal)) is None:
                closed += 1
        return closed
