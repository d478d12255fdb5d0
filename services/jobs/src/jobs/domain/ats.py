"""The ATS API's use cases (ADR 0039): an organization's applicant tracking system puts its jobs
by its own reference, closes them and lists them. They are the wizard's use cases with another
caller: the same form groups and checks (:mod:`jobs.domain.groups`,
:func:`jobs.domain.editing.apply_groups`), the same sanitizing, the same workflow and slot saga
(:func:`jobs.domain.publishing.request_publication`); what differs is that one request carries
the whole job and is one transaction (one event), and that the job is found by its reference.
"""

from __future__ import annotations

import copy
import functools
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from jobkit.outbox import GatheredEvents, gathered_events
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from sqlalchemy import inspect, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.db import outbox
from jobs.domain import groups
from jobs.domain.access import actor_of, authorize
from jobs.domain.api_keys import ApiCaller
from jobs.domain.batch_reads import batch_reads, read_terms
from jobs.domain.clock import now_utc
from jobs.domain.creation import new_draft
from jobs.domain.editing import apply_groups, is_locked, term_ids
from jobs.domain.errors import JobErrorCode, JobErrors, one_error
from jobs.domain.events import JobCreated
from jobs.domain.models import Job, JobSlug, KnownOrganization
from jobs.domain.publishing import (
    KeptRules,
    publication_errors,
    request_publication,
    rules_broken_by_edit,
    rules_kept,
)
from jobs.domain.slugs import claim_slug, lock_slugs_for, slugify
from jobs.domain.snapshots import emit, refreshed
from jobs.domain.workflow import Action, JobState, record_edit, refusal
from jobs.settings import JobsSettings

Code = JobErrorCode

MAX_REFERENCE = 100
MAX_BATCH = 1000  # jobs per batch request
Reference = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_REFERENCE),
]


class AtsJob(
    groups.JobInfo,
    groups.JobLocation,
    groups.JobCategorization,
    groups.JobSchedule,
    groups.JobApplicationOptions,
):
    """A whole job as the ATS sends it: the wizard's form groups in one object (their field
    names), the title and type, and whether to ask for its publication. A field left out takes
    its empty value: a PUT replaces the job's content."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    title: groups.Title
    type: groups.JobType = "job_per_template"
    organization_assignment: groups.OptionalText = Field(
        default=None, description="The team or site within the organization the job is for."
    )
    publish: bool = Field(
        default=False,
        description="Ask for the job's publication once it is saved (a slot of the "
        "organization's credits, as the wizard's Publish). A published job stays published.",
    )


class AtsBatchItem(AtsJob):
    external_reference: Reference


# (group name, model): the wizard's groups an AtsJob carries, in the wizard's order
_GROUPS: tuple[tuple[str, type[groups.Group]], ...] = (
    ("job_info", groups.JobInfo),
    ("job_location", groups.JobLocation),
    ("job_categorization", groups.JobCategorization),
    ("job_schedule", groups.JobSchedule),
    ("job_application_options", groups.JobApplicationOptions),
)


@dataclass(frozen=True)
class PutJob:
    job: Job
    created: bool
    # False when the job already had this content (and no publication was asked): nothing was
    # written, no event made
    changed: bool = True


class Refused(Exception):
    """Rolls the put's transaction back with the errors to answer."""

    def __init__(self, errors: JobErrors) -> None:
        self.errors = errors


def reference_of(value: str) -> str | JobErrors:
    """The reference as kept: trimmed (a stray space must not make a second job)."""
    reference = value.strip()
    if not reference:
        return one_error(Code.REQUIRED, "Give the job's reference.", "external_reference")
    if len(reference) > MAX_REFERENCE:
        return one_error(
            Code.TOO_LONG,
            f"A reference has at most {MAX_REFERENCE} characters.",
            "external_reference",
        )
    return reference


def parse_job(data: object) -> AtsJob | JobErrors:
    try:
        return AtsJob.model_validate(data)
    except ValidationError as error:
        return JobErrors(errors_from_validation(error, Code))


def _group_models(body: AtsJob, organization_id: uuid.UUID) -> dict[str, BaseModel]:
    models: dict[str, BaseModel] = {
        name: model.model_validate(body.model_dump(include=set(model.model_fields)))
        for name, model in _GROUPS
    }
    models["company_info"] = groups.CompanyInfo(
        organization_id=str(organization_id),
        organization_assignment=body.organization_assignment,
    )
    return models


