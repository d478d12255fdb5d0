"""Billing's answers to a publication's slot request (the slot saga's last step), applied
inside the idempotent consumer's transaction: granted, the job goes to review or live; denied,
it goes back to DRAFT with the reason. Each is a row of :data:`jobs.domain.workflow.TRANSITIONS`.

An answer alone (:func:`apply_slot_granted`, :func:`apply_slot_denied`) reads what it needs;
a run of them in one batch (:func:`apply_slot_answers`, ADR 0053) reads it for the whole run in
a few statements and writes the jobs it moves with one UPDATE, each answer applied as it would
be alone, in order.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from datetime import datetime

from jobkit.db import any_bound
from sqlalchemy import Uuid, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import flag_modified

from jobs.domain.batch_reads import batch_reads, transaction_time
from jobs.domain.clock import aware, now_utc
from jobs.domain.errors import NO_SLOTS_LEFT_MESSAGE
from jobs.domain.events import JobUpdated, SlotDenied, SlotGranted
from jobs.domain.fingerprint import fingerprint_inputs
from jobs.domain.models import Job, JobSlug, KnownOrganization
from jobs.domain.publishing import ReviewRules, go_live, review_rules, reviews
from jobs.domain.workflow import Action, target, transition
from jobs.settings import JobsSettings

SLOTS_ACTOR = "system:slots"
NO_SLOTS_LEFT = "no_slots_left"
GRANTS = (Action.GRANT_FOR_REVIEW, Action.GRANT_AND_SCHEDULE, Action.GRANT_AND_PUBLISH)
# what an answer may change on a job: every job a run moves writes all of them, so that the
# run's rows go in one executemany UPDATE (the ORM groups rows by the columns they write)
WRITTEN = (
    "state",
    "version",
    "updated_at",
    "content_fingerprint",
    "featured_until",
    "published_at",
    "expires_at",
    "refusal",
)


# a run's reads, built once (their ids bound as one array when they run: one text whatever the
# run's length, no SQL expression built per run; ADR 0074)
_LOCKED_JOBS = (
    select(Job).where(Job.id == any_bound("ids", Uuid())).order_by(Job.id).with_for_update()
)
_SLUGS = select(JobSlug.job_id, JobSlug.slug).where(JobSlug.job_id == any_bound("ids", Uuid()))
_ORGANIZATIONS = select(KnownOrganization).where(KnownOrganization.id == any_bound("ids", Uuid()))


def _key(job_id: str) -> uuid.UUID | None:
    """The job's id; None for an id that is not one (billing answers every publisher on its
    topic: an id that is not a job of ours is not an error, and must not be retried and
    dead-lettered)."""
    try:
        return uuid.UUID(job_id)
    except ValueError:
        return None


def _waits(job: Job, answer: SlotGranted | SlotDenied) -> bool:
    """Whether the job still waits for such an answer (the workflow lets it move the job); an
    answer for a job no longer waiting (archived meanwhile: its withdrawal follows the request
    on billing's side) changes nothing."""
    answers = GRANTS if isinstance(answer, SlotGranted) else (Action.DENY,)
    return any(target(job.state, action) for action in answers)


async def _waiting_job(session: AsyncSession, answer: SlotGranted | SlotDenied) -> Job | None:
    """The job an answer is for, locked, when it still waits for it; None for any other."""
    key = _key(answer.job_id)
    if key is None:
        return None
    job = await session.get(Job, key, with_for_update=True)
    if job is None or not _waits(job, answer):
        return None
    return job


async def _grant(
    session: AsyncSession,
    settings: JobsSettings,
    job: Job,
    answer: SlotGranted,
    *,
    reviewed: bool,
    now: datetime,
) -> None:
    """The slot is ours: review first when the job's site or organization asks for it
    (``reviewed``), else publish or schedule."""
    # the boost this publication's slot carries (none: a former publication's boost ends)
    job.featured_until = (
        aware(datetime.fromisoformat(answer.featured_until)) if (answer.featured_until) else None
    )
    if reviewed:
        await transition(
            session, settings, job, Action.GRANT_FOR_REVIEW, JobUpdated, actor=SLOTS_ACTOR
        )
        return
    await go_live(
        session,
        settings,
        job,
        schedule=Action.GRANT_AND_SCHEDULE,
        publish=Action.GRANT_AND_PUBLISH,
        actor=SLOTS_ACTOR,
        now=now,
    )


async def _deny(
    session: AsyncSession, settings: JobsSettings, job: Job, answer: SlotDenied, *, now: datetime
) -> None:
    """No slot: back to DRAFT with the reason and where to get more."""
    job.refusal = {
        "reason": answer.reason or NO_SLOTS_LEFT,
        "message": NO_SLOTS_LEFT_MESSAGE,
        "at": now.isoformat(),
    }
    await transition(session, settings, job, Action.DENY, JobUpdated, actor=SLOTS_ACTOR)


async def apply_slot_granted(
    session: AsyncSession, settings: JobsSettings, answer: SlotGranted, now: datetime | None = None
) -> None:
    """The slot is ours: review first when the site moderates (or the job's organization is
    unverified and the site reviews those), else publish or schedule."""
    job = await _waiting_job(session, answer)
    if job is None:
        return
    reviewed = await reviews(session, job)
    await _grant(session, settings, job, answer, reviewed=reviewed, now=now or now_utc())


async def apply_slot_denied(
    session: AsyncSession, settings: JobsSettings, answer: SlotDenied, now: datetime | None = None
) -> None:
    """No slot: back to DRAFT with the reason and where to get more."""
    job = await _waiting_job(session, answer)
    if job is None:
        return
    await _deny(session, settings, job, answer, now=now or now_utc())


async def _locked_jobs(session: AsyncSession, keys: Iterable[uuid.UUID]) -> dict[uuid.UUID, Job]:
    """The jobs with these ids, locked in one statement in ascending order (two runs locking
    some of the same jobs take their locks in one order)."""
    wanted = sorted(set(keys))
    if not wanted:
        return {}
    found = await session.scalars(_LOCKED_JOBS, {"ids": wanted})
    return {job.id: job for job in found}


async def _read_for_events(session: AsyncSession, jobs: Sequence[Job]) -> None:
    """What the events of the moved jobs read, for all of them at once: their slugs (the
    snapshot's former ones), their organizations (its logo) and the transaction's time (their
    ``updated_at``). Kept in the transaction's batch reads, where the snapshots find them."""
    reads = batch_reads(session)
    slugs: dict[uuid.UUID, list[str]] = {job.id: [] for job in jobs}
    rows = await session.execute(_SLUGS, {"ids": list(slugs)})
    for job_id, slug in rows:
        slugs[job_id].append(slug)
    reads.moved.update(slugs)
    for job in jobs:
        if job.content_fingerprint is not None:
            # a job's fingerprint is set from what it is made of at every save: read with its
            # lock, it is that of what it is made of now (emit computes it again only when an
            # answer changed those)
            reads.fingerprints.setdefault(
                job.id, (fingerprint_inputs(job), job.content_fingerprint)
            )
    organization_ids = {job.organization_id for job in jobs} - set(reads.organizations)
    if organization_ids:
        reads.organizations.update(dict.fromkeys(organization_ids))
        found = await session.scalars(_ORGANIZATIONS, {"ids": sorted(organization_ids)})
        reads.organizations.update({organization.id: organization for organization in found})
    await transaction_time(session)


async def apply_slot_answers(
    session: AsyncSession,
    settings: JobsSettings,
    answers: Sequence[SlotGranted | SlotDenied],
    now: datetime | None = None,
) -> None:
    """A run of billing's answers at once (the slot-answer group's run handler, ADR 0053): its
    jobs locked in one statement, its jobs' review rules in one or two, what their events
    read in three (:func:`_read_for_events`), then each answer applied in order exactly as
    :func:`apply_slot_granted` or :func:`apply_slot_denied` applies it alone (a job answered
    twice in the run sees the first answer's move), and the jobs it moved written with one
    UPDATE. Their events go to the outbox as the batch gathers them (``Batching.outbox``)."""
    now = now or now_utc()
    jobs = await _locked_jobs(
        session, (key for answer in answers if (key := _key(answer.job_id)) is not None)
    )

    def waiting_job(answer: SlotGranted | SlotDenied) -> Job | None:
        key = _key(answer.job_id)
        job = jobs.get(key) if key is not None else None
        return job if job is not None and _waits(job, answer) else None

    # (answers only move a job out of AWAITING_SLOT: one not waiting now never waits later)
    waiting = [job for answer in answers if (job := waiting_job(answer)) is not None]
    if not waiting:
        return
    rules = (
        await review_rules(session, waiting)
        if any(isinstance(answer, SlotGranted) for answer in answers)
        else ReviewRules(frozenset(), frozenset(), frozenset())
    )
    await _read_for_events(session, waiting)
    time = await transaction_time(session)
    moved: dict[uuid.UUID, Job] = {}
    for answer in answers:
        job = waiting_job(answer)  # None too for a job an earlier answer of the run moved
        if job is None:
            continue
        # what the database's now() would write at the flush: the transaction's time
        job.updated_at = time
        if isinstance(answer, SlotGranted):
            await _grant(session, settings, job, answer, reviewed=rules.reviews(job), now=now)
        else:
            await _deny(session, settings, job, answer, now=now)
        moved[job.id] = job
    for job in moved.values():
        for column in WRITTEN:
            flag_modified(job, column)
    await session.flush()
