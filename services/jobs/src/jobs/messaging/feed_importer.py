"""The feed importer (ADR 0041): runs the feed sources that are due, on one replica at a time
(a PostgreSQL advisory lock elects it, as the outbox relay), then sleeps until the next source is
due, looking again at least every ``feed_check_interval_seconds`` (a source made or enabled
meanwhile is due at once). A source is claimed before it runs (:func:`jobs.domain.feed_runs.
run_source`), so a manual run on another replica never overlaps a scheduled one."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

from jobkit.leader import AdvisoryLockLeader
from jobkit.tasks import stop_if_asked
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from jobs.domain.clock import now_utc
from jobs.domain.errors import JobErrors
from jobs.domain.feed_fetching import FeedFetcher
from jobs.domain.feed_runs import due_sources, next_due_at, run_source
from jobs.settings import JobsSettings

log = logging.getLogger(__name__)

LOCK_NAME = "jobs.feed-importer"


class FeedImporter:
    def __init__(
        self,
        *,
        sessions: async_sessionmaker[AsyncSession],
        engine: AsyncEngine,
        settings: JobsSettings,
        fetcher: FeedFetcher | None = None,
        clock: Callable[[], datetime] = now_utc,
    ) -> None:
        self._sessions = sessions
        self._settings = settings
        self._fetcher = fetcher or FeedFetcher(settings)
        self._clock = clock
        self._leader = AdvisoryLockLeader(
            engine=engine,
            lock_name=LOCK_NAME,
            name="feed importer",
            retry_interval=settings.feed_check_interval_seconds,
        )

    @property
    def is_leader(self) -> bool:
        return self._leader.is_leader

    async def run_forever(self) -> None:
        try:
            await self._leader.run_forever(self._lead, after_failure=self._pause)
        finally:
            await self._fetcher.close()

    async def _lead(self, lock_connection: AsyncConnection) -> None:
        while True:
            await self.run_due()
            await asyncio.sleep(await self.seconds_to_wait())
            await AdvisoryLockLeader.still_held(lock_connection)

    async def _pause(self, _: Exception) -> None:
        await asyncio.sleep(self._settings.feed_check_interval_seconds)

    async def run_due(self) -> int:
        """Run each source due now, one after the other; how many ran. A run that fails is
        logged and the others go on."""
        ran = 0
        for source_id in await due_sources(self._sessions, self._clock()):
            try:
                run = await run_source(
                    sessions=self._sessions,
                    settings=self._settings,
                    source_id=source_id,
                    fetch=self._fetcher.fetch,
                    clock=self._clock,
                )
            except asyncio.CancelledError:
                raise
            except Exception:
                stop_if_asked()
                log.exception("feed source %s: the run failed", source_id)
                continue
            if isinstance(run, JobErrors):
                continue  # taken by a manual run meanwhile, or deleted
            ran += 1
            log.info(
                "feed source %s: %s (%d created, %d updated, %d closed, %d rejected)",
                source_id,
                run.status,
                run.created,
                run.updated,
                run.closed,
                run.rejected,
            )
        return ran

    async def seconds_to_wait(self) -> float:
        """Until the next source is due, at most ``feed_check_interval_seconds``."""
        longest = self._settings.feed_check_interval_seconds
        due = await next_due_at(self._sessions)
        if due is None:
            return longest
        return min(longest, max(0.5, (due - self._clock()).total_seconds()))
