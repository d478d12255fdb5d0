"""The outbox and the idempotent consumer against the real PostgreSQL and Kafka."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta

import pytest
from aiokafka import AIOKafkaProducer, TopicPartition
from jobkit.consumer import (
    IDLE_FETCH_MAX_WAIT_MS,
    Batching,
    IdempotentConsumer,
    PermanentEventError,
)
from jobkit.db import make_engine, make_sessionmaker, new_metadata, unit_of_work
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics
from jobkit.messaging_tables import add_messaging_tables
from jobkit.outbox import OutboxRelay, enqueue, enqueue_tombstone, gathered_events
from jobkit.settings import ServiceSettings
from jobkit.telemetry import context_from_mapping
from jobkit.testing.database import temporary_database
from jobkit.testing.kafka import read_topic
from jobkit.testing.statements import count_statements
from opentelemetry import context as otel_context
from sqlalchemy import Column, Integer, String, Table, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

metadata = new_metadata()
outbox, processed = add_messaging_tables(metadata)
# A deliberately non-idempotent effect: every application adds a row.
effects = Table(
    "effects",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("note", String(200), nullable=False),
)
notes = Table("notes", metadata, Column("id", Integer, primary_key=True), Column("text", String))


@pytest.fixture(scope="module")
def settings(run_prefix: str) -> ServiceSettings:
    return ServiceSettings(service_name="kit", db_name="kit", kafka_topic_prefix=run_prefix)


@pytest.fixture(scope="module")
async def sessions(settings: ServiceSettings) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    async with temporary_database(settings, metadata=metadata) as url:
        engine = make_engine(url)
        yield make_sessionmaker(engine)
        await engine.dispose()


def _topic(settings: ServiceSettings) -> str:
    return settings.topic(f"kit.{uuid.uuid4().hex[:6]}")


def _event(note: str, key: str = "aggregate-1") -> EventEnvelope:
    return EventEnvelope(type="kit.noted", aggregate_id=key, site="test", payload={"note": note})


async def _apply(session: AsyncSession, event: EventEnvelope) -> None:
    note = event.payload["note"]
    if note == "always-fails":
        raise RuntimeError("the handler cannot apply this")
    if note == "permanent":
        raise PermanentEventError("this event can never be applied")
    await session.execute(insert(effects).values(note=note))


def _consumer(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession], topic: str
) -> IdempotentConsumer:
    return IdempotentConsumer(
        group_id=f"{topic}.group",
        handlers={topic: {"kit.noted": _apply}},
        sessions=sessions,
        processed=processed,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        retry_backoff=0.01,
    )


async def _drain(consumer: IdempotentConsumer, *, until: int, timeout: float = 60.0) -> int:
    seen = 0
    deadline = asyncio.get_running_loop().time() + timeout
    while seen < until and asyncio.get_running_loop().time() < deadline:
        seen += await consumer.poll_once(timeout_ms=500)
    return seen


async def _effect_count(sessions: async_sessionmaker[AsyncSession], note: str) -> int:
    async with sessions() as session:
        return int(await session.scalar(select(func.count()).where(effects.c.note == note)) or 0)


async def _publish_raw(settings: ServiceSettings, topic: str, values: list[bytes]) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=settings.kafka_bootstrap_servers)
    await producer.start()
    try:
        for value in values:
            await producer.send_and_wait(topic, value=value, key=b"aggregate-1")
    finally:
        await producer.stop()


async def test_state_and_event_commit_or_roll_back_together(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    event = _event("atomic")
    with pytest.raises(RuntimeError):
        async with unit_of_work(sessions) as session:
            await session.execute(insert(notes).values(text="atomic"))
            await enqueue(session, outbox, topic="kit.atomic", event=event)
            raise RuntimeError("the use case failed after writing")
    async with sessions() as session:
        assert await session.scalar(select(func.count()).select_from(notes)) == 0
        assert await session.scalar(select(func.count()).where(outbox.c.event_id == event.id)) == 0


async def test_gathered_events_are_written_in_order_with_one_insert_and_a_savepoints_dropped(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    key = f"gathered-{uuid.uuid4().hex[:6]}"
    events = [_event(f"gathered-{n}", key) for n in range(5)]
    engine = sessions.kw["bind"]
    with count_statements(engine.sync_engine) as log:
        async with unit_of_work(sessions) as session, gathered_events(session, outbox) as batch:
            for n, event in enumerate(events):
                with contextlib.suppress(RuntimeError), batch.dropped_on_error():
                    async with session.begin_nested():
                        await enqueue(session, outbox, topic="kit.gathered", event=event)
                        if n == 2:
                            raise RuntimeError("this item is refused: its savepoint rolls back")
            assert batch.count == 4
    assert sum(1 for s in log.statements if s.startswith("INSERT INTO outbox")) == 1
    assert sum(1 for s in log.statements if "pg_notify" in s) == 1
    async with sessions() as session:
        written = list(
            await session.scalars(
                select(outbox.c.event_id).where(outbox.c.key == key).order_by(outbox.c.id)
            )
        )
    assert written == [event.id for n, event in enumerate(events) if n != 2]


async def test_relay_publishes_the_outbox_and_the_consumer_applies_it(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    async with unit_of_work(sessions) as session:
        await enqueue(session, outbox, topic=topic, event=_event("relayed"))
    relay = OutboxRelay(
        sessions=sessions,
        outbox=outbox,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        client_id="kit-relay",
    )
    try:
        assert await relay.relay_once() >= 1
    finally:
        await relay.close()
    async with sessions() as session:
        unsent = await session.scalar(
            select(func.count()).where(outbox.c.topic == topic, outbox.c.sent_at.is_(None))
        )
    assert unsent == 0
    consumer = _consumer(settings, sessions, topic)
    await consumer.start()
    try:
        assert await _drain(consumer, until=1) == 1
    finally:
        await consumer.stop()
    assert await _effect_count(sessions, "relayed") == 1


async def test_a_tombstone_goes_out_without_a_value_and_consumers_pass_over_it(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    async with unit_of_work(sessions) as session:
        await enqueue(session, outbox, topic=topic, event=_event("before the tombstone"))
        await enqueue_tombstone(session, outbox, topic=topic, key="aggregate-1")
        await enqueue(session, outbox, topic=topic, event=_event("after the tombstone"))
    relay = OutboxRelay(
        sessions=sessions,
        outbox=outbox,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        client_id="kit-relay",
    )
    try:
        assert await relay.relay_once() >= 3
    finally:
        await relay.close()
    records = await read_topic(settings.kafka_bootstrap_servers, topic, expect=3)
    assert [record.key for record in records] == [b"aggregate-1"] * 3
    assert [record.value is None for record in records] == [False, True, False]
    consumer = _consumer(settings, sessions, topic)
    await consumer.start()
    try:
        assert await _drain(consumer, until=3) == 3
    finally:
        await consumer.stop()
    # both events applied, the tombstone passed over: nothing dead-lettered
    assert await _effect_count(sessions, "before the tombstone") == 1
    assert await _effect_count(sessions, "after the tombstone") == 1
    assert await read_topic(settings.kafka_bootstrap_servers, f"{topic}.dlt", timeout=2) == []


async def test_sent_rows_go_once_the_broker_has_dropped_them_and_unsent_ones_stay(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    events = [_event(f"prune-{n}", key=f"prune-{uuid.uuid4().hex[:6]}") for n in range(3)]
    async with unit_of_work(sessions) as session:
        for event in events:
            await enqueue(session, outbox, topic=topic, event=event)
    old, recent, unsent = (event.id for event in events)
    now = datetime.now(UTC)
    async with unit_of_work(sessions) as session:
        await session.execute(
            update(outbox).where(outbox.c.event_id == old).values(sent_at=now - timedelta(days=8))
        )
        await session.execute(
            update(outbox)
            .where(outbox.c.event_id == recent)
            .values(sent_at=now - timedelta(days=6))
        )
    relay = OutboxRelay(
        sessions=sessions,
        outbox=outbox,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        client_id="kit-relay",
        keep_sent_seconds=7 * 24 * 3600,
    )
    assert await relay.prune_sent(now=now, batch=1) >= 1
    async with sessions() as session:
        left = set(
            await session.scalars(
                select(outbox.c.event_id).where(outbox.c.event_id.in_([old, recent, unsent]))
            )
        )
    assert left == {recent, unsent}
    # without a keeping period nothing goes
    keeper = OutboxRelay(
        sessions=sessions,
        outbox=outbox,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        client_id="kit-relay",
    )
    assert await keeper.prune_sent(now=now + timedelta(days=30)) == 0


async def test_a_batch_that_ran_out_of_time_is_retried_in_smaller_batches(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    """A machine too slow to send a whole batch in time still makes progress: the next try
    sends half as many rows, and full batches grow the size back."""
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic])
    async with unit_of_work(sessions) as session:
        for number in range(8):
            await enqueue(session, outbox, topic=topic, event=_event(f"slow-{number}"))
    relay = OutboxRelay(
        sessions=sessions,
        outbox=outbox,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        client_id="kit-relay-slow",
        batch_size=8,
        send_timeout=1e-9,  # no batch can be sent in time
    )
    try:
        with pytest.raises(TimeoutError):
            await relay.relay_once()
        relay._send_timeout = 30.0  # the broker answers in time again
        assert await relay.relay_once() == 4
        while await relay.relay_once():
            pass
    finally:
        await relay.close()
    async with sessions() as session:
        unsent = await session.scalar(
            select(func.count()).where(outbox.c.topic == topic, outbox.c.sent_at.is_(None))
        )
    assert unsent == 0


async def test_the_same_event_delivered_twice_has_one_effect(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    event = _event("exactly-once")
    await _publish_raw(settings, topic, [event.to_bytes(), event.to_bytes()])
    consumer = _consumer(settings, sessions, topic)
    await consumer.start()
    try:
        assert await _drain(consumer, until=2) == 2
    finally:
        await consumer.stop()
    assert await _effect_count(sessions, "exactly-once") == 1


async def test_a_redelivery_after_a_restart_has_no_second_effect(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    """A consumer that applied an event but died before committing its offset sees it again."""
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    await _publish_raw(settings, topic, [_event("restart").to_bytes()])
    first = _consumer(settings, sessions, topic)
    await first.start()
    try:
        applied = 0
        deadline = asyncio.get_running_loop().time() + 60
        while not applied:
            assert asyncio.get_running_loop().time() < deadline, "the event never came"
            batches = await first._consumer.getmany(timeout_ms=1_000)  # type: ignore[union-attr]
            for records in batches.values():
                for record in records:
                    await first.handle(record)  # applied, offset never committed
                    applied += 1
    finally:
        await first.stop()
    second = _consumer(settings, sessions, topic)
    await second.start()
    try:
        assert await _drain(second, until=1) == 1
    finally:
        await second.stop()
    assert await _effect_count(sessions, "restart") == 1


async def test_poison_events_are_dead_lettered_and_the_partition_keeps_flowing(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    await _publish_raw(
        settings,
        topic,
        [
            b"{not json at all",
            _event("always-fails").to_bytes(),
            _event("permanent").to_bytes(),
            _event("after-the-poison").to_bytes(),
        ],
    )
    consumer = _consumer(settings, sessions, topic)
    await consumer.start()
    try:
        assert await _drain(consumer, until=4) == 4
    finally:
        await consumer.stop()
    assert await _effect_count(sessions, "after-the-poison") == 1

    dead = await read_topic(settings.kafka_bootstrap_servers, f"{topic}.dlt", expect=3)
    assert next(record.value for record in dead) == b"{not json at all"
    errors = [dict(record.headers)["dlt-error"].decode() for record in dead]
    assert errors[0].startswith("unreadable envelope")
    assert "after 3 attempts" in errors[1]
    assert errors[2].startswith("PermanentEventError")
    assert all(dict(r.headers)["dlt-original-topic"] == topic.encode() for r in dead)


async def test_an_enqueued_event_wakes_the_idle_relay_before_its_next_poll(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    """With an idle interval of a minute (services wait 5 s), only the commit's notification
    can wake the relay."""
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic])
    relay = OutboxRelay(
        sessions=sessions,
        outbox=outbox,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        client_id="kit-relay-notified",
        idle_interval=60.0,
    )
    running = asyncio.create_task(relay.run_forever())
    try:
        deadline = asyncio.get_running_loop().time() + 60
        for note in ("first", "woken"):  # the first one is relayed with the relay's start
            event = _event(note)
            async with unit_of_work(sessions) as session:
                await enqueue(session, outbox, topic=topic, event=event)
            while True:
                async with sessions() as session:
                    sent = await session.scalar(
                        select(outbox.c.sent_at).where(outbox.c.event_id == event.id)
                    )
                if sent is not None:
                    break
                assert asyncio.get_running_loop().time() < deadline, f"{note} not relayed"
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)  # the relay is idle now, until its next poll
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        await relay.close()
    records = await read_topic(settings.kafka_bootstrap_servers, topic, expect=2)
    assert EventEnvelope.from_bytes(records[-1].value).id == event.id


async def test_the_after_batch_step_runs_after_applied_batches_only(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    await _publish_raw(settings, topic, [_event(f"batched-{n}").to_bytes() for n in range(3)])
    applied_when_called: list[int] = []

    async def after_batch() -> None:
        applied_when_called.append(await _effect_count(sessions, "batched-2"))

    consumer = IdempotentConsumer(
        group_id=f"{topic}.group",
        handlers={topic: {"kit.noted": _apply}},
        sessions=sessions,
        processed=processed,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        after_batch=after_batch,
    )
    await consumer.start()
    try:
        assert await _drain(consumer, until=3) == 3
        calls = len(applied_when_called)
        assert await consumer.poll_once(timeout_ms=300) == 0  # nothing fetched: no step
    finally:
        await consumer.stop()
    assert 1 <= calls <= 3
    assert len(applied_when_called) == calls
    assert applied_when_called[-1] == 1  # it ran after the last event's effect was durable


async def test_snapshots_of_one_aggregate_in_a_batch_apply_only_the_last(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    producer = AIOKafkaProducer(bootstrap_servers=settings.kafka_bootstrap_servers)
    await producer.start()
    try:
        for note, key in (("a-1", "a"), ("b-1", "b"), ("a-2", "a"), ("a-3", "a")):
            await producer.send(
                topic,
                value=_event(f"coalesced-{note}", key=key).to_bytes(),
                key=key.encode(),
                headers=[("event-type", b"kit.noted")],
            )
        await producer.flush()
    finally:
        await producer.stop()
    consumer = IdempotentConsumer(
        group_id=f"{topic}.group",
        handlers={topic: {"kit.noted": _apply}},
        sessions=sessions,
        processed=processed,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        coalesce=lambda _topic, key, event_type: key if event_type == "kit.noted" else None,
    )
    await consumer.start()
    try:
        assert await _drain(consumer, until=4) == 4
    finally:
        await consumer.stop()
    applied = {
        note: await _effect_count(sessions, f"coalesced-{note}")
        for note in ("a-1", "a-2", "a-3", "b-1")
    }
    assert applied["a-3"] == 1  # each aggregate's last one
    assert applied["b-1"] == 1
    # the earlier ones of "a" were skipped when they came in the same batch as a later one
    assert applied["a-1"] + applied["a-2"] == 2 - consumer.superseded_total
    assert consumer.superseded_total >= 1  # sent together, they arrive in one batch


async def _send_notes(settings: ServiceSettings, topic: str, events: list[EventEnvelope]) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=settings.kafka_bootstrap_servers)
    await producer.start()
    try:
        for event in events:
            await producer.send(
                topic,
                value=event.to_bytes(),
                key=event.aggregate_id.encode(),
                headers=[("event-type", event.type.encode())],
            )
        await producer.flush()
    finally:
        await producer.stop()


class _Scope:
    """A batching scope that records the notes applied inside each of its runs."""

    def __init__(self) -> None:
        self.runs: list[list[str]] = []
        self.current: list[str] | None = None

    @contextlib.asynccontextmanager
    async def __call__(self) -> AsyncIterator[None]:
        self.current = []
        try:
            yield
        finally:
            self.runs.append(self.current)
            self.current = None

    async def apply(self, session: AsyncSession, event: EventEnvelope) -> None:
        if self.current is not None:
            self.current.append(event.payload["note"])
        await _apply(session, event)


def _batching_consumer(
    settings: ServiceSettings,
    sessions: async_sessionmaker[AsyncSession],
    topic: str,
    scope: _Scope,
) -> IdempotentConsumer:
    return IdempotentConsumer(
        group_id=f"{topic}.group",
        handlers={topic: {"kit.noted": scope.apply, "kit.other": _apply}},
        sessions=sessions,
        processed=processed,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        retry_backoff=0.01,
        batching=Batching(scope=scope, scoped=frozenset({"kit.noted"})),
    )


async def test_a_batching_group_applies_a_fetched_batch_in_one_transaction_and_scope_runs(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    run = uuid.uuid4().hex[:6]
    events = [_event(f"{run}-{n}", key="one-partition") for n in range(4)]
    other = EventEnvelope(
        type="kit.other", aggregate_id="one-partition", site="test", payload={"note": f"{run}-x"}
    )
    repeated = events[0]
    await _send_notes(settings, topic, [*events[:2], other, *events[2:], repeated])
    scope = _Scope()
    consumer = _batching_consumer(settings, sessions, topic, scope)
    await consumer.start()
    try:
        assert await _drain(consumer, until=6) == 6
    finally:
        await consumer.stop()
    assert consumer.batches_applied >= 1  # they were there before it started: one fetch
    assert consumer.batches_split == 0
    for note in [f"{run}-{n}" for n in range(4)] + [f"{run}-x"]:
        assert await _effect_count(sessions, note) == 1, note  # the repeated event: once
    in_scope = [note for applied in scope.runs for note in applied]
    assert in_scope == sorted(set(in_scope))  # in order, the repeated one not again
    # the scope closed before the other event's handler and opened again after it
    assert not any(f"{run}-1" in applied and f"{run}-2" in applied for applied in scope.runs)


async def test_a_failing_record_splits_its_batch_and_only_it_is_dead_lettered(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    run = uuid.uuid4().hex[:6]
    events = [
        _event(f"{run}-a", key="p"),
        _event("always-fails", key="p"),
        _event(f"{run}-b", key="p"),
    ]
    await _send_notes(settings, topic, events)
    scope = _Scope()
    consumer = _batching_consumer(settings, sessions, topic, scope)
    await consumer.start()
    try:
        assert await _drain(consumer, until=3) == 3
    finally:
        await consumer.stop()
    assert consumer.batches_split >= 1
    # nothing of the failed batch was kept: each good event's effect exists exactly once
    assert await _effect_count(sessions, f"{run}-a") == 1
    assert await _effect_count(sessions, f"{run}-b") == 1
    dead = await read_topic(settings.kafka_bootstrap_servers, f"{topic}.dlt", expect=1)
    assert [EventEnvelope.from_bytes(record.value).id for record in dead] == [events[1].id]


class _Runs:
    """A run handler that records each run's notes, applies them and enqueues an event for
    each; the record handler does the same for one record."""

    def __init__(self) -> None:
        self.runs: list[list[str]] = []

    async def apply_run(self, session: AsyncSession, events: Sequence[EventEnvelope]) -> None:
        self.runs.append([event.payload["note"] for event in events])
        for event in events:
            await self.apply(session, event)

    async def apply(self, session: AsyncSession, event: EventEnvelope) -> None:
        await _apply(session, event)
        await enqueue(
            session,
            outbox,
            topic="kit.answers",
            event=EventEnvelope(
                type="kit.answered",
                aggregate_id=event.aggregate_id,
                site="test",
                payload={"note": event.payload["note"]},
            ),
        )


def _runs_consumer(
    settings: ServiceSettings,
    sessions: async_sessionmaker[AsyncSession],
    topic: str,
    runs: _Runs,
) -> IdempotentConsumer:
    return IdempotentConsumer(
        group_id=f"{topic}.group",
        handlers={topic: {"kit.noted": runs.apply, "kit.other": runs.apply}},
        sessions=sessions,
        processed=processed,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        retry_backoff=0.01,
        batching=Batching(outbox=outbox, runs={"kit.noted": runs.apply_run}),
    )


async def _answered(sessions: async_sessionmaker[AsyncSession], run: str) -> list[str]:
    async with sessions() as session:
        bodies = await session.scalars(
            select(outbox.c.body)
            .where(outbox.c.event_type == "kit.answered", outbox.c.key.like(f"{run}%"))
            .order_by(outbox.c.id)
        )
        return [EventEnvelope.from_bytes(body).payload["note"] for body in bodies]


async def test_run_handlers_take_each_run_of_their_type_and_the_batch_writes_one_outbox_insert(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    run = uuid.uuid4().hex[:6]
    key = f"{run}-partition"
    events = [_event(f"{run}-{n}", key=key) for n in range(4)]
    other = EventEnvelope(type="kit.other", aggregate_id=key, site="test", payload={"note": "x"})
    await _send_notes(settings, topic, [*events[:2], other, *events[2:], events[0]])
    runs = _Runs()
    consumer = _runs_consumer(settings, sessions, topic, runs)
    engine = sessions.kw["bind"]
    await consumer.start()
    try:
        with count_statements(engine.sync_engine) as log:
            assert await _drain(consumer, until=6) == 6
    finally:
        await consumer.stop()
    assert consumer.batches_applied == 1  # they were there before it started: one fetch
    # the record handler between the runs, the repeated event not again
    assert runs.runs == [[f"{run}-0", f"{run}-1"], [f"{run}-2", f"{run}-3"]]
    assert await _answered(sessions, run) == [f"{run}-0", f"{run}-1", "x", f"{run}-2", f"{run}-3"]
    inserts = [s for s in log.statements if s.startswith("INSERT INTO outbox")]
    notifications = [s for s in log.statements if "pg_notify" in s]
    assert (len(inserts), len(notifications)) == (1, 1)


async def test_a_failing_run_is_applied_one_by_one_and_only_its_bad_record_is_dead_lettered(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    run = uuid.uuid4().hex[:6]
    key = f"{run}-partition"
    events = [
        _event(f"{run}-a", key=key),
        _event("always-fails", key=key),
        _event(f"{run}-b", key=key),
    ]
    await _send_notes(settings, topic, events)
    runs = _Runs()
    consumer = _runs_consumer(settings, sessions, topic, runs)
    await consumer.start()
    try:
        assert await _drain(consumer, until=3) == 3
    finally:
        await consumer.stop()
    assert consumer.batches_split == 1
    # nothing of the failed batch was kept, its outbox rows included
    assert await _effect_count(sessions, f"{run}-a") == 1
    assert await _effect_count(sessions, f"{run}-b") == 1
    assert await _answered(sessions, run) == [f"{run}-a", f"{run}-b"]
    dead = await read_topic(settings.kafka_bootstrap_servers, f"{topic}.dlt", expect=1)
    assert [EventEnvelope.from_bytes(record.value).id for record in dead] == [events[1].id]


class _Outage:
    """A handler whose dependency refuses connections for its first ``failures`` calls."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.calls = 0

    async def apply(self, session: AsyncSession, event: EventEnvelope) -> None:
        self.calls += 1
        if self.calls <= self.failures:
            raise ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 9200)")
        await _apply(session, event)

    async def apply_run(self, session: AsyncSession, events: Sequence[EventEnvelope]) -> None:
        for event in events:
            await self.apply(session, event)


