"""The relay with replicas, failing at each stage and through a broker outage; the consumer
through a crash.

Real PostgreSQL and Kafka. Every test has a database (so an outbox) of its own: rows another
test left unsent never stand in front of its own. The outage test stops the project's own broker
(the stack script, ``JOBBOARD_STACK_SCRIPT``) and, whatever happens, starts it again and waits
until it takes records and serves consumer groups before the next test runs. Nothing sleeps a
fixed time and then asserts: every wait is for a condition, with a deadline meant for a slow,
busy machine (``PATIENCE``).
"""

from __future__ import annotations

import asyncio
import socket
import uuid
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import strawberry
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import KafkaConnectionError
from jobkit.app import create_service_app
from jobkit.consumer import IdempotentConsumer
from jobkit.db import make_engine, make_sessionmaker, new_metadata, unit_of_work
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics
from jobkit.messaging_tables import add_messaging_tables
from jobkit.outbox import OutboxRelay, enqueue
from jobkit.schema import build_schema
from jobkit.settings import ServiceSettings, database_name
from jobkit.testing.database import temporary_database
from jobkit.testing.kafka import read_topic, start_kafka, stop_kafka
from jobkit.testing.server import serve
from sqlalchemy import Column, Integer, String, Table, func, insert, select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

# How long a condition may take to come true on a slow machine (a broker restart included).
PATIENCE = 120.0

metadata = new_metadata()
outbox, processed = add_messaging_tables(metadata)
effects = Table(
    "effects",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("note", String(200), nullable=False),
)


@strawberry.type
class _Query:
    ping: str = "pong"


@pytest.fixture(scope="module")
def settings(run_prefix: str) -> ServiceSettings:
    return ServiceSettings(service_name="relay", db_name="relay", kafka_topic_prefix=run_prefix)


@pytest.fixture
async def database(settings: ServiceSettings) -> AsyncIterator[str]:
    async with temporary_database(settings, metadata=metadata) as url:
        yield url


@pytest.fixture
async def sessions(database: str) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = make_engine(database)
    yield make_sessionmaker(engine)
    await engine.dispose()


@pytest.fixture
async def broker_restored(settings: ServiceSettings) -> AsyncIterator[None]:
    """For a test that stops the broker: afterwards it is started (a no-op if it runs) and
    serves again, however the test ended."""
    try:
        yield
    finally:
        await start_kafka(settings.kafka_bootstrap_servers, probe_topic=settings.topic("probe"))


def _relay(
    settings: ServiceSettings,
    sessions: async_sessionmaker[AsyncSession],
    name: str,
    *,
    bootstrap_servers: str | None = None,
    batch_size: int = 7,
) -> OutboxRelay:
    return OutboxRelay(
        sessions=sessions,
        outbox=outbox,
        bootstrap_servers=bootstrap_servers or settings.kafka_bootstrap_servers,
        client_id=name,
        poll_interval=0.05,
        batch_size=batch_size,
        send_timeout=3.0,
        max_backoff=1.0,
    )


async def _stopped(relays: list[OutboxRelay], tasks: list[asyncio.Task[None]]) -> None:
    for task in tasks:
        task.cancel()
    # bounded: a relay stuck in its client must not hold the test, nor outlive it unseen
    _, stuck = await asyncio.wait(tasks, timeout=30) if tasks else (set(), set())
    for relay in relays:
        await asyncio.wait_for(relay.close(), timeout=30)
    assert not stuck, f"{len(stuck)} relay task(s) did not stop within 30 s of their cancel"


