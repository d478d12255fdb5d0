"""The transactional outbox: events are rows written in the same transaction as the state change.

:func:`enqueue` is called inside a use case's unit of work. :class:`OutboxRelay` publishes unsent
rows to Kafka with an idempotent producer (acks=all) and marks them sent. When Kafka is down the
rows wait; nothing is lost and order per aggregate key is kept (one active relay per service).
``enqueue`` also sends a PostgreSQL notification (delivered when the transaction commits, once per
transaction), so the relay wakes at once instead of at its next poll; polling stays as the
fallback for a missed notification.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import zlib
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from aiokafka import AIOKafkaProducer
from aiokafka.errors import KafkaError
from opentelemetry import context as otel_context
from opentelemetry import trace
from sqlalchemy import Row, Table, insert, select, text, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from jobkit.db import unit_of_work
from jobkit.events import EventEnvelope
from jobkit.kafka import idempotent_producer
from jobkit.telemetry import (
    context_from_mapping,
    current_trace_headers,
    inject_kafka_headers,
    kafka_producer_instrumented,
)

log = logging.getLogger(__name__)
tracer = trace.get_tracer(__name__)


def notify_channel(outbox: Table) -> str:
    """The PostgreSQL channel that wakes the relay of this outbox."""
    return f"jobkit_outbox_{outbox.name}"


async def enqueue(
    session: AsyncSession, outbox: Table, *, topic: str, event: EventEnvelope
) -> None:
    """Add an event to the outbox of the caller's transaction (keyed by its aggregate id)."""
    await session.execute(
        insert(outbox).values(
            event_id=event.id,
            topic=topic,
            key=event.aggregate_id,
            event_type=event.type,
            body=event.to_bytes(),
            trace_headers=current_trace_headers(),
        )
    )
    await session.execute(
        text("SELECT pg_notify(:channel, '')"), {"channel": notify_channel(outbox)}
    )


