"""The sender: sends pending notifications in batches, deletions first, within each endpoint's
daily quota, retrying failures with backoff. One active sender per search database: a
PostgreSQL advisory lock elects it among the replicas (as jobkit's OutboxRelay does).

The quota day is Google's: it resets at midnight Pacific time, not UTC. Updates leave the last
``deletion_reserve`` URLs of a day's quota to deletions, so a job closed late in a day of many
new jobs still leaves the index that day. An endpoint answering that its quota is used up
(:class:`OverQuota`) is left alone until its next quota day, and the refused notices keep their
attempts: they are sent then."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo

from jobkit.db import unit_of_work
from jobkit.leader import AdvisoryLockLeader
from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from search.site.announce.models import URL_DELETED, Announcement, AnnouncementQuota
from search.site.announce.notifiers import Notice, Notifier, NotifyError, OverQuota

log = logging.getLogger(__name__)

MAX_BACKOFF = timedelta(hours=6)
# Sent and given-up rows, and old quota days, are kept this long (for inspection), then pruned;
# a replayed old event is refused by announced_jobs' version, not by these rows.
KEEP = timedelta(days=30)
PRUNE_EVERY = timedelta(hours=1)
# Google's per-day quotas reset at midnight Pacific time
QUOTA_ZONE = ZoneInfo("America/Los_Angeles")


def deletion_reserve_of(reserve: int, daily_quota: int) -> int:
    """The URLs of a day that updates leave to deletions: at most half the quota, so that a
    small quota (a reserve configured for a larger one) still lets updates through."""
    return max(0, min(reserve, daily_quota // 2))


def utc_now() -> datetime:
    return datetime.now(UTC)


class AnnouncementSender:
    def __init__(
        self,
        *,
        sessions: async_sessionmaker[AsyncSession],
        engine: AsyncEngine,
        notifiers: Sequence[Notifier],
        daily_quota: int = 200,
        batch_size: int = 100,
        interval: float = 5.0,
        retry_seconds: float = 60.0,
        max_attempts: int = 8,
        deletion_reserve: int = 0,
        quota_zone: tzinfo = QUOTA_ZONE,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self._sessions = sessions
        self._engine = engine
        self._notifiers = list(notifiers)
        self._daily_quota = daily_quota
        self._batch_size = batch_size
        self._interval = interval
        self._retry_seconds = retry_seconds
        self._max_attempts = max_attempts
        self._deletion_reserve = deletion_reserve_of(deletion_reserve, daily_quota)
        self._quota_zone = quota_zone
        self._clock = clock
        self._leader = AdvisoryLockLeader(
            engine=engine,
            lock_name="search.announce-sender",
            name="announcement sender",
            retry_interval=interval,
        )
        self._pruned_at: datetime | None = None

    @property
    def is_leader(self) -> bool:
        return self._leader.is_leader

    async def run_forever(self) -> None:
        await self._leader.run_forever(self._send, after_failure=self._pause)

    async def _send(self, lock_connection: AsyncConnection) -> None:
        while True:
            if await self.send_once() == 0:
                await asyncio.sleep(self._interval)
            await AdvisoryLockLeader.still_held(lock_connection)

    async def _pause(self, _: Exception) -> None:
        await asyncio.sleep(self._interval)

    async def send_once(self) -> int:
        """One batch per endpoint; returns how many notifications were accepted."""
        now = self._clock()
        if self._pruned_at is None or now - self._pruned_at >= PRUNE_EVERY:
            await self.prune(now)
            self._pruned_at = now
        accepted = 0
        for notifier in self._notifiers:
            accepted += await self._send_batch(notifier)
        return accepted

    async def prune(self, now: datetime) -> None:
        async with unit_of_work(self._sessions) as session:
            await session.execute(
                delete(Announcement).where(
                    func.coalesce(Announcement.sent_at, Announcement.failed_at) < now - KEEP
                )
            )
            await session.execute(
                delete(AnnouncementQuota).where(AnnouncementQuota.day < (now - KEEP).date())
            )

    def quota_day(self, now: datetime) -> date:
        return now.astimezone(self._quota_zone).date()

    async def _send_batch(self, notifier: Notifier) -> int:
        now = self._clock()
        day = self.quota_day(now)
        due = (
            Announcement.endpoint == notifier.name,
            Announcement.sent_at.is_(None),
            Announcement.failed_at.is_(None),
            Announcement.next_attempt_at <= now,
        )
        columns = (Announcement.id, Announcement.url, Announcement.action, Announcement.attempts)
        async with self._sessions() as session:
            used = await session.scalar(
                select(AnnouncementQuota.used).where(
                    AnnouncementQuota.endpoint == notifier.name, AnnouncementQuota.day == day
                )
            )
            room = self._daily_quota - (used or 0)
            if room <= 0:
                return 0
            # deletions first: a filled or expired job leaves the index soonest
            rows = list(
                (
                    await session.execute(
                        select(*columns)
                        .where(*due, Announcement.action == URL_DELETED)
                        .order_by(Announcement.id)
                        .limit(min(self._batch_size, room))
                    )
                ).all()
            )
            # then updates, within what the day's deletion reserve leaves them
            room_for_updates = min(
                self._batch_size - len(rows), room - len(rows) - self._deletion_reserve
            )
            if room_for_updates > 0:
                rows += (
                    await session.execute(
                        select(*columns)
                        .where(*due, Announcement.action != URL_DELETED)
                        .order_by(Announcement.id)
                        .limit(room_for_updates)
                    )
                ).all()
        if not rows:
            return 0
        notices = [Notice(url=row.url, action=row.action) for row in rows]
        results: list[str | None]
        try:
            results = await notifier.notify(notices)
            answered = True
        except NotifyError as failure:
            log.warning("%s refused a batch of %d: %s", notifier.name, len(rows), failure)
            text = str(failure)
            results = [OverQuota(text) if failure.over_quota else text] * len(rows)
            answered = failure.answered
        over_quota = {
            row.id: result
            for row, result in zip(rows, results, strict=True)
            if isinstance(result, OverQuota)
        }
        async with unit_of_work(self._sessions) as session:
            if answered:
                # a day's quota counts the URLs the endpoint took; once it says the quota is used
                # up, it is (whatever this count said): nothing more is sent until the next day
                counted = len(rows) - len(over_quota)
                used_now = (
                    func.greatest(AnnouncementQuota.used + counted, self._daily_quota)
                    if over_quota
                    else AnnouncementQuota.used + counted
                )
                await session.execute(
                    insert(AnnouncementQuota)
                    .values(
                        endpoint=notifier.name,
                        day=day,
                        used=self._daily_quota if over_quota else counted,
                    )
                    .on_conflict_do_update(
                        index_elements=["endpoint", "day"], set_={"used": used_now}
                    )
                )
            sent = [row.id for row, result in zip(rows, results, strict=True) if result is None]
            if sent:
                await session.execute(
                    update(Announcement)
                    .where(Announcement.id.in_(sent))
                    .values(sent_at=now, attempts=Announcement.attempts + 1, last_error=None)
                )
            if over_quota:
                log.warning(
                    "%s: daily quota used up; %d notifications wait for the next quota day",
                    notifier.name,
                    len(over_quota),
                )
                await session.execute(
                    update(Announcement)
                    .where(Announcement.id.in_(over_quota))
                    .values(last_error=next(iter(over_quota.values()))[:2000])
                )
            for row, result in zip(rows, results, strict=True):
                if result is not None and not isinstance(result, OverQuota):
                    await self._record_failure(session, row.id, row.attempts + 1, result, now)
        return len(sent)

    async def _record_failure(
        self, session: AsyncSession, row_id: int, attempts: int, error: str, now: datetime
    ) -> None:
        delay = min(timedelta(seconds=self._retry_seconds * 2 ** (attempts - 1)), MAX_BACKOFF)
        gave_up = attempts >= self._max_attempts
        await session.execute(
            update(Announcement)
            .where(Announcement.id == row_id)
            .values(
                attempts=attempts,
                last_error=error[:2000],
                next_attempt_at=now + delay,
                failed_at=now if gave_up else None,
            )
        )
        if gave_up:
            log.error("announcement %s given up after %d attempts: %s", row_id, attempts, error)
