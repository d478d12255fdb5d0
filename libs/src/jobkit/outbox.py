"""The transactional outbox: events are rows written in the same transaction as the state change.

:func:`enqueue` is called inside a use case's unit of work. :class:`OutboxRelay` publishes unsent
rows to Kafka with an idempotent producer (acks=all) and marks them sent. When Kafka is down the
rows wait; nothing is lost and order per aggregate key is kept.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime

from aiokafka import AIOKafkaProducer
from opentelemetry import context as otel_context
from opentelemetry import trace
from sqlalchemy import Table, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

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


class OutboxRelay:
    """Publishes the outbox to Kafka; one per service process.

    Rows are claimed with ``FOR UPDATE SKIP LOCKED`` so several replicas can relay side by side.
    A row is marked sent only after the broker acknowledged it; a failure rolls the claim back
    and the row is retried, so delivery is at least once and consumers deduplicate.
    """

    def __init__(
        self,
        *,
        sessions: async_sessionmaker[AsyncSession],
        outbox: Table,
        bootstrap_servers: str,
        client_id: str,
        poll_interval: float = 0.2,
        batch_size: int = 200,
        max_backoff: float = 5.0,
    ) -> None:
        self._sessions = sessions
        self._outbox = outbox
        self._bootstrap_servers = bootstrap_servers
        self._client_id = client_id
        self._poll_interval = poll_interval
        self._batch_size = batch_size
        self._max_backoff = max_backoff
        self._producer: AIOKafkaProducer | None = None

    async def run_forever(self) -> None:
        backoff = self._poll_interval
        while True:
            try:
                sent = await self.relay_once()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("outbox relay failed, retrying: %s", error)
                await self._reset_producer()
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, self._max_backoff)
                continue
            backoff = self._poll_interval
            if sent == 0:
                await asyncio.sleep(self._poll_interval)

    async def relay_once(self) -> int:
        """Publish one batch of unsent rows; return how many were sent."""
        claimed: list[int] = []
        try:
            async with unit_of_work(self._sessions) as session:
                rows = (
                    await session.execute(
                        select(self._outbox)
                        .where(self._outbox.c.sent_at.is_(None))
                        .order_by(self._outbox.c.id)
                        .limit(self._batch_size)
                        .with_for_update(skip_locked=True)
                    )
                ).all()
                if not rows:
                    return 0
                claimed = [row.id for row in rows]
                producer = await self._ensure_producer()
                await asyncio.gather(*[await self._send(producer, row) for row in rows])
                await session.execute(
                    update(self._outbox)
                    .where(self._outbox.c.id.in_(claimed))
                    .values(sent_at=datetime.now(UTC), last_error=None)
                )
        except Exception as error:
            # The claim was rolled back above; note the failure on the rows for operators.
            if claimed:
                await self._record_failure(claimed, error)
            raise
        return len(claimed)

    async def _send(self, producer: AIOKafkaProducer, row: object) -> asyncio.Future[object]:
        token = otel_context.attach(context_from_mapping(row.trace_headers or {}))  # type: ignore[attr-defined]
        try:
            headers: list[tuple[str, bytes]] = [("event-type", row.event_type.encode())]  # type: ignore[attr-defined]
            if not kafka_producer_instrumented():
                inject_kafka_headers(headers)
            future: asyncio.Future[object] = await producer.send(
                row.topic,  # type: ignore[attr-defined]
                value=row.body,  # type: ignore[attr-defined]
                key=row.key.encode(),  # type: ignore[attr-defined]
                headers=headers,
            )
            return future
        finally:
            otel_context.detach(token)

    async def _record_failure(self, ids: list[int], error: Exception) -> None:
        try:
            async with unit_of_work(self._sessions) as session:
                await session.execute(
                    update(self._outbox)
                    .where(self._outbox.c.id.in_(ids))
                    .values(attempts=self._outbox.c.attempts + 1, last_error=str(error)[:2000])
                )
        except Exception:
            log.exception("could not record the outbox failure")

    async def _ensure_producer(self) -> AIOKafkaProducer:
        if self._producer is None:
            producer = idempotent_producer(self._bootstrap_servers, client_id=self._client_id)
            await producer.start()
            self._producer = producer
        return self._producer

    async def _reset_producer(self) -> None:
        producer, self._producer = self._producer, None
        if producer is not None:
            try:
                await producer.stop()
            except Exception:
                log.debug("producer stop failed", exc_info=True)

    async def close(self) -> None:
        await self._reset_producer()