@pytest.mark.parametrize(
    "batching", ["none", "batched", "runs"], ids=["one by one", "batched", "run handler"]
)
async def test_a_dependency_outage_holds_the_partition_and_dead_letters_nothing(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession], batching: str
) -> None:
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    run = uuid.uuid4().hex[:6]
    events = [_event(f"{run}-{n}", key="one-partition") for n in range(3)]
    await _send_notes(settings, topic, events)
    # far more failed tries than the retries a bad event gets before it is dead-lettered
    outage = _Outage(failures=10)
    consumer = IdempotentConsumer(
        group_id=f"{topic}.group",
        handlers={topic: {"kit.noted": outage.apply}},
        sessions=sessions,
        processed=processed,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        retry_backoff=0.01,
        batching={
            "none": None,
            "batched": Batching(),
            "runs": Batching(outbox=outbox, runs={"kit.noted": outage.apply_run}),
        }[batching],
    )
    await consumer.start()
    try:
        assert await _drain(consumer, until=3) == 3
    finally:
        await consumer.stop()
    assert consumer.holds >= 1
    for event in events:
        assert await _effect_count(sessions, event.payload["note"]) == 1
    produced = await _topic_end(settings, f"{topic}.dlt")
    assert produced == 0, "an outage dead-lettered good events"


