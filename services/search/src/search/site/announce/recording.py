"""Records what a job event asks for, in the consumer's transaction (ADR 0013)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from sqlalchemy import delete, select
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
    return await record_job_events(
        session,
        events=[(payload, event_type)],
        endpoints=endpoints,
        job_url=job_url,
        now=now,
        update_delay=update_delay,
    )


async def record_job_events(
    session: AsyncSession,
    *,
    events: Sequence[tuple[AnnouncedJobPayload, str]],
    endpoints: Sequence[str],
    job_url: Callable[[str, str], str],
    now: datetime,
    update_delay: timedelta = timedelta(0),
) -> list[Wish]:
    """:func:`record_job_event` applied to each (payload, event type) in turn, the run's jobs
    locked and read in one statement (ascending ids, so two runs sharing jobs do not deadlock)
    and their rows written with one flush when no endpoint is enabled. Returns every wish."""
    ids = sorted({payload.job_id for payload, _ in events})
    rows = {
        row.job_id: row
        for row in await session.scalars(
            select(AnnouncedJob)
            .where(AnnouncedJob.job_id.in_(ids))
            .order_by(AnnouncedJob.job_id)
            .with_for_update()
        )
    }
    every: list[Wish] = []
    for payload, event_type in events:
        row = rows.get(payload.job_id)
        previous = (
            JobState(
                version=row.version,
                findable=row.findable,
                url=row.url,
                fingerprint=row.fingerprint,
            )
            if row is not None
            else None
        )
        state, wishes = plan(payload, event_type, previous, now=now, job_url=job_url)
        if state is None:
            continue
        if row is None:
            row = rows[payload.job_id] = AnnouncedJob(
                job_id=payload.job_id,
                version=state.version,
                findable=state.findable,
                url=state.url,
                fingerprint=state.fingerprint,
            )
            session.add(row)
        else:
            row.version, row.findable = state.version, state.findable
            row.url, row.fingerprint = state.url, state.fingerprint
        every.extend(wishes)
        if endpoints and wishes:
            await session.flush()
            for endpoint in endpoints:
                for wish in wishes:
                    due = now + update_delay if wish.action == URL_UPDATED else now
                    await _want(session, endpoint, payload, wish, due)
    await session.flush()
    return every


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