async def _eventually(
    check: Callable[[], Awaitable[Any]], what: str, timeout: float = PATIENCE
) -> Any:
    """``check()``'s first truthy answer, asked every quarter second until ``timeout`` (a
    check that itself stalls fails at the deadline too, instead of holding the test)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        try:
            answer = await asyncio.wait_for(check(), timeout=max(deadline - loop.time(), 1.0))
        except TimeoutError:
            raise AssertionError(f"not within {timeout:g} s: {what} (the check stalled)") from None
        if answer:
            return answer
        assert loop.time() < deadline, f"not within {timeout:g} s: {what} (last: {answer!r})"
        await asyncio.sleep(0.25)


async def _write(
    sessions: async_sessionmaker[AsyncSession],
    topic: str,
    key: str,
    n: int,
    payload: dict[str, Any] | None = None,
) -> EventEnvelope:
    async with unit_of_work(sessions) as session:
        event = EventEnvelope(
            type="relay.step",
            aggregate_id=key,
            aggregate_version=n,
            site="test",
            payload=payload or {"n": n},
        )
        await enqueue(session, outbox, topic=topic, event=event)
    return event


async def _rows(sessions: async_sessionmaker[AsyncSession]) -> list[Any]:
    async with sessions() as session:
        rows = await session.execute(
            select(outbox.c.id, outbox.c.event_id, outbox.c.attempts, outbox.c.last_error)
            .where(outbox.c.sent_at.is_(None))
            .order_by(outbox.c.id)
        )
        return list(rows)


async def _row(sessions: async_sessionmaker[AsyncSession], event: EventEnvelope) -> Any:
    async with sessions() as session:
        rows = await session.execute(
            select(outbox.c.attempts, outbox.c.last_error, outbox.c.sent_at).where(
                outbox.c.event_id == event.id
            )
        )
        return rows.one()


async def test_two_relay_replicas_publish_each_aggregates_events_in_order(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    topic = settings.topic(f"relay.order.{uuid.uuid4().hex[:6]}")
    await ensure_topics(settings.kafka_bootstrap_servers, [topic])
    first, second = _relay(settings, sessions, "relay-a"), _relay(settings, sessions, "relay-b")
    tasks = [asyncio.create_task(relay.run_forever()) for relay in (first, second)]
    keys = [f"aggregate-{i}" for i in range(4)]
    per_key = 40
    expected = {(key, n) for key in keys for n in range(1, per_key + 1)}

    def steps(records: list[Any]) -> set[tuple[str, int]]:
        events = [EventEnvelope.from_bytes(record.value) for record in records]
        return {(event.aggregate_id, int(event.payload["n"])) for event in events}

    try:
        # Many small transactions while both replicas run, interleaving the aggregates.
        for n in range(1, per_key + 1):
            await asyncio.gather(*(_write(sessions, topic, key, n) for key in keys))
        records = await read_topic(
            settings.kafka_bootstrap_servers,
            topic,
            timeout=PATIENCE,
            until=lambda records: steps(records) >= expected,
        )
    finally:
        await _stopped([first, second], tasks)

    seen: dict[str, list[int]] = defaultdict(list)
    for record in records:
        event = EventEnvelope.from_bytes(record.value)
        seen[event.aggregate_id].append(int(event.payload["n"]))
    for key in keys:
        # at least once: a retried batch may repeat, but never goes back in time
        steps_of_key = seen[key]
        assert steps_of_key == sorted(steps_of_key), f"{key} out of order: {steps_of_key}"
        assert sorted(set(steps_of_key)) == list(range(1, per_key + 1))
    # one replica was the active relay, the other waited
    assert sorted([first.sent_total, second.sent_total])[0] == 0


def _closed_port() -> int:
    """A loopback port nothing listens on (bound a moment ago, then let go)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _topic_taking_at_most(settings: ServiceSettings, max_bytes: int) -> str:
    """A topic whose broker refuses any record batch larger than ``max_bytes``."""
    topic: str = settings.topic(f"relay.small.{uuid.uuid4().hex[:6]}")
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap_servers)
    await admin.start()
    try:
        await admin.create_topics(
            [NewTopic(topic, 1, 1, topic_configs={"max.message.bytes": str(max_bytes)})]
        )
    finally:
        await admin.close()
    return topic


# Each stage of a try (the start of the reason written on the rows) and how the first event
# makes it fail there.
STAGES = {
    # nothing listens at the address: the producer cannot bootstrap (a relay that starts while
    # the broker is down)
    "starting the producer": "unreachable",
    # an event larger than the producer's largest request: refused before it leaves
    "handing the events to the producer": "too large for the producer",
    # an event larger than its topic takes: the broker refuses it
    "waiting for the broker's acknowledgement": "too large for the topic",
}


