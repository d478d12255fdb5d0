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
import contextvars
import logging
import uuid
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from aiokafka import AIOKafkaProducer
from aiokafka.errors import KafkaError
from opentelemetry import context as otel_context
from opentelemetry import trace
from sqlalchemy import (
    ARRAY,
    BigInteger,
    Row,
    Table,
    any_,
    bindparam,
    cast,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from jobkit.db import unit_of_work
from jobkit.events import EventEnvelope
from jobkit.kafka import idempotent_producer
from jobkit.leader import AdvisoryLockLeader
from jobkit.tasks import stop_if_asked
from jobkit.telemetry import (
    context_from_mapping,
    current_trace_headers,
    inject_kafka_headers,
    kafka_producer_instrumented,
)
from jobkit.wakeup import Wakeup, notify

log = logging.getLogger(__name__)
tracer = trace.get_tracer(__name__)


# the record header in which the relay names each event's type (consumers read it before the
# envelope: a group skips the types it does not apply without parsing them)
EVENT_TYPE_HEADER = "event-type"


def notify_channel(outbox: Table) -> str:
    """The PostgreSQL channel that wakes the relay of this outbox."""
    return f"jobkit_outbox_{outbox.name}"


@dataclass
class _Gathered:
    session: AsyncSession
    outbox: Table
    rows: list[dict[str, Any]] = field(default_factory=list)


_gathered: contextvars.ContextVar[_Gathered | None] = contextvars.ContextVar(
    "jobkit_outbox_gathered", default=None
)


def _row(
    *, topic: str, key: str, event_type: str, event_id: uuid.UUID, body: bytes
) -> dict[str, Any]:
    return {
        "event_id": event_id,
        "topic": topic,
        "key": key,
        "event_type": event_type,
        "body": body,
        "trace_headers": current_trace_headers(),
    }


async def _write(session: AsyncSession, outbox: Table, rows: Sequence[dict[str, Any]]) -> None:
    """The rows in their order, and one notification: one row with a plain INSERT, more with
    one INSERT executed for each in a single round trip (the driver's executemany: the
    statement is compiled and prepared once, where a multi-row VALUES of each batch's length
    was compiled and prepared anew for every batch)."""
    if not rows:
        return
    if len(rows) == 1:
        await session.execute(insert(outbox).values(rows[0]))
    else:
        await session.execute(insert(outbox), list(rows))
    await notify(session, notify_channel(outbox))


async def _add(session: AsyncSession, outbox: Table, row: dict[str, Any]) -> None:
    gathered = _gathered.get()
    if gathered is not None and gathered.session is session and gathered.outbox is outbox:
        gathered.rows.append(row)
        return
    await _write(session, outbox, [row])


async def enqueue(
    session: AsyncSession, outbox: Table, *, topic: str, event: EventEnvelope
) -> None:
    """Add an event to the outbox of the caller's transaction (keyed by its aggregate id); inside
    :func:`gathered_events` of the same session and outbox, when that scope ends."""
    await _add(
        session,
        outbox,
        _row(
            topic=topic,
            key=event.aggregate_id,
            event_type=event.type,
            event_id=event.id,
            body=event.to_bytes(),
        ),
    )


class GatheredEvents:
    """The events a :func:`gathered_events` scope holds until it ends."""

    def __init__(self, gathered: _Gathered) -> None:
        self._gathered = gathered

    @property
    def count(self) -> int:
        return len(self._gathered.rows)

    @contextlib.contextmanager
    def dropped_on_error(self) -> Iterator[None]:
        """Around the work of one savepoint: when it raises (the savepoint rolls back), the
        events it enqueued are dropped too."""
        mark = len(self._gathered.rows)
        try:
            yield
        except BaseException:
            del self._gathered.rows[mark:]
            raise


@contextlib.asynccontextmanager
async def gathered_events(session: AsyncSession, outbox: Table) -> AsyncIterator[GatheredEvents]:
    """The events enqueued in ``session``'s ``outbox`` inside the scope are written when it ends
    without error, in the order they were enqueued, with one multi-row INSERT and one
    notification instead of two statements each (a batch use case: ADR 0042). The scope ends
    before the transaction commits; if it raises, nothing is written (the transaction rolls
    back). A use case that reads its own outbox rows back must not gather them."""
    gathered = _Gathered(session=session, outbox=outbox)
    token = _gathered.set(gathered)
    try:
        yield GatheredEvents(gathered)
    finally:
        _gathered.reset(token)
    await _write(session, outbox, gathered.rows)


# The event type of an outbox row that the relay sends as a tombstone: the key with no value,
# which a compacted topic keeps until ``delete.retention.ms`` and then drops with every earlier
# event of the key (a deleted resume's history, ADR 0036). Consumers skip records without value.
TOMBSTONE = "tombstone"


async def enqueue_tombstone(session: AsyncSession, outbox: Table, *, topic: str, key: str) -> None:
    """Add a tombstone for ``key`` on ``topic`` to the outbox of the caller's transaction: after
    the aggregate's last event, so compaction removes the aggregate's history from the topic."""
    await _add(
        session,
        outbox,
        _row(topic=topic, key=key, event_type=TOMBSTONE, event_id=uuid.uuid4(), body=b""),
    )


class OutboxRelay:
    """Publishes the outbox to Kafka, one active relay per service database.

    Order per aggregate key is the promise: so only one replica relays at a time, the one
    holding the relay's PostgreSQL advisory lock (:class:`jobkit.leader.AdvisoryLockLeader`); the
    others wait and take over when the holder lets go or its connection goes away. The active
    relay hears :func:`enqueue`'s notifications on the lock's connection, reads unsent rows in
    id order without holding a transaction, sends them with a bounded wait, and marks them sent
    in a short transaction once the broker acknowledged them.

    Every failed try is recorded from the first one, whatever stage failed (starting the
    producer, handing it the events, the broker's acknowledgement): the rows it tried get
    ``attempts`` + 1 and ``last_error`` (the stage and the error), and the unsent rows behind them
    get the same reason in ``last_error`` (they wait behind the tried ones; their ``attempts``,
    the tries of that row, stays as it was). Then the relay backs off (exponentially, capped) and
    tries again: delivery is at least once and consumers deduplicate.
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
        idle_interval: float | None = None,
        batch_size: int = 200,
        send_timeout: float = 10.0,
        max_backoff: float = 5.0,
        keep_sent_seconds: float | None = None,
        prune_interval: float = 3600.0,
    ) -> None:
        self._sessions = sessions
        self._outbox = outbox
        self._engine = engine or _engine_of(sessions)
        self._bootstrap_servers = bootstrap_servers
        self._client_id = client_id
        self._poll_interval = poll_interval
        # an idle relay is woken by enqueue's notification; this is how long it waits without
        # one before it looks anyway (the poll interval unless given)
        self._idle_interval = poll_interval if idle_interval is None else idle_interval
        self._batch_size = batch_size
        # Shrinks after a try that ran out of time and grows back after full ones: a slow
        # machine or broker still makes progress instead of timing out the same batch for ever.
        self._batch_limit = batch_size
        self._send_timeout = send_timeout
        self._max_backoff = max_backoff
        self._producer: AIOKafkaProducer | None = None
        self._leader = AdvisoryLockLeader(
            engine=self._engine,
            lock_name=f"jobkit.outbox-relay:{outbox.name}",
            name=f"outbox relay {client_id}",
            retry_interval=max(poll_interval, 0.5),
        )
        self._backoff = poll_interval
        self.sent_total = 0
        # Why the last try failed (None once a try succeeded), as written on the rows.
        self.last_error: str | None = None
        self._wakeup = Wakeup(notify_channel(outbox))
        # sent rows older than this go (None: kept); looked at once per prune interval
        self._keep_sent = keep_sent_seconds
        self._prune_interval = prune_interval
        self._pruned_at: float | None = None
        # the two statements of every try, built once; the sent ids bound as one array, so the
        # UPDATE's text is one whatever the batch's length (an IN list was a new statement,
        # prepared anew, for each length)
        self._unsent = (
            select(outbox)
            .where(outbox.c.sent_at.is_(None))
            .order_by(outbox.c.id)
            .limit(bindparam("limit"))
        )
        self._sent = (
            update(outbox)
            .where(outbox.c.id == any_(cast(bindparam("ids"), ARRAY(BigInteger()))))
            .values(sent_at=bindparam("now"), last_error=None)
        )

    @property
    def is_leader(self) -> bool:
        return self._leader.is_leader

    @property
    def lock_key(self) -> int:
        return self._leader.lock_key

    async def run_forever(self) -> None:
        self._backoff = self._poll_interval
        await self._leader.run_forever(self._relay, after_failure=self._restart_later)

    async def _relay(self, lock_connection: AsyncConnection) -> None:
        """The active relay's loop: relay, back off after a failed try, idle when all is sent."""
        stop_listening = await self._wakeup.listen(lock_connection)
        try:
            while True:
                self._wakeup.clear()
                try:
                    sent = await self.relay_once()
                except (OSError, KafkaError, TimeoutError) as error:
                    stop_if_asked()
                    log.warning("outbox relay could not publish, retrying: %s", error)
                    await self._reset_producer()
                    await asyncio.sleep(self._backoff)
                    self._backoff = min(self._backoff * 2, self._max_backoff)
                    await AdvisoryLockLeader.still_held(lock_connection)
                    continue
                self._backoff = self._poll_interval
                if sent == 0:
                    await self._prune_when_due()
                    await self._idle()
                    await AdvisoryLockLeader.still_held(lock_connection)
        finally:
            await stop_listening()

    async def _restart_later(self, _: Exception) -> None:
        """After the relay itself failed (e.g. its database connection went away)."""
        stop_if_asked()
        await self._reset_producer()
        await asyncio.sleep(self._backoff)
        self._backoff = min(self._backoff * 2, self._max_backoff)

    async def _prune_when_due(self) -> None:
        now = asyncio.get_running_loop().time()
        if self._keep_sent is None or (
            self._pruned_at is not None and now - self._pruned_at < self._prune_interval
        ):
            return
        self._pruned_at = now
        try:
            pruned = await self.prune_sent()
        except Exception:  # the relay's work goes on; the next interval tries again
            log.exception("outbox relay could not prune sent rows")
            return
        if pruned:
            log.info("outbox relay pruned %d sent rows", pruned)

    async def prune_sent(self, *, now: datetime | None = None, batch: int = 5000) -> int:
        """Delete the rows sent longer than ``keep_sent_seconds`` ago (batch by batch); how many
        went. Unsent rows are never touched."""
        if self._keep_sent is None:
            return 0
        before = (now or datetime.now(UTC)) - timedelta(seconds=self._keep_sent)
        table = self._outbox
        total = 0
        while True:
            async with unit_of_work(self._sessions) as session:
                old = (
                    select(table.c.id)
                    .where(table.c.sent_at.is_not(None), table.c.sent_at < before)
                    .limit(batch)
                    .scalar_subquery()
                )
                result = await session.execute(delete(table).where(table.c.id.in_(old)))
            count = int(getattr(result, "rowcount", 0) or 0)
            total += count
            if count < batch:
                return total

    async def _idle(self) -> None:
        """Until an event is enqueued (notified) or the idle interval passed (the poll interval
        where notifications are not heard)."""
        await self._wakeup.wait(
            self._idle_interval if self._wakeup.listening else self._poll_interval
        )

    async def relay_once(self) -> int:
        """Publish one batch of unsent rows; return how many were sent.

        A failure at any stage is recorded on the rows (``attempts``, ``last_error``) and raised;
        the rows the broker acknowledged are marked sent even when the rest of the batch failed
        or ran out of time, and after a batch ran out of time the next one is half as large.
        Call it only from the active relay (``run_forever``) or where no other relay runs.
        """
        async with self._sessions() as session:
            rows = (await session.execute(self._unsent, {"limit": self._batch_limit})).all()
        if not rows:
            return 0
        stage = _Stage()
        futures: list[asyncio.Future[object]] = []
        try:
            async with asyncio.timeout(self._send_timeout):
                await self._publish(rows, stage, futures)
        except Exception as error:
            acknowledged = {
                row.id
                for row, future in zip(rows, futures, strict=False)
                if future.done() and not future.cancelled() and future.exception() is None
            }
            await self._mark_sent(sorted(acknowledged))
            if isinstance(error, TimeoutError):  # a smaller batch helps only what ran out of time
                self._batch_limit = max(1, self._batch_limit // 2)
            await self._record_failure(
                [row.id for row in rows if row.id not in acknowledged],
                stage.describe(error, self._bootstrap_servers, self._send_timeout),
            )
            raise
        await self._mark_sent([row.id for row in rows])
        self._batch_limit = min(self._batch_size, self._batch_limit * 2)
        return len(rows)

    async def _mark_sent(self, ids: list[int]) -> None:
        if not ids:
            return
        async with unit_of_work(self._sessions) as session:
            await session.execute(self._sent, {"ids": ids, "now": datetime.now(UTC)})
        self.sent_total += len(ids)
        self.last_error = None

    async def _publish(
        self, rows: Sequence[Row[Any]], stage: _Stage, futures: list[asyncio.Future[object]]
    ) -> None:
        stage.now = "starting the producer"
        producer = await self._ensure_producer()
        # Sent in id order on one idempotent producer: per key (partition) order is kept.
        stage.now = "handing the events to the producer"
        instrumented = kafka_producer_instrumented()
        # the Kafka trace headers of each row's trace context, made once per context: a batch's
        # rows mostly share the context of the request or batch that wrote them
        injected: dict[tuple[tuple[str, str], ...], list[tuple[str, bytes]]] = {}
        for row in rows:
            futures.append(await self._send(producer, row, instrumented, injected))
        stage.now = "waiting for the broker's acknowledgement"
        await asyncio.gather(*futures)

    async def _send(
        self,
        producer: AIOKafkaProducer,
        row: Row[Any],
        instrumented: bool,
        injected: dict[tuple[tuple[str, str], ...], list[tuple[str, bytes]]],
    ) -> asyncio.Future[object]:
        headers: list[tuple[str, bytes]] = [(EVENT_TYPE_HEADER, row.event_type.encode())]
        value = None if row.event_type == TOMBSTONE else row.body
        stored = row.trace_headers or {}
        if instrumented:
            # the producer's instrumentation makes the send's span in the row's context and
            # puts that span's context in the headers
            token = otel_context.attach(context_from_mapping(stored))
            try:
                sent: asyncio.Future[object] = await producer.send(
                    row.topic, value=value, key=row.key.encode(), headers=headers
                )
                return sent
            finally:
                otel_context.detach(token)
        context_key = tuple(sorted(stored.items()))
        trace_headers = injected.get(context_key)
        if trace_headers is None:
            trace_headers = injected[context_key] = []
            inject_kafka_headers(trace_headers, context_from_mapping(stored))
        headers.extend(trace_headers)
        future: asyncio.Future[object] = await producer.send(
            row.topic, value=value, key=row.key.encode(), headers=headers
        )
        return future

    async def _record_failure(self, ids: list[int], message: str) -> None:
        """The tried rows: one more attempt and why it failed. The unsent rows behind them: why
        they still wait (written once per reason, so a long outage does not rewrite them on
        every try)."""
        self.last_error = message
        if not ids:  # everything tried was acknowledged; only the wait for it failed
            return
        waiting = f"waiting behind outbox rows {ids[0]}-{ids[-1]}: {message}"[:MAX_ERROR]
        try:
            async with unit_of_work(self._sessions) as session:
                await session.execute(
                    update(self._outbox)
                    .where(self._outbox.c.id.in_(ids))
                    .values(attempts=self._outbox.c.attempts + 1, last_error=message)
                )
                await session.execute(
                    update(self._outbox)
                    .where(
                        self._outbox.c.sent_at.is_(None),
                        self._outbox.c.id > ids[-1],
                        self._outbox.c.last_error.is_distinct_from(waiting),
                    )
                    .values(last_error=waiting)
                )
        except Exception:
            log.exception("could not record the outbox failure: %s", message)

    async def _ensure_producer(self) -> AIOKafkaProducer:
        if self._producer is None:
            producer = idempotent_producer(self._bootstrap_servers, client_id=self._client_id)
            try:
                await producer.start()
            except BaseException:  # a cancelled start too: stopping it is bounded
                with contextlib.suppress(Exception):
                    async with asyncio.timeout(self._send_timeout):
                        await producer.stop()
                raise
            self._producer = producer
        return self._producer

    async def _reset_producer(self) -> None:
        producer, self._producer = self._producer, None
        if producer is not None:
            try:
                async with asyncio.timeout(self._send_timeout):
                    await producer.stop()
            except Exception:
                log.debug("producer stop failed", exc_info=True)

    async def close(self) -> None:
        await self._reset_producer()


MAX_ERROR = 2000


class _Stage:
    """Where a try is, so its failure says which stage failed (a timeout alone says nothing)."""

    def __init__(self) -> None:
        self.now = "reading the outbox"

    def describe(self, error: BaseException, bootstrap_servers: str, timeout: float) -> str:
        if isinstance(error, TimeoutError):
            what = f"no answer from Kafka ({bootstrap_servers}) within {timeout:g} s"
        else:
            detail = str(error)
            name = type(error).__name__
            # Kafka's errors already start with their own name
            what = detail if detail.startswith(name) else f"{name}: {detail}".rstrip(": ")
        return f"{self.now}: {what}"[:MAX_ERROR]


def _engine_of(sessions: async_sessionmaker[AsyncSession]) -> AsyncEngine:
    bind = sessions.kw.get("bind")
    if isinstance(bind, AsyncEngine):
        return bind
    raise ValueError("OutboxRelay needs engine= when its sessions are not bound to an engine")
