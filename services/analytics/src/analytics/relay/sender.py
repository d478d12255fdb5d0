"""The relay sender: sends the queued forwards (``relay_forwards``) to the upstream endpoints,
oldest first, once each, retrying failures with backoff (ADR 0014). One active sender per
analytics database: a PostgreSQL advisory lock elects it among the replicas, as jobkit's
OutboxRelay (ADR 0003) and search's announcement sender do."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from jobkit.db import unit_of_work
from jobkit.leader import AdvisoryLockLeader
from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from analytics.domain.models import RelayForward
from analytics.domain.relay_rules import Destination
from analytics.domain.relays import PENDING

log = logging.getLogger(__name__)

MAX_BACKOFF = timedelta(hours=1)
KEEP = timedelta(days=7)  # sent and given-up forwards are kept this long, then pruned
PRUNE_SECONDS = 3600.0
# Answers worth another try; any other 4xx means the endpoint will never take this body.
RETRYABLE = frozenset({408, 425, 429})


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Upstream:
    """One configured endpoint: where to POST, and how it wants to be authenticated."""

    url: str
    params: Mapping[str, str] | None = None
    headers: Mapping[str, str] | None = None

    def wrap(self, body: dict[str, Any], created_at: datetime) -> dict[str, Any]:
        return body


class ConversionUpstream(Upstream):
    """Conversions APIs take ``{data: [{event_name, event_time, action_source, ...}]}``."""

    def wrap(self, body: dict[str, Any], created_at: datetime) -> dict[str, Any]:
        return {
            "data": [
                {**body, "event_time": int(created_at.timestamp()), "action_source": "website"}
            ]
        }


class RelaySender:
    def __init__(
        self,
        *,
        sessions: async_sessionmaker[AsyncSession],
        engine: AsyncEngine,
        upstreams: Mapping[Destination, Upstream],
        http: httpx.AsyncClient,
        batch_size: int = 50,
        interval: float = 1.0,
        retry_seconds: float = 30.0,
        max_attempts: int = 8,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self._sessions = sessions
        self._engine = engine
        self._upstreams = dict(upstreams)
        self._http = http
        self._batch_size = batch_size
        self._interval = interval
        self._retry_seconds = retry_seconds
        self._max_attempts = max_attempts
        self._clock = clock
        self._pruned_at: float | None = None
        self._leader = AdvisoryLockLeader(
            engine=engine,
            lock_name="analytics.relay-sender",
            name="relay sender",
            retry_interval=interval,
        )

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
        """One batch per destination; how many forwards the endpoints accepted."""
        due = self._pruned_at is None or time.monotonic() - self._pruned_at >= PRUNE_SECONDS
        if due:
            await self.prune()
            self._pruned_at = time.monotonic()
        sent = 0
        for destination, upstream in self._upstreams.items():
            sent += await self._send_batch(destination, upstream)
        return sent

    async def prune(self) -> None:
        async with unit_of_work(self._sessions) as session:
            await session.execute(
                delete(RelayForward).where(
                    func.coalesce(RelayForward.sent_at, RelayForward.failed_at)
                    < self._clock() - KEEP
                )
            )

    async def _send_batch(self, destination: Destination, upstream: Upstream) -> int:
        now = self._clock()
        async with self._sessions() as session:
            rows = (
                await session.execute(
                    select(
                        RelayForward.id,
                        RelayForward.body,
                        RelayForward.attempts,
                        RelayForward.created_at,
                    )
                    .where(
                        RelayForward.destination == destination,
                        PENDING,
                        RelayForward.next_attempt_at <= now,
                    )
                    .order_by(RelayForward.id)
                    .limit(self._batch_size)
                )
            ).all()
        sent = 0
        for row in rows:
            error, retryable = await self._post(upstream, upstream.wrap(row.body, row.created_at))
            async with unit_of_work(self._sessions) as session:
                if error is None:
                    sent += 1
                    await session.execute(
                        update(RelayForward)
                        .where(RelayForward.id == row.id)
                        .values(sent_at=now, attempts=row.attempts + 1, last_error=None)
                    )
                else:
                    await self._record_failure(
                        session, row.id, row.attempts + 1, error, now, give_up=not retryable
                    )
        return sent

    async def _post(self, upstream: Upstream, body: dict[str, Any]) -> tuple[str | None, bool]:
        """(None, _) when accepted, else (why, whether another try may succeed)."""
        try:
            answer = await self._http.post(
                upstream.url,
                json=body,
                params=dict(upstream.params or {}),
                headers=dict(upstream.headers or {}),
            )
        except httpx.HTTPError as error:
            return f"{type(error).__name__}: {error}", True
        if answer.is_success:
            return None, True
        retryable = answer.status_code >= 500 or answer.status_code in RETRYABLE
        return f"HTTP {answer.status_code}: {answer.text[:500]}", retryable

    async def _record_failure(
        self,
        session: AsyncSession,
        row_id: int,
        attempts: int,
        error: str,
        now: datetime,
        *,
        give_up: bool,
    ) -> None:
        delay = min(timedelta(seconds=self._retry_seconds * 2 ** (attempts - 1)), MAX_BACKOFF)
        gave_up = give_up or attempts >= self._max_attempts
        await session.execute(
            update(RelayForward)
            .where(RelayForward.id == row_id)
            .values(
                attempts=attempts,
                last_error=error[:2000],
                next_attempt_at=now + delay,
                failed_at=now if gave_up else None,
            )
        )
        if gave_up:
            log.warning("relay forward %s given up after %d attempts: %s", row_id, attempts, error)