@pytest.mark.parametrize("stage", list(STAGES))
async def test_every_failed_try_is_recorded_from_the_first_whatever_stage_fails(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession], stage: str
) -> None:
    """The rows the relay tried get one more attempt and the reason (the stage first); the rows
    behind them (batches of 2 here) say they wait behind those, from the first failed try on."""
    bootstrap_servers = settings.kafka_bootstrap_servers
    topic = settings.topic(f"relay.stage.{uuid.uuid4().hex[:6]}")
    first_payload: dict[str, Any] = {"n": 1}
    case = STAGES[stage]
    if case == "unreachable":
        bootstrap_servers = f"127.0.0.1:{_closed_port()}"
    elif case == "too large for the producer":
        await ensure_topics(bootstrap_servers, [topic])
        first_payload = {"n": 1, "pad": "x" * 1_200_000}  # the producer's limit is 1 MiB
    else:
        topic = await _topic_taking_at_most(settings, 2_000)
        first_payload = {"n": 1, "pad": "x" * 4_000}
    await _write(sessions, topic, "a", 1, first_payload)
    for n in range(2, 6):
        await _write(sessions, topic, "a", n)

    relay = _relay(
        settings, sessions, "relay-stage", bootstrap_servers=bootstrap_servers, batch_size=2
    )
    task = asyncio.create_task(relay.run_forever())
    try:

        async def recorded() -> list[Any] | None:
            rows = await _rows(sessions)
            return rows if rows[0].attempts >= 1 else None

        rows = await _eventually(recorded, f"the first failed try ({stage}) recorded")
    finally:
        await _stopped([relay], [task])

    assert len(rows) == 5  # nothing was sent
    tried, behind = rows[:2], rows[2:]
    for row in tried:
        assert row.attempts >= 1
        assert row.last_error.startswith(f"{stage}: "), row.last_error
    for row in behind:
        assert row.attempts == 0  # not tried yet
        assert row.last_error.startswith(
            f"waiting behind outbox rows {tried[0].id}-{tried[1].id}: {stage}: "
        ), row.last_error
    assert relay.last_error is not None
    assert relay.last_error.startswith(f"{stage}: ")


async def test_a_relay_stops_at_once_when_its_client_loses_the_cancellation(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    """A Kafka client may turn the cancellation of its call into its own error (on Python 3.11
    ``asyncio.wait_for`` does so when the cancellation arrives as the call fails); the relay,
    which retries such errors, must still stop when it is told to, not run on unseen."""
    await _write(sessions, settings.topic("relay.lost-cancel"), "a", 1)
    relay = _relay(settings, sessions, "relay-lost-cancel")
    connecting = asyncio.Event()

    async def start_that_loses_the_cancellation() -> Any:
        connecting.set()
        try:
            await asyncio.sleep(PATIENCE)
        except asyncio.CancelledError:
            raise KafkaConnectionError("cancelled while connecting") from None

    relay._ensure_producer = start_that_loses_the_cancellation  # type: ignore[method-assign]
    task = asyncio.create_task(relay.run_forever())
    try:
        await asyncio.wait_for(connecting.wait(), timeout=PATIENCE)
    finally:
        await _stopped([relay], [task])
    assert task.cancelled()


async def _idle_in_transaction_for_a_while(sessions: async_sessionmaker[AsyncSession]) -> int:
    """Connections of this database sitting in a transaction for over a second (a relay
    waiting on Kafka inside one would; a query's own short transaction would not)."""
    async with sessions() as session:
        count = await session.scalar(
            text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND state = 'idle in transaction' AND pid <> pg_backend_pid() "
                "AND state_change < clock_timestamp() - interval '1 second'"
            )
        )
    return int(count or 0)


