"""The job workflow as one table, and the one way a job changes.

:data:`TRANSITIONS` lists every move of a job's state: ``(from state, action) -> to state``.
Reading it from the top: a DRAFT is submitted (AWAITING_SLOT: billing reserves a slot); billing
grants it for review when the site moderates (NEEDS_REVIEW: approve or reject), else to be
scheduled when the publish date is ahead (SCHEDULED: the scheduler publishes it) or published
(PUBLISHED: the scheduler expires it); billing denies it back to DRAFT. Any job not yet ended may
be archived; ARCHIVED and EXPIRED jobs may be resubmitted (a new slot). A PUBLISHED job that
enough people reported is hidden for review (NEEDS_REVIEW); dismissing its reports restores it. See
docs/decisions/0008-job-scheduler.md for the scheduler's locking.

Every change of a job goes through this module, so each one bumps the job's ``version`` once
and enqueues its events at that version: :func:`transition` for the moves of the table (it
refuses any other), :func:`record_edit` for changes that keep the state (a group, the title,
the featured date). A use case that answers a refusal as data asks :func:`refusal` first,
before it changes anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from jobkit.events import EventPayload
from sqlalchemy.ext.asyncio import AsyncSession

from jobs.domain.errors import JobErrorCode, JobErrors, one_error
from jobs.domain.events import JobSnapshot, JobUpdated
from jobs.domain.models import Job
from jobs.domain.snapshots import emit
from jobs.settings import JobsSettings


class JobState(StrEnum):
    DRAFT = "draft"
    AWAITING_SLOT = "awaiting_slot"
    NEEDS_REVIEW = "needs_review"
    SCHEDULED = "scheduled"
    PUBLISHED = "published"
    EXPIRED = "expired"
    ARCHIVED = "archived"


class Action(StrEnum):
    SUBMIT = "submit"  # a recruiter publishes a draft: ask billing for a slot
    RESUBMIT = "resubmit"  # an archived or expired job asks for a new slot
    GRANT_FOR_REVIEW = "grant_for_review"  # billing's slot, on a site that reviews jobs
    GRANT_AND_SCHEDULE = "grant_and_schedule"  # billing's slot, the publish date ahead
    GRANT_AND_PUBLISH = "grant_and_publish"  # billing's slot, due now
    DENY = "deny"  # billing has no slot for it
    APPROVE_AND_SCHEDULE = "approve_and_schedule"  # an administrator's review, date ahead
    APPROVE_AND_PUBLISH = "approve_and_publish"  # an administrator's review, due now
    REJECT = "reject"  # an administrator's review: back to the recruiter with the reason
    PUBLISH_DUE = "publish_due"  # the scheduler: the publish date came
    EXPIRE = "expire"  # the scheduler: the expiry came
    ARCHIVE = "archive"  # taken offline by its recruiters or an administrator
    HIDE_REPORTED = "hide_reported"  # reported by enough people: offline until reviewed
    RESTORE = "restore"  # an administrator dismissed the reports of a hidden job


S = JobState
# Typed with plain strings so that a table of other moves (the demo seed's history, which
# predates billing's ledger) can be checked by the same function; the rows are all here.
TRANSITIONS: Mapping[tuple[str, str], str] = {
    (S.DRAFT, Action.SUBMIT): S.AWAITING_SLOT,
    (S.ARCHIVED, Action.RESUBMIT): S.AWAITING_SLOT,
    (S.EXPIRED, Action.RESUBMIT): S.AWAITING_SLOT,
    (S.AWAITING_SLOT, Action.GRANT_FOR_REVIEW): S.NEEDS_REVIEW,
    (S.AWAITING_SLOT, Action.GRANT_AND_SCHEDULE): S.SCHEDULED,
    (S.AWAITING_SLOT, Action.GRANT_AND_PUBLISH): S.PUBLISHED,
    (S.AWAITING_SLOT, Action.DENY): S.DRAFT,
    (S.NEEDS_REVIEW, Action.APPROVE_AND_SCHEDULE): S.SCHEDULED,
    (S.NEEDS_REVIEW, Action.APPROVE_AND_PUBLISH): S.PUBLISHED,
    (S.NEEDS_REVIEW, Action.REJECT): S.DRAFT,
    (S.SCHEDULED, Action.PUBLISH_DUE): S.PUBLISHED,
    (S.PUBLISHED, Action.EXPIRE): S.EXPIRED,
    (S.DRAFT, Action.ARCHIVE): S.ARCHIVED,
    (S.AWAITING_SLOT, Action.ARCHIVE): S.ARCHIVED,
    (S.NEEDS_REVIEW, Action.ARCHIVE): S.ARCHIVED,
    (S.SCHEDULED, Action.ARCHIVE): S.ARCHIVED,
    (S.PUBLISHED, Action.ARCHIVE): S.ARCHIVED,
    (S.PUBLISHED, Action.HIDE_REPORTED): S.NEEDS_REVIEW,
    (S.NEEDS_REVIEW, Action.RESTORE): S.PUBLISHED,
}

# How a refusal names the action to the recruiter: "A job in state DRAFT cannot be approved."
REFUSED_AS: Mapping[str, str] = {
    Action.SUBMIT: "published",
    Action.RESUBMIT: "republished",
    Action.APPROVE_AND_SCHEDULE: "approved",
    Action.APPROVE_AND_PUBLISH: "approved",
    Action.REJECT: "rejected",
    Action.ARCHIVE: "archived",
    Action.RESTORE: "restored",
}


class IllegalTransition(Exception):
    """A move the table does not have: a use case changed a job without asking first."""

    def __init__(self, state: str, action: str) -> None:
        super().__init__(f"no transition from {state!r} by {action!r}")
        self.state = state
        self.action = action


def target(
    state: str, action: str, table: Mapping[tuple[str, str], str] = TRANSITIONS
) -> str | None:
    """The state ``action`` moves a job in ``state`` to; None when the workflow refuses it."""
    return table.get((state, action))


def sources(action: str, table: Mapping[tuple[str, str], str] = TRANSITIONS) -> frozenset[str]:
    """The states from which ``action`` moves a job (for queries that pick jobs to move)."""
    return frozenset(str(state) for state, act in table if act == action)


def refusal(job: Job, action: Action) -> JobErrors | None:
    """None when the workflow allows ``action`` in the job's state, else the answer to give."""
    if target(job.state, action) is not None:
        return None
    return one_error(
        JobErrorCode.INVALID_TRANSITION,
        f"A job in state {job.state.upper()} cannot be {REFUSED_AS.get(action, action.value)}.",
        "state",
    )


