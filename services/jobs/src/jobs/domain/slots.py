"""Billing's answers to a publication's slot request (the slot saga's last step), applied
inside the idempotent consumer's transaction: granted, the job goes to review or live; denied,
it goes back to DRAFT with the reason. Each is a row of :data:`jobs.domain.workflow.TRANSITIONS`.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from jobs.domain.clock import aware, now_utc
from jobs.domain.errors import NO_SLOTS_LEFT_MESSAGE
from jobs.domain.events import JobUpdated, SlotDenied, SlotGranted
from jobs.domain.models import Job
from jobs.domain.publishing import go_live, reviews
from jobs.domain.workflow import Action, target, transition
from jobs.settings import JobsSettings

SLOTS_ACTOR = "system:slots"
NO_SLOTS_LEFT = "no_slots_left"
GRANTS = (Action.GRANT_FOR_REVIEW, Action.GRANT_AND_SCHEDULE, Action.GRANT_AND_PUBLISH)


async def _waiting_job(session: AsyncSession, job_id: str, *answers: Action) -> Job | None:
    """The job a slot answer is for, locked, when it still waits for one (the workflow lets one
    of ``answers`` move it); None for any other (billing answers every publisher on its topic:
    an id that is not a job of ours is not an error, and must not be retried and
    dead-lettered)."""
    try:
        key = uuid.UUID(job_id)
    except ValueError:
        return None
    job = await session.get(Job, key, with_for_update=True)
    if job is None or not any(target(job.state, answer) for answer in answers):
        return None
    return job


async def apply_slot_granted(
    session: AsyncSession, settings: JobsSettings, answer: SlotGranted, now: datetime | None = None
) -> None:
    """The slot is ours: review first when the site moderates (or the job's organization is
    unverified and the site reviews those), else publish or schedule. An
    answer for a job no longer waiting (archived meanwhile: its withdrawal follows the request
    on billing's side) changes nothing."""
    job = await _waiting_job(session, answer.job_id, *GRANTS)
    if job is None:
        return
    # the boost this publication's slot carries (none: a former publication's boost ends)
    job.featured_until = (
        aware(datetime.fromisoformat(answer.featured_until)) if (answer.featured_until) else None
    )
    if await reviews(session, job):
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
        now=now or now_utc(),
    )


async def apply_slot_denied(
    session: AsyncSession, settings: JobsSettings, answer: SlotDenied, now: datetime | None = None
) -> None:
    """No slot: back to DRAFT with the reason and where to get more."""
    job = await _waiting_job(session, answer.job_id, Action.DENY)
    if job is None:
        return
    job.refusal = {
        "reason": answer.reason or NO_SLOTS_LEFT,
        "message": NO_SLOTS_LEFT_MESSAGE,
        "at": (now or now_utc()).isoformat(),
    }
    await transition(session, settings, job, Action.DENY, JobUpdated, actor=SLOTS_ACTOR)
