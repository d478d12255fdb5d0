"""A group passes over the records of event types it does not apply by their ``event-type``
header, without reading their envelopes (ADR 0074): the relay names every event's type there,
and most records of a topic are types a given group does not apply (billing's slot group
applies two of the job topic's types, jobs' mailer two)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from jobkit.consumer import IdempotentConsumer
from jobkit.events import EventEnvelope
from jobkit.testing.kafka import fetched_record


def _consumer() -> IdempotentConsumer:
    async def never(_session: Any, _event: EventEnvelope) -> None:
        raise AssertionError("no record of these is ours")

    return IdempotentConsumer(
        group_id="group",
        handlers={"topic": {"kit.ours": never}},
        sessions=None,  # type: ignore[arg-type]
        processed=None,  # type: ignore[arg-type]
        bootstrap_servers="127.0.0.1:9",
    )


def _unreadable(event_type: str | None, offset: int) -> Any:
    """A record whose body is no envelope, its header naming ``event_type`` (None: none)."""
    event = EventEnvelope(type=event_type or "kit.unnamed", aggregate_id="a", site="test")
    record = fetched_record("topic", event, offset=offset)
    headers = [] if event_type is None else record.headers
    return dataclasses.replace(record, value=b"not an envelope", headers=headers)


async def test_records_of_other_types_are_passed_over_unread_and_others_still_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    consumer = _consumer()
    read: list[bytes] = []
    real = EventEnvelope.from_bytes

    def counted(raw: bytes) -> EventEnvelope:
        read.append(raw)
        return real(raw)

    monkeypatch.setattr(EventEnvelope, "from_bytes", staticmethod(counted))
    dead_letters: list[int] = []

    async def dead_letter(record: Any, _error: str) -> None:
        dead_letters.append(record.offset)

    monkeypatch.setattr(consumer, "_dead_letter", dead_letter)
    others = [
        fetched_record(
            "topic",
            EventEnvelope(type="kit.theirs", aggregate_id="a", site="test", payload={"n": n}),
            offset=n,
        )
        for n in range(3)
    ]
    # a batch of the other types' records, one of them unreadable: nothing read or dead-lettered
    await consumer.apply([*others, _unreadable("kit.theirs", 3)])
    await consumer.apply([others[0]])
    assert read == []
    assert dead_letters == []
    # without the header the envelope tells, as before: an unreadable one is dead-lettered
    await consumer.apply([_unreadable(None, 4)])
    assert len(read) == 1
    assert dead_letters == [4]
