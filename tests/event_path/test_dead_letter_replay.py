"""scripts/dead_letters.py against the real broker and PostgreSQL: an event a group could not
apply is listed with its error, and once the handler is fixed, replaying it applies it once;
replaying it again changes nothing (docs/runbooks/poison-events.md)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import pytest
from aiokafka import AIOKafkaProducer
from jobkit.consumer import DEAD_LETTER_SUFFIX, IdempotentConsumer, PermanentEventError
from jobkit.db import make_engine, make_sessionmaker, new_metadata
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics
from jobkit.messaging_tables import add_messaging_tables
from jobkit.settings import ServiceSettings
from jobkit.testing.database import temporary_database
from jobkit.testing.kafka import read_topic
from sqlalchemy import Column, Integer, String, Table, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.dead_letters import REPLAYED_FROM, read_dead_letters, replay, run

pytestmark = pytest.mark.integration

metadata = new_metadata()
outbox, processed = add_messaging_tables(metadata)
# not idempotent on its own: every application adds a row, so a double shows
effects = Table(
    "effects",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("note", String(200), nullable=False),
)


@pytest.fixture
def settings(run_prefix: str) -> ServiceSettings:
    return ServiceSettings(service_name="replay", db_name="replay", kafka_topic_prefix=run_prefix)


@pytest.fixture
async def sessions(settings: ServiceSettings) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    async with temporary_database(settings, metadata=metadata) as url:
        engine = make_engine(url)
        yield make_sessionmaker(engine)
        await engine.dispose()


async def _drain(consumer: IdempotentConsumer, *, until: int, timeout: float = 60.0) -> None:
    seen = 0
    deadline = asyncio.get_running_loop().time() + timeout
    while seen < until and asyncio.get_running_loop().time() < deadline:
        seen += await consumer.poll_once(timeout_ms=500)
    assert seen >= until, f"{seen} of {until} records came"


async def _effects(sessions: async_sessionmaker[AsyncSession], note: str) -> int:
    async with sessions() as session:
        return int(await session.scalar(select(func.count()).where(effects.c.note == note)) or 0)


async def test_a_fixed_dead_letter_is_replayed_and_applied_once(
    settings: ServiceSettings,
    sessions: async_sessionmaker[AsyncSession],
    capsys: pytest.CaptureFixture[str],
) -> None:
    topic = settings.topic(f"replay.{uuid.uuid4().hex[:6]}")
    group = f"{topic}.group"
    bootstrap = settings.kafka_bootstrap_servers
    await ensure_topics(bootstrap, [topic, topic + DEAD_LETTER_SUFFIX])
    fixed = False

    async def apply(session: AsyncSession, event: EventEnvelope) -> None:
        if not fixed:
            raise PermanentEventError("the handler does not know this note yet")
        await session.execute(insert(effects).values(note=event.payload["note"]))

    consumer = IdempotentConsumer(
        group_id=group,
        handlers={topic: {"replay.noted": apply}},
        sessions=sessions,
        processed=processed,
        bootstrap_servers=bootstrap,
        retry_backoff=0.01,
    )
    event = EventEnvelope(
        type="replay.noted", aggregate_id="a-1", site="test", payload={"note": "replayed"}
    )
    other = EventEnvelope(
        type="replay.noted", aggregate_id="a-2", site="test", payload={"note": "left alone"}
    )
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap)
    await producer.start()
    try:
        for envelope in (event, other):
            await producer.send_and_wait(topic, value=envelope.to_bytes(), key=b"a")
        await producer.send_and_wait(topic, value=b"not an event", key=b"a")
    finally:
        await producer.stop()

    await consumer.start()
    try:
        await _drain(consumer, until=3)
        await read_topic(bootstrap, topic + DEAD_LETTER_SUFFIX, expect=3)

        # listed, with the group, the event and the error
        assert await run(["list", "--group", group, "--topic", topic]) == 0
        listed = capsys.readouterr().out
        assert f"{event.id} replay.noted" in listed
        assert "unreadable" in listed
        assert "PermanentEventError: the handler does not know this note yet" in listed
        assert listed.rstrip().endswith("3 dead letters")

        # fixed, then one event replayed: applied once, the other dead letter left where it is
        fixed = True
        sent = await replay(bootstrap, group=group, event_id=str(event.id), topic=topic)
        assert [letter.event_id for letter in sent] == [str(event.id)]
        await _drain(consumer, until=1)
        assert await _effects(sessions, "replayed") == 1
        assert await _effects(sessions, "left alone") == 0

        # replayed again (an operator running it twice): the ledger skips it
        assert await run(["replay", "--group", group, "--topic", topic, "--id", str(event.id)]) == 0
        assert "1 replayed" in capsys.readouterr().out
        await _drain(consumer, until=1)
        assert await _effects(sessions, "replayed") == 1

        # the rest of the group's readable dead letters; the unreadable record stays aside
        sent = await replay(bootstrap, group=group, topic=topic)
        assert sorted(letter.event_id or "" for letter in sent) == sorted(
            [str(event.id), str(other.id)]
        )
        await _drain(consumer, until=2)
        assert await _effects(sessions, "left alone") == 1
        assert await _effects(sessions, "replayed") == 1
    finally:
        await consumer.stop()

    # the replayed records say where they came from
    records = await read_topic(bootstrap, topic, expect=7)
    replayed = [r for r in records if REPLAYED_FROM in dict(r.headers or ())]
    assert len(replayed) == 4
    assert all(not name.startswith("dlt-error") for r in replayed for name, _ in r.headers)
    assert len(await read_dead_letters(bootstrap, group=group, topic=topic)) == 3
