"""Poison events on every topic every consumer group of every service reads: a record that is
not JSON and an event of each type the group applies with a payload of the wrong shape go to
``<topic>.dlt`` with the error and the group in their headers, and the partition moves on: the
good event behind them is applied (its id is in the group's ledger, written in the effect's
transaction). The groups are the ones each service's app starts (``app.state.runtime``), for
every service in deploy/services.json: a new service or group is covered without a change here.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import logging
import uuid
from collections import defaultdict
from contextlib import AsyncExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aiokafka import AIOKafkaProducer
from jobkit.consumer import DEAD_LETTER_SUFFIX
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics
from jobkit.settings import ServiceSettings, database_name
from jobkit.testing.database import temporary_database
from jobkit.testing.kafka import read_topic
from jobkit.testing.server import serve
from jobkit.testing.tokens import token_issuer
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from scripts.event_contracts import example, publications
from scripts.registry import load

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
log = logging.getLogger(__name__)
NOT_JSON = b'{"type": "poison", not json'
WRONG_SHAPE = {"poison": ["a payload of the wrong shape for its type"]}


@dataclass(frozen=True)
class Group:
    service: str
    group_id: str
    topic: str
    types: tuple[str, ...]
    database_url: str


def _settings_class(name: str) -> tuple[type[ServiceSettings], Path]:
    module = importlib.import_module(f"{name}.settings")
    classes = [
        value
        for value in vars(module).values()
        if inspect.isclass(value)
        and issubclass(value, ServiceSettings)
        and value is not ServiceSettings
        and value.__module__ == module.__name__
    ]
    assert len(classes) == 1, f"{name}.settings: one ServiceSettings subclass expected"
    return classes[0], Path(module.SERVICE_DIR)


def _good_payloads() -> dict[str, dict[str, Any]]:
    """An event type's payload as its publisher could send it (the contract's example)."""
    found: dict[str, dict[str, Any]] = {}
    for entry in publications():
        schema = entry.schema()
        found.setdefault(entry.payload.event_type, example(schema, schema, nulls=False))
    return found


def _envelope(event_type: str, payload: dict[str, Any]) -> EventEnvelope:
    # every record its own aggregate: a snapshot group's coalescing never hides one behind another
    return EventEnvelope(
        type=event_type, aggregate_id=str(uuid.uuid4()), site="jobboard", payload=payload
    )


async def _ledger(database_url: str, group_id: str) -> set[str]:
    engine = create_async_engine(database_url)
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(
                text("SELECT event_id FROM processed_events WHERE consumer_group = :group"),
                {"group": group_id},
            )
            return {str(row[0]) for row in rows}
    finally:
        await engine.dispose()


async def test_a_poison_event_on_every_consumed_topic_is_dead_lettered_and_the_next_applied(
    run_prefix: str,
) -> None:
    prefix = f"{run_prefix}poison."
    services = [service.name for service in load(ROOT)]
    groups: list[Group] = []
    async with AsyncExitStack() as stack:
        defaults = ServiceSettings()
        tokens = await stack.enter_async_context(
            token_issuer(issuer=defaults.jwt_issuer, audience=defaults.jwt_audience)
        )
        for name in services:
            settings_class, service_dir = _settings_class(name)
            settings = settings_class(
                kafka_topic_prefix=prefix,
                run_migrations_on_startup=False,
                run_background_workers=True,
            )
            url = await stack.enter_async_context(
                temporary_database(settings, service_dir=service_dir)
            )
            settings = settings.model_copy(
                update={"db_name": database_name(url), "jwks_url": tokens.jwks_url}
            )
            app = importlib.import_module(f"{name}.main").create_app(settings)
            await stack.enter_async_context(serve(app))
            for consumer in app.state.runtime.consumers:
                for topic, types in consumer.handled.items():
                    groups.append(Group(name, consumer.group_id, topic, types, url))
        assert {group.service for group in groups} == set(services), "a service without groups"

        topics = sorted({group.topic for group in groups})
        bootstrap = settings.kafka_bootstrap_servers
        await ensure_topics(bootstrap, topics + [topic + DEAD_LETTER_SUFFIX for topic in topics])
        good_payloads = _good_payloads()
        handled: dict[str, set[str]] = defaultdict(set)
        for group in groups:
            handled[group.topic].update(group.types)

        poison: dict[tuple[str, str], uuid.UUID] = {}  # (topic, type) -> the wrong-shaped event
        good: dict[tuple[str, str], uuid.UUID] = {}  # (topic, type) -> the good event behind it
        producer = AIOKafkaProducer(bootstrap_servers=bootstrap)
        await producer.start()
        try:
            for topic in topics:
                await producer.send_and_wait(topic, value=NOT_JSON, key=b"poison-not-json")
                for event_type in sorted(handled[topic]):
                    wrong = _envelope(event_type, WRONG_SHAPE)
                    poison[(topic, event_type)] = wrong.id
                    await producer.send_and_wait(
                        topic, value=wrong.to_bytes(), key=wrong.aggregate_id.encode()
                    )
                for event_type in sorted(handled[topic]):
                    if event_type in good_payloads:
                        event = _envelope(event_type, good_payloads[event_type])
                        good[(topic, event_type)] = event.id
                        await producer.send_and_wait(
                            topic, value=event.to_bytes(), key=event.aggregate_id.encode()
                        )
        finally:
            await producer.stop()

        # what each group must have dead-lettered, by topic: the unreadable record and its types
        expected = {
            (group.group_id, group.topic): {"not json"}
            | {str(poison[(group.topic, event_type)]) for event_type in group.types}
            for group in groups
        }

        def dead_lettered(records: list[Any]) -> dict[tuple[str, str], dict[str, str]]:
            seen: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
            for record in records:
                headers = {name: value.decode() for name, value in record.headers}
                mark = (
                    "not json"
                    if record.value == NOT_JSON
                    else str(EventEnvelope.from_bytes(record.value).id)
                )
                where = (headers["dlt-consumer-group"], headers["dlt-original-topic"])
                seen[where][mark] = headers["dlt-error"]
            return seen

        seen: dict[tuple[str, str], dict[str, str]] = {}
        for topic in topics:
            wanted = {key: marks for key, marks in expected.items() if key[1] == topic}
            records = await read_topic(
                bootstrap,
                topic + DEAD_LETTER_SUFFIX,
                timeout=120,
                until=lambda records, wanted=wanted: all(
                    marks <= set(dead_lettered(records).get(key, {}))
                    for key, marks in wanted.items()
                ),
            )
            seen.update(dead_lettered(records))

        missing = {
            f"{group}@{topic}": sorted(marks - set(seen.get((group, topic), {})))
            for (group, topic), marks in expected.items()
            if marks - set(seen.get((group, topic), {}))
        }
        assert missing == {}, f"not dead-lettered: {missing}"
        for (group_id, topic), errors in seen.items():
            assert errors.get("not json", "").startswith("unreadable envelope"), (group_id, topic)
            for mark, error in errors.items():
                assert error, (group_id, topic, mark)

        # the partition moved on: each good event behind the poison is applied (its id in the
        # group's ledger). A handler that needs state the contract's example does not give
        # (a job the index never saw) refuses it as its own dead letter: the partition still
        # moved past the poison to it, which is what this test is about; those are counted.
        deadline = asyncio.get_running_loop().time() + 60
        pending: dict[tuple[str, str], set[str]] = {}
        while True:
            pending = {}
            for group in groups:
                wanted_ids = {
                    str(good[(group.topic, t)]) for t in group.types if (group.topic, t) in good
                }
                applied = await _ledger(group.database_url, group.group_id) if wanted_ids else set()
                if wanted_ids - applied:
                    pending[(group.group_id, group.topic)] = wanted_ids - applied
            if not pending or asyncio.get_running_loop().time() > deadline:
                break
            await asyncio.sleep(1)
        refused: dict[str, dict[str, str]] = {}
        for topic in sorted({topic for _, topic in pending}):
            records = await read_topic(
                bootstrap, topic + DEAD_LETTER_SUFFIX, expect=10**6, timeout=5
            )
            letters = dead_lettered(records)
            for (group_id, group_topic), ids in pending.items():
                if group_topic != topic:
                    continue
                errors = letters.get((group_id, topic), {})
                stuck = sorted(ids - set(errors))
                assert stuck == [], f"{group_id}@{topic}: neither applied nor passed: {stuck}"
                refused[f"{group_id}@{topic}"] = {i: errors[i][:200] for i in ids}
        good_total = sum(
            len({t for t in group.types if (group.topic, t) in good}) for group in groups
        )
        refused_total = sum(len(ids) for ids in refused.values())
        log.warning(
            f"{len(groups)} group-topic pairs of {len({g.group_id for g in groups})} groups in "
            f"{len(services)} services; {sum(len(m) for m in expected.values())} poison records "
            f"dead-lettered; good events behind them: {good_total - refused_total} applied, "
            f"{refused_total} refused by their handler as their own dead letter"
        )
        for where, errors in sorted(refused.items()):
            log.warning("refused %s: %s", where, sorted(set(errors.values())))
        # most groups apply the contract's example as it is
        assert refused_total * 4 <= good_total, refused