def _across_partitions_consumer(
    settings: ServiceSettings,
    sessions: async_sessionmaker[AsyncSession],
    topic: str,
    apply: Callable[[AsyncSession, EventEnvelope], Awaitable[None]] = _apply,
) -> IdempotentConsumer:
    return IdempotentConsumer(
        group_id=f"{topic}.group",
        handlers={topic: {"kit.noted": apply}},
        sessions=sessions,
        processed=processed,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        retry_backoff=0.01,
        batching=Batching(across_partitions=True),
    )


async def _three_partitions(
    settings: ServiceSettings, topic: str, notes: list[list[str]]
) -> list[list[EventEnvelope]]:
    """Each list of notes sent to its own partition of a new three-partition topic."""
    await ensure_topics(settings.kafka_bootstrap_servers, [topic], partitions=3)
    await ensure_topics(settings.kafka_bootstrap_servers, [f"{topic}.dlt"], partitions=1)
    sent = []
    for partition, partition_notes in enumerate(notes):
        events = [_event(note, key=f"{topic}-{partition}") for note in partition_notes]
        await _send_to_partition(settings, topic, events, partition)
        sent.append(events)
    return sent


async def _polled(consumer: IdempotentConsumer, *, until: int, timeout: float = 60.0) -> int:
    """Poll until ``until`` records were applied; how many polls brought any."""
    seen = polls = 0
    deadline = asyncio.get_running_loop().time() + timeout
    while seen < until and asyncio.get_running_loop().time() < deadline:
        count = await consumer.poll_once(timeout_ms=500)
        seen += count
        polls += bool(count)
    assert seen == until
    return polls


