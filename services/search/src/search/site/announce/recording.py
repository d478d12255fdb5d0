"""Records what a job event asks for, in the consumer's transaction (ADR 0013)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from search.site.announce.models import URL_UPDATED, AnnouncedJob, Announcement
from search.site.announce.planner import AnnouncedJobPayload, JobState, Wish, plan


async def record_job_event(
    session: AsyncSession,
    *,
    payload: AnnouncedJobPayload,
    event_type: str,
    endpoints: Sequence[str],
    job_url: Callable[[str, str], str],
    now: datetime,
    update_delay: timedelta = timedelta(0),
) -> list[Wish]:
    """Apply one job snapshot: update the job's state and add one pending notification per
    enabled endpoint and wish. Returns the wishes (empty for a stale or unannounced event).

    A ``URL_UPDATED`` is due ``update_delay`` after it is recorded, a ``URL_DELETED`` at once:
    the deletions of a burst of changes are recorded before its updates fall due, so they take
    the day's quota first (the sender puts the due deletions first, not the ones to come)."""
    row = await session.get(AnnouncedJob, payload.job_id, with_for_update=True)
    previous = (
        JobState(
            version=row.version, findable=row.findable, url=row.url, fingerprint=row.fingerprint
        )
        if row is not None
        else None
    )
    state, wishes = plan(payload, event_type, previous, now=now, job_url=job_url)
    if state is None:
        return []
    if row is None:
        session.add(
            AnnouncedJob(
                job_id=payload.job_id,
                version=state.version,
                findable=state.findable,
                url=state.url,
                fingerprint=state.fingerprint,
            )
        )
    else:
        row.version, row.findable = state.version, state.findable
        row.url, row.fingerprint = state.url, state.fingerprint
    await session.flush()
    for endpoint in endpoints:
        for wish in wishes:
            due = now + update_delay if wish.action == URL_UPDATED else now
            await _want(session, endpoint, payload, wish, due)
    return wishes


async def _want(
    session: AsyncSession, endpoint: str, payload: AnnouncedJobPayload, wish: Wish, due: datetime
) -> None:
    # Coalescing: the newest wish for a URL wins; a pending one of the other action is dropped.
    await session.execute(
        delete(Announcement).where(
            Announcement.endpoint == endpoint,
            Announcement.url == wish.url,
            Announcement.action != wish.action,
            Announcement.sent_at.is_(None),
            Announcement.failed_at.is_(None),
        )
    )
    # Nothing when this (URL, action, version) was recorded before or the same action waits.
    await session.execute(
        insert(Announcement)
        .values(
            endpoint=endpoint,
            job_id=payload.job_id,
            job_version=payload.version,
            url=wish.url,
            action=wish.action,
            next_attempt_at=due,
        )
        .on_conflict_do_nothing()
    )