@pytest.mark.broker_outage
async def test_a_broker_outage_neither_blocks_the_relay_nor_loses_the_event_nor_unreadies(
    settings: ServiceSettings,
    sessions: async_sessionmaker[AsyncSession],
    database: str,
    broker_restored: None,
) -> None:
    topic = settings.topic(f"relay.outage.{uuid.uuid4().hex[:6]}")
    await ensure_topics(settings.kafka_bootstrap_servers, [topic])
    relay = _relay(settings, sessions, "relay-outage")
    task = asyncio.create_task(relay.run_forever())
    app_settings = settings.model_copy(
        update={
            "db_name": database_name(database),
            "run_migrations_on_startup": False,
            "run_background_workers": False,  # the relay under test is the only one
        }
    )
    app = create_service_app(
        settings=app_settings,
        schema=build_schema(query=_Query),
        service_dir=Path("."),
        outbox=outbox,
    )
    try:
        async with serve(app) as base_url, httpx.AsyncClient(base_url=base_url) as client:

            async def readyz() -> dict[str, Any]:
                ready = await client.get("/readyz", timeout=30)
                assert ready.status_code == 200, ready.text  # the database alone gates
                body: dict[str, Any] = ready.json()
                return body

            # the relay runs with a producer that has sent before the broker goes away
            before = await _write(sessions, topic, "outage", 0)
            await _eventually(lambda: _sent(sessions, before), "an event relayed before the outage")

            await stop_kafka()  # (the relay and the app go on running meanwhile)
            during = await _write(sessions, topic, "outage", 1)  # writes keep working
            stuck: list[int] = []

            async def failure_recorded() -> Any:
                stuck.append(await _idle_in_transaction_for_a_while(sessions))
                attempts, last_error, sent_at = await _row(sessions, during)
                return attempts >= 2 and (attempts, last_error, sent_at)

            _, last_error, sent_at = await _eventually(
                failure_recorded, "two failed tries recorded on the row"
            )
            assert sent_at is None
            assert last_error
            assert set(stuck) == {0}, "a connection sat in a transaction while Kafka was down"

            async def kafka_reported_down() -> dict[str, Any] | None:
                body = await readyz()
                return body if body["checks"]["kafka"] is False else None

            body = await _eventually(kafka_reported_down, "/readyz reporting Kafka down")
            assert body["checks"]["database"] is True
            assert body["outbox"]["pending"] >= 1
            assert body["outbox"]["last_error"]

            await start_kafka(settings.kafka_bootstrap_servers, probe_topic=settings.topic("probe"))
            records = await read_topic(
                settings.kafka_bootstrap_servers,
                topic,
                timeout=PATIENCE,
                until=lambda records: any(
                    EventEnvelope.from_bytes(r.value).id == during.id for r in records
                ),
            )
            # At least once (ADR 0003): a send that timed out while the broker came back may
            # have landed too, so the same event can arrive twice; consumers dedupe by its id.
            events = [EventEnvelope.from_bytes(r.value) for r in records]
            assert {event.id for event in events} == {before.id, during.id}
            assert [e.payload for e in events if e.id == during.id][:1] == [{"n": 1}]
            await _eventually(lambda: _sent(sessions, during), "the row marked sent")
            _, last_error, _ = await _row(sessions, during)
            assert last_error is None

            async def nothing_pending() -> bool:
                outbox_report = (await readyz())["outbox"]
                return bool(outbox_report["pending"] == 0 and not outbox_report["last_error"])

            await _eventually(nothing_pending, "/readyz reporting an empty outbox")
    finally:
        await _stopped([relay], [task])


async def _sent(sessions: async_sessionmaker[AsyncSession], event: EventEnvelope) -> bool:
    _, _, sent_at = await _row(sessions, event)
    return sent_at is not None


class _Crash(BaseException):
    """The process dies: nothing after this point runs (not an error the consumer handles)."""


async def _apply_note(session: AsyncSession, event: EventEnvelope) -> None:
    await session.execute(insert(effects).values(note=event.payload["note"]))


async def test_a_consumer_that_dies_mid_effect_applies_the_event_after_restart(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    """Fails if the consumer commits its offset before the effect is durable."""
    topic = settings.topic(f"relay.crash.{uuid.uuid4().hex[:6]}")
    group = f"{topic}.group"
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    crashes = {"left": 1}

    async def dies_once(session: AsyncSession, event: EventEnvelope) -> None:
        await _apply_note(session, event)
        if crashes["left"]:
            crashes["left"] -= 1
            raise _Crash  # the process dies inside the effect's transaction

    def consumer(handler: Any) -> IdempotentConsumer:
        return IdempotentConsumer(
            group_id=group,
            handlers={topic: {"relay.noted": handler}},
            sessions=sessions,
            processed=processed,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        )

    event = EventEnvelope(
        type="relay.noted", aggregate_id="a", site="test", payload={"note": "survives"}
    )
    async with unit_of_work(sessions) as session:
        await enqueue(session, outbox, topic=topic, event=event)
    relay = _relay(settings, sessions, "relay-crash")
    task = asyncio.create_task(relay.run_forever())
    try:
        await _eventually(lambda: _sent(sessions, event), "the event relayed")
    finally:
        await _stopped([relay], [task])

    first = consumer(dies_once)
    await first.start()
    try:
        with pytest.raises(_Crash):
            await _eventually(lambda: first.poll_once(timeout_ms=500), "the first delivery")
    finally:
        await first.stop()

    async def applied() -> int:
        async with sessions() as session:
            count = await session.scalar(select(func.count()).where(effects.c.note == "survives"))
        return int(count or 0)

    second = consumer(_apply_note)
    await second.start()
    try:
        await _eventually(lambda: second.poll_once(timeout_ms=500), "the redelivery")
    finally:
        await second.stop()
    assert await applied() == 1