async def _new_version(
    session: AsyncSession,
    settings: JobsSettings,
    job: Job,
    events: tuple[EventPayload | type[JobSnapshot], ...],
    actor: str | None,
) -> None:
    job.version += 1
    for event in events:
        await emit(session, settings, job, event, actor)


async def transition(
    session: AsyncSession,
    settings: JobsSettings,
    job: Job,
    action: str,
    *events: EventPayload | type[JobSnapshot],
    actor: str | None,
    table: Mapping[tuple[str, str], str] = TRANSITIONS,
) -> None:
    """Move ``job`` by ``action``: the table's next state, the next version, and ``events``
    (payloads, or snapshot classes filled in at the new state) in the outbox at that version.
    A move the table does not have raises :class:`IllegalTransition` (the transaction rolls
    back); callers that answer a refusal as data ask :func:`refusal` first."""
    to = target(job.state, action, table)
    if to is None:
        raise IllegalTransition(job.state, action)
    job.state = str(to)
    await _new_version(session, settings, job, events, actor)


async def record_edit(
    session: AsyncSession, settings: JobsSettings, job: Job, *, actor: str | None
) -> None:
    """A change that keeps the state (a group, the title, the featured date): the next version
    and its ``jobs.job.updated`` snapshot."""
    await _new_version(session, settings, job, (JobUpdated,), actor)