async def test_a_group_batching_across_partitions_applies_a_poll_in_one_transaction(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    run = uuid.uuid4().hex[:6]
    notes = [[f"{run}-{partition}-{n}" for n in range(3)] for partition in range(3)]
    await _three_partitions(settings, topic, notes)
    consumer = _across_partitions_consumer(settings, sessions, topic)
    engine = sessions.kw["bind"]
    await consumer.start()
    try:
        with count_statements(engine.sync_engine) as log:
            polls = await _polled(consumer, until=9)
        assert consumer._consumer is not None
        committed = [
            await consumer._consumer.committed(TopicPartition(topic, partition))
            for partition in range(3)
        ]
    finally:
        await consumer.stop()
    assert committed == [3, 3, 3]
    # they were there before it started: one fetch, one batch (one per partition before)
    assert polls < 3
    assert consumer.batches_applied == polls
    assert consumer.batches_split == 0
    ledger = [s for s in log.statements if s.startswith("INSERT INTO processed_events")]
    assert len(ledger) == polls
    async with sessions() as session:
        applied = list(
            await session.scalars(
                select(effects.c.note).where(effects.c.note.like(f"{run}-%")).order_by(effects.c.id)
            )
        )
    assert sorted(applied) == sorted(note for partition in notes for note in partition)
    for partition in notes:  # each partition's records in their order
        assert [note for note in applied if note in partition] == partition


async def test_a_failing_record_across_partitions_is_dead_lettered_alone(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    run = uuid.uuid4().hex[:6]
    notes = [[f"{run}-0-a"], [f"{run}-1-a", "always-fails", f"{run}-1-b"], [f"{run}-2-a"]]
    sent = await _three_partitions(settings, topic, notes)
    consumer = _across_partitions_consumer(settings, sessions, topic)
    await consumer.start()
    try:
        await _polled(consumer, until=5)
    finally:
        await consumer.stop()
    assert consumer.batches_split >= 1
    # nothing of the failed batch was kept: each good event's effect exists exactly once
    for note in [f"{run}-0-a", f"{run}-1-a", f"{run}-1-b", f"{run}-2-a"]:
        assert await _effect_count(sessions, note) == 1, note
    dead = await read_topic(settings.kafka_bootstrap_servers, f"{topic}.dlt", expect=1)
    assert [EventEnvelope.from_bytes(record.value).id for record in dead] == [sent[1][1].id]


async def test_an_outage_holds_every_partition_of_a_poll_batched_across_them(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = _topic(settings)
    run = uuid.uuid4().hex[:6]
    notes = [[f"{run}-{partition}-{n}" for n in range(2)] for partition in range(3)]
    await _three_partitions(settings, topic, notes)
    outage = _Outage(failures=10)
    consumer = _across_partitions_consumer(settings, sessions, topic, outage.apply)
    await consumer.start()
    try:
        await _polled(consumer, until=6)
    finally:
        await consumer.stop()
    assert consumer.holds >= 1
    for partition in notes:
        for note in partition:
            assert await _effect_count(sessions, note) == 1, note
    assert await _topic_end(settings, f"{topic}.dlt") == 0, "an outage dead-lettered good events"


async def _topic_end(settings: ServiceSettings, topic: str) -> int:
    from aiokafka import AIOKafkaConsumer, TopicPartition

    consumer = AIOKafkaConsumer(bootstrap_servers=settings.kafka_bootstrap_servers)
    await consumer.start()
    try:
        partition = TopicPartition(topic, 0)
        return int((await consumer.end_offsets([partition]))[partition])
    finally:
        await consumer.stop()


async def _send_to_partition(
    settings: ServiceSettings, topic: str, events: Sequence[EventEnvelope], partition: int
) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=settings.kafka_bootstrap_servers)
    await producer.start()
    try:
        batch = [
            await producer.send(topic, value=event.to_bytes(), partition=partition)
            for event in events
        ]
        await asyncio.gather(*batch)
    finally:
        await producer.stop()


async def _seconds_until_applied(
    sessions: async_sessionmaker[AsyncSession], note: str, *, timeout: float = 30.0
) -> float:
    loop = asyncio.get_running_loop()
    began = loop.time()
    while await _effect_count(sessions, note) == 0:
        assert loop.time() - began < timeout, f"{note} was not applied within {timeout:.0f} s"
        await asyncio.sleep(0.02)
    return loop.time() - began


async def _joined(consumer: IdempotentConsumer, *, timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    began = loop.time()
    while consumer._consumer is None or not consumer._consumer.assignment():
        assert loop.time() - began < timeout, "the group was not joined"
        await asyncio.sleep(0.1)


async def test_an_idle_group_long_polls_and_still_applies_a_new_event_at_once(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    """At rest the fetch in flight waits IDLE_FETCH_MAX_WAIT_MS (ADR 0054): a record arriving
    for any partition answers it at once, so the event is applied well before that wait."""
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"], partitions=2)
    consumer = _consumer(settings, sessions, topic)
    running = asyncio.create_task(consumer.run_forever())
    try:
        await _joined(consumer)
        await asyncio.sleep(1.0)  # positions found, a long poll in flight
        assert consumer._consumer is not None
        assert consumer._consumer._fetcher._fetch_max_wait_ms == IDLE_FETCH_MAX_WAIT_MS
        for partition in (0, 1):
            event = _event(f"idle-{uuid.uuid4().hex[:6]}")
            await _send_to_partition(settings, topic, [event], partition)
            assert await _seconds_until_applied(sessions, event.payload["note"]) < 2.0
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running


async def test_a_partition_left_out_of_the_fetch_in_flight_is_not_kept_waiting_for_it(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    """While a batch is applied, the records fetched for a partition beyond it wait to be
    taken and the partition is left out of its node's next fetch (aiokafka); once taken, it is
    fetched again only when that fetch returns. So that fetch must not be a long poll: an event
    arriving for the partition right after is applied within about FETCH_MAX_WAIT_MS, not
    IDLE_FETCH_MAX_WAIT_MS."""
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"], partitions=2)
    run = uuid.uuid4().hex[:6]
    # more than one poll takes (MAX_BATCH, 100), all fetched at once
    await _send_to_partition(settings, topic, [_event(f"{run}-{n}") for n in range(150)], 0)
    slow_first = asyncio.Event()

    async def apply_slowly(session: AsyncSession, event: EventEnvelope) -> None:
        if not slow_first.is_set():  # the first batch outlasts aiokafka's prefetch back-off
            slow_first.set()
            await asyncio.sleep(0.5)
        await _apply(session, event)

    consumer = IdempotentConsumer(
        group_id=f"{topic}.group",
        handlers={topic: {"kit.noted": apply_slowly}},
        sessions=sessions,
        processed=processed,
        bootstrap_servers=settings.kafka_bootstrap_servers,
    )
    running = asyncio.create_task(consumer.run_forever())
    try:
        await _seconds_until_applied(sessions, f"{run}-149", timeout=60.0)
        late = _event(f"{run}-late")
        await _send_to_partition(settings, topic, [late], 0)
        assert await _seconds_until_applied(sessions, late.payload["note"]) < 2.5
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running


async def test_the_relay_sends_each_rows_trace_and_marks_any_batch_with_one_statement(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    """Rows written in two trace contexts, interleaved, each go out in their own (their Kafka
    trace headers made once per context, ADR 0074); marking batches of 3 and of 2 rows sent is
    one UPDATE text (the ids bound as one array)."""
    topic = _topic(settings)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic])
    relay = OutboxRelay(
        sessions=sessions,
        outbox=outbox,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        client_id="kit-relay",
    )
    try:
        while await relay.relay_once():  # what other tests left unsent
            pass
        traces = ["4bf92f3577b34da6a3ce929d0e0e4736", "0af7651916cd43dd8448eb211c80319c"]
        order = [0, 1, 0, 1, 1]
        for index, which in enumerate(order):
            parent = f"00-{traces[which]}-00f067aa0ba902b7-01"
            token = otel_context.attach(context_from_mapping({"traceparent": parent}))
            try:
                async with unit_of_work(sessions) as session:
                    await enqueue(session, outbox, topic=topic, event=_event(f"traced-{index}"))
            finally:
                otel_context.detach(token)
        relay._batch_limit = 3  # two batches of different lengths
        engine = sessions.kw["bind"]
        with count_statements(engine.sync_engine) as log:
            assert await relay.relay_once() == 3
            relay._batch_limit = 3
            assert await relay.relay_once() == 2
    finally:
        await relay.close()
    marks = [s for s in log.statements if s.lstrip().upper().startswith("UPDATE")]
    assert len(marks) == 2
    assert marks[0] == marks[1]
    records = await read_topic(settings.kafka_bootstrap_servers, topic, expect=len(order))
    sent = {
        EventEnvelope.from_bytes(record.value).payload["note"]: dict(record.headers)
        for record in records
    }
    for index, which in enumerate(order):
        headers = sent[f"traced-{index}"]
        assert headers["event-type"] == b"kit.noted"
        assert headers["traceparent"].decode().split("-")[1] == traces[which]