async def _job_of(
    session: AsyncSession, organization_id: uuid.UUID, reference: str, *, lock: bool = False
) -> Job | None:
    query = select(Job).where(
        Job.organization_id == organization_id, Job.external_reference == reference
    )
    job: Job | None = await session.scalar(query.with_for_update() if lock else query)
    return job


async def _rename(session: AsyncSession, job: Job, title: str) -> None:
    if title == job.title:
        return
    if slugify(title) != slugify(job.title):
        job.slug = await claim_slug(session, site=job.site, title=title, job_id=job.id)
    job.title = title


async def _publish(
    session: AsyncSession, settings: JobsSettings, job: Job, actor: str, now: datetime
) -> None:
    """Ask for the publication where the workflow allows it; a job on its way or live stays."""
    if job.state in {JobState.DRAFT, JobState.ARCHIVED, JobState.EXPIRED}:
        action = Action.SUBMIT if job.state == JobState.DRAFT else Action.RESUBMIT
        refused = refusal(job, action)
        if refused is not None:
            raise Refused(refused)
        missing = await publication_errors(session, settings, job, now)
        if missing:
            raise Refused(JobErrors(missing))
        if action == Action.RESUBMIT:
            job.published_at = None
            job.expires_at = None
            if job.published is not None and job.published <= now:
                job.published = None
        await request_publication(session, settings, job, action, actor, now)


def _content(job: Job) -> dict[str, Any]:
    """What a put may change, to tell whether it changed anything."""
    return {
        column.key: copy.deepcopy(getattr(job, column.key)) for column in inspect(Job).column_attrs
    }


async def put_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    caller: ApiCaller,
    reference: str,
    body: AtsJob,
    now: datetime | None = None,
) -> PutJob | JobErrors:
    """Create the organization's job with this reference, or replace its content; with
    ``publish``, ask for its publication. One transaction, one event (none when the job already
    had this content)."""
    (result,) = await put_jobs(
        sessions=sessions,
        settings=settings,
        principal=caller.principal,
        organization_id=caller.organization_id,
        jobs=[(reference, body)],
        now=now,
    )
    return result


async def put_jobs(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    organization_id: uuid.UUID,
    jobs: Sequence[tuple[str, AtsJob]],
    now: datetime | None = None,
    savepoints: bool = False,
) -> list[PutJob | JobErrors]:
    """:func:`put_job` for each (reference, job), in order, all in ONE transaction: a refused
    job leaves no trace and does not stop the others; the results in the same order. The bulk
    write path (a batch request, the data set): one commit for the lot, and what every job
    would read or write on its own done once for the batch (ADR 0042, ADR 0060): its jobs by
    reference, the terms it names and the slugs its titles take are read in one statement
    each; its new jobs are checked before anything of theirs is written and written together
    with one flush (their rows and their slugs' rows, one statement each); its events with one
    INSERT; the columns the database set read back in one statement. A job the batch replaces
    is put in its own savepoint (its row is changed in place), so a refused one rolls back
    alone.

    When the batch's writes break a constraint (another request made a job with one of its
    references at the same moment) the batch is put again with every job in its own savepoint,
    which answers that job alone (``savepoints=True``: how every batch went before)."""
    put = functools.partial(
        _put_jobs,
        sessions=sessions,
        settings=settings,
        principal=principal,
        organization_id=organization_id,
        jobs=jobs,
        now=now,
    )
    if not savepoints:
        try:
            return await put(savepoints=False)
        except IntegrityError:
            pass  # put again, each job on its own: the one that conflicts is answered alone
    return await put(savepoints=True)