class OutboxRelay:
    """Publishes the outbox to Kafka, one active relay per service database.

    Order per aggregate key is the promise: so only one replica relays at a time. Each replica's
    relay asks for a PostgreSQL advisory lock (held on a dedicated connection for as long as it
    relays); the others wait and take over when the holder's connection goes away. The active
    relay reads unsent rows in id order without holding a transaction, sends them with a bounded
    wait, and marks them sent in a short transaction once the broker acknowledged them. When
    Kafka is down a send times out, the rows stay unsent with ``attempts`` and ``last_error``
    recorded, and the relay backs off (exponentially, capped) and tries again: delivery is at
    least once and consumers deduplicate.
    """

    def __init__(
        self,
        *,
        sessions: async_sessionmaker[AsyncSession],
        outbox: Table,
        bootstrap_servers: str,
        client_id: str,
        engine: AsyncEngine | None = None,
        poll_interval: float = 0.2,
        batch_size: int = 200,
        send_timeout: float = 10.0,
        max_backoff: float = 5.0,
    ) -> None:
        self._sessions = sessions
        self._outbox = outbox
        self._engine = engine or _engine_of(sessions)
        self._bootstrap_servers = bootstrap_servers
        self._client_id = client_id
        self._poll_interval = poll_interval
        self._batch_size = batch_size
        # Shrinks after a try that ran out of time and grows back after full ones: a slow
        # machine or broker still makes progress instead of timing out the same batch for ever.
        self._batch_limit = batch_size
        self._send_timeout = send_timeout
        self._max_backoff = max_backoff
        self._producer: AIOKafkaProducer | None = None
        self.lock_key = zlib.crc32(f"jobkit.outbox-relay:{outbox.name}".encode())
        self.sent_total = 0
        self.is_leader = False
        self._wake = asyncio.Event()

    async def run_forever(self) -> None:
        backoff = self._poll_interval
        while True:
            try:
                async with self._engine.connect() as lock_connection:
                    await self._become_leader(lock_connection)
                    stop_listening = await self._listen(lock_connection)
                    try:
                        while True:
                            self._wake.clear()
                            try:
                                sent = await self.relay_once()
                            except (OSError, KafkaError, TimeoutError) as error:
                                log.warning("outbox relay could not publish, retrying: %s", error)
                                await self._reset_producer()
                                await asyncio.sleep(backoff)
                                backoff = min(backoff * 2, self._max_backoff)
                                await self._check_lock(lock_connection)
                                continue
                            backoff = self._poll_interval
                            if sent == 0:
                                await self._idle()
                                await self._check_lock(lock_connection)
                    finally:
                        await stop_listening()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("outbox relay lost its footing, restarting: %s", error)
                await self._reset_producer()
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, self._max_backoff)
            finally:
                self.is_leader = False

    async def _become_leader(self, connection: AsyncConnection) -> None:
        """Wait until this relay holds the relay lock (a session lock on ``connection``)."""
        while True:
            acquired = await connection.scalar(
                text("SELECT pg_try_advisory_lock(:key)"), {"key": self.lock_key}
            )
            await connection.commit()  # never sit idle in a transaction while waiting or relaying
            if acquired:
                self.is_leader = True
                log.info("outbox relay %s is the active relay", self._client_id)
                return
            await asyncio.sleep(max(self._poll_interval, 0.5))

    async def _listen(self, connection: AsyncConnection) -> Callable[[], Awaitable[None]]:
        """Wake on the outbox's notifications, heard on the lock's connection; returns how to
        stop listening (before the connection goes back to the pool)."""
        driver: Any = (await connection.get_raw_connection()).driver_connection
        if not hasattr(driver, "add_listener"):  # not asyncpg: polling alone

            async def nothing() -> None:
                return None

            return nothing
        channel = notify_channel(self._outbox)

        def wake(*_: object) -> None:
            self._wake.set()

        await driver.add_listener(channel, wake)

        async def stop() -> None:
            with contextlib.suppress(Exception):
                await driver.remove_listener(channel, wake)

        return stop

    async def _idle(self) -> None:
        """Until an event is enqueued (notified) or the poll interval passed."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout=self._poll_interval)

    async def _check_lock(self, connection: AsyncConnection) -> None:
        """Fail (and so re-elect) when the lock connection is gone."""
        await connection.execute(text("SELECT 1"))
        await connection.commit()

    async def relay_once(self) -> int:
        """Publish one batch of unsent rows; return how many were sent.

        The rows the broker acknowledged are marked sent even when the rest of the batch failed
        or ran out of time, and the next batch is then half as large.
        Call it only from the active relay (``run_forever``) or where no other relay runs.
        """
        async with self._sessions() as session:
            rows = (
                await session.execute(
                    select(self._outbox)
                    .where(self._outbox.c.sent_at.is_(None))
                    .order_by(self._outbox.c.id)
                    .limit(self._batch_limit)
                )
            ).all()
        if not rows:
            return 0
        futures: list[asyncio.Future[object]] = []
        try:
            await asyncio.wait_for(self._publish(rows, futures), timeout=self._send_timeout)
        except Exception as error:
            acknowledged = [
                row.id
                for row, future in zip(rows, futures, strict=False)
                if future.done() and not future.cancelled() and future.exception() is None
            ]
            await self._mark_sent(acknowledged)
            self._batch_limit = max(1, self._batch_limit // 2)
            await self._record_failure(
                [row.id for row in rows if row.id not in acknowledged], error
            )
            raise
        await self._mark_sent([row.id for row in rows])
        self._batch_limit = min(self._batch_size, self._batch_limit * 2)
        return len(rows)

    async def _mark_sent(self, ids: list[int]) -> None:
        if not ids:
            return
        async with unit_of_work(self._sessions) as session:
            await session.execute(
                update(self._outbox)
                .where(self._outbox.c.id.in_(ids))
                .values(sent_at=datetime.now(UTC), last_error=None)
            )
        self.sent_total += len(ids)

    async def _publish(
        self, rows: Sequence[Row[Any]], futures: list[asyncio.Future[object]]
    ) -> None:
        producer = await self._ensure_producer()
        # Sent in id order on one idempotent producer: per key (partition) order is kept.
        for row in rows:
            futures.append(await self._send(producer, row))
        await asyncio.gather(*futures)

    async def _send(self, producer: AIOKafkaProducer, row: Row[Any]) -> asyncio.Future[object]:
        token = otel_context.attach(context_from_mapping(row.trace_headers or {}))
        try:
            headers: list[tuple[str, bytes]] = [("event-type", row.event_type.encode())]
            if not kafka_producer_instrumented():
                inject_kafka_headers(headers)
            future: asyncio.Future[object] = await producer.send(
                row.topic, value=row.body, key=row.key.encode(), headers=headers
            )
            return future
        finally:
            otel_context.detach(token)

    async def _record_failure(self, ids: list[int], error: BaseException) -> None:
        message = f"{type(error).__name__}: {error}"[:2000]
        try:
            async with unit_of_work(self._sessions) as session:
                await session.execute(
                    update(self._outbox)
                    .where(self._outbox.c.id.in_(ids))
                    .values(attempts=self._outbox.c.attempts + 1, last_error=message)
                )
        except Exception:
            log.exception("could not record the outbox failure")

    async def _ensure_producer(self) -> AIOKafkaProducer:
        if self._producer is None:
            producer = idempotent_producer(self._bootstrap_servers, client_id=self._client_id)
            try:
                await producer.start()
            except BaseException:
                await producer.stop()
                raise
            self._producer = producer
        return self._producer

    async def _reset_producer(self) -> None:
        producer, self._producer = self._producer, None
        if producer is not None:
            try:
                await asyncio.wait_for(producer.stop(), timeout=self._send_timeout)
            except Exception:
                log.debug("producer stop failed", exc_info=True)

    async def close(self) -> None:
        await self._reset_producer()


def _engine_of(sessions: async_sessionmaker[AsyncSession]) -> AsyncEngine:
    bind = sessions.kw.get("bind")
    if isinstance(bind, AsyncEngine):
        return bind
    raise ValueError("OutboxRelay needs engine= when its sessions are not bound to an engine")