async def _put_jobs(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    organization_id: uuid.UUID,
    jobs: Sequence[tuple[str, AtsJob]],
    now: datetime | None,
    savepoints: bool,
) -> list[PutJob | JobErrors]:
    now = now or now_utc()
    async with unit_of_work(sessions) as session, gathered_events(session, outbox) as events:
        refused = await authorize(session, principal, organization_id)
        if refused is not None:
            return [refused for _ in jobs]
        await lock_slugs_for(session, site=settings.site, titles=[body.title for _, body in jobs])
        # kept for the batch (the session holds it weakly; each new job reads it)
        organization = await session.get(KnownOrganization, organization_id)  # noqa: F841
        found = await _jobs_of(session, organization_id, [reference for reference, _ in jobs])
        await read_terms(
            session,
            [tid for _, body in jobs for tid in term_ids(body)]
            + [tid for job in found.values() if job is not None for tid in term_ids(job)],
        )
        results: list[PutJob | JobErrors] = []
        put_before: set[str] = set()
        # jobs whose rows the database changed (created_at, updated_at): those put in a
        # savepoint; a new job of the batch has the values the database would write already
        written: dict[uuid.UUID, Job] = {}
        for reference, body in jobs:
            job = found.get(reference)
            if not savepoints and job is None and reference not in found:
                # not read with the batch: a reference the batch refused earlier
                job = found[reference] = await _job_of(
                    session, organization_id, reference, lock=True
                )
            if not savepoints and job is None:
                put_or_refused = await put_new(
                    session, settings, events, principal, organization_id, reference, body, now
                )
                if isinstance(put_or_refused, PutJob):
                    found[reference] = put_or_refused.job
                    put_before.add(reference)
                else:
                    found.pop(reference, None)
                results.append(put_or_refused)
                continue
            if not savepoints:
                # the new jobs so far are written before the savepoint (outside it: a
                # constraint they break puts the batch again, each job on its own)
                await session.flush()
            try:
                with events.dropped_on_error():
                    async with session.begin_nested():
                        job = (
                            found[reference]
                            if reference in found
                            else await _job_of(session, organization_id, reference, lock=True)
                        )
                        if job is not None and reference in put_before:
                            # put earlier in this batch: the columns the database set are read
                            # back before its content is compared
                            await session.refresh(job)
                        put = await put_content(
                            session,
                            settings,
                            principal=principal,
                            organization_id=organization_id,
                            reference=reference,
                            job=job,
                            body=body,
                            now=now,
                            refresh=False,
                        )
                found[reference] = put.job
                put_before.add(reference)
                written[put.job.id] = put.job
                results.append(put)
            except Refused as refusal_:
                _rolled_back(session, found, reference)
                results.append(refusal_.errors)
            except IntegrityError:
                # another request made the job with this reference at the same moment
                _rolled_back(session, found, reference)
                results.append(
                    one_error(
                        Code.INVALID,
                        "Another request is saving a job with this reference; send this one again.",
                        "external_reference",
                    )
                )
        # the new jobs written, then the columns the database set (created_at), for the
        # answers: one read for the batch
        await session.flush()
        await _refresh_all(session, list(written.values()))
        return results


async def put_new(
    session: AsyncSession,
    settings: JobsSettings,
    events: GatheredEvents,
    principal: Principal,
    organization_id: uuid.UUID,
    reference: str,
    body: AtsJob,
    now: datetime,
) -> PutJob | JobErrors:
    """A new job of a batch (or of a feed run's chunk) without a savepoint of its own: checked
    before any row of it is written (no flush while it is put), its rows left to the batch's
    next flush. Refused, its rows are taken back out of the session and its events dropped, as
    its savepoint's rollback would."""
    reads = batch_reads(session)
    made_before = len(reads.created)
    try:
        with events.dropped_on_error(), session.no_autoflush:
            return await put_content(
                session,
                settings,
                principal=principal,
                organization_id=organization_id,
                reference=reference,
                job=None,
                body=body,
                now=now,
                refresh=False,
                deferred=True,
            )
    except Refused as refusal_:
        # the refused job (the one new_draft made, if it got that far) and its slugs
        refused_ids = set(list(reads.created)[made_before:])
        for pending in list(session.new):
            if (isinstance(pending, Job) and pending.id in refused_ids) or (
                isinstance(pending, JobSlug) and pending.job_id in refused_ids
            ):
                session.expunge(pending)
        for job_id in refused_ids:
            del reads.created[job_id]
        # its slug claims undone: later claims read again, and must see the batch's new jobs
        reads.savepoint_rolled_back()
        await session.flush()
        return refusal_.errors


def _rolled_back(session: AsyncSession, found: dict[str, Job | None], reference: str) -> None:
    """An item's savepoint rolled back: its job is read again if the batch names it again, and
    the slugs it claimed are free again."""
    found.pop(reference, None)
    batch_reads(session).savepoint_rolled_back()


async def _jobs_of(
    session: AsyncSession, organization_id: uuid.UUID, references: Sequence[str]
) -> dict[str, Job | None]:
    """The organization's jobs with these references, locked (in one order, so two batches
    cannot wait for each other in a circle), in one read; None for a reference without a job."""
    found: dict[str, Job | None] = dict.fromkeys(references)
    if not references:
        return found
    jobs = await session.scalars(
        select(Job)
        .where(Job.organization_id == organization_id, Job.external_reference.in_(set(references)))
        .order_by(Job.id)
        .with_for_update()
    )
    for job in jobs:
        if job.external_reference is not None:
            found[job.external_reference] = job
    return found


async def _refresh_all(session: AsyncSession, jobs: Sequence[Job]) -> None:
    if not jobs:
        return
    await session.flush()
    await session.execute(
        select(Job)
        .where(Job.id.in_([job.id for job in jobs]))
        .execution_options(populate_existing=True)
    )


async def put_content(
    session: AsyncSession,
    settings: JobsSettings,
    *,
    principal: Principal,
    organization_id: uuid.UUID,
    reference: str,
    job: Job | None,
    body: AtsJob,
    now: datetime,
    refresh: bool = True,
    deferred: bool = False,
) -> PutJob:
    """The put in the caller's transaction, once it is authorized: a new job of the organization
    with this reference when ``job`` is None (locked by the caller otherwise), the same checks,
    sanitizing and publication as the wizard's; ``refresh=False`` leaves the columns the
    database sets to the caller (a batch reads them once for all its jobs); ``deferred`` (a
    new job only) also leaves its rows to the caller's next flush, which writes the batch's new
    jobs together (:func:`put_jobs`). Raises :class:`Refused` (the caller rolls back); answers
    ``changed=False`` without writing when the job already had this content."""
    models = _group_models(body, organization_id)
    created = job is None
    if job is None:
        organization = await session.get(KnownOrganization, organization_id)
        if organization is None:
            raise Refused(one_error(Code.NOT_FOUND, "This organization does not exist."))
        new = groups.NewJob(type=body.type, title=body.title, link_url=body.link_url)
        job = await new_draft(
            session,
            settings,
            principal,
            organization,
            new,
            external_reference=reference,
            deferred=deferred,
        )
        before = None
        kept: KeptRules = None
    else:
        before = _content(job)
        kept = await rules_kept(session, settings, job, now)
        if body.type != job.type:
            raise Refused(
                one_error(
                    Code.NOT_EDITABLE,
                    f"The job is a {job.type}; its type cannot change.",
                    "type",
                )
            )
        if is_locked(job):
            raise Refused(
                one_error(Code.NOT_EDITABLE, "External jobs cannot be edited once submitted.")
            )
        await _rename(session, job, body.title)
    errors = await apply_groups(session, settings, principal, job, models, now)
    if errors:
        raise Refused(JobErrors(errors))
    changed = before is None or _content(job) != before
    broken = await rules_broken_by_edit(session, settings, job, kept, now) if changed else []
    if broken:
        raise Refused(JobErrors(broken))
    if created:
        await emit(session, settings, job, JobCreated, actor_of(principal))
    elif changed:
        await record_edit(session, settings, job, actor=actor_of(principal))
    if body.publish:
        state = job.state
        await _publish(session, settings, job, actor_of(principal), now)
        changed = changed or job.state != state
    if not refresh:  # the caller reads the batch's jobs back at once
        if not (deferred and created):
            await session.flush()
        return PutJob(job=job, created=created, changed=changed)
    return PutJob(job=await refreshed(session, job), created=created, changed=changed)


async def job_by_reference(
    *, sessions: async_sessionmaker[AsyncSession], caller: ApiCaller, reference: str
) -> Job | None:
    async with sessions() as session:
        return await _job_of(session, caller.organization_id, reference)


async def jobs_page(
    *,
    sessions: async_sessionmaker[AsyncSession],
    caller: ApiCaller,
    states: list[str],
    after: tuple[datetime, uuid.UUID] | None,
    limit: int,
) -> list[Job]:
    """The organization's jobs, newest first, after the cursor (created_at, id)."""
    query = select(Job).where(Job.organization_id == caller.organization_id)
    if states:
        query = query.where(Job.state.in_(states))
    if after is not None:
        created_at, job_id = after
        query = query.where(
            (Job.created_at < created_at) | ((Job.created_at == created_at) & (Job.id < job_id))
        )
    async with sessions() as session:
        rows = await session.scalars(
            query.order_by(Job.created_at.desc(), Job.id.desc()).limit(limit)
        )
        return list(rows)
