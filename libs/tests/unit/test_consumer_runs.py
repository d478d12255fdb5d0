"""A batch's run handler (ADR 0051) without I/O: consecutive events of its type go to it
together, in order, other types between them to their record handlers, and the run's span is
linked to each record's trace (a run of one record stays inside that record's trace)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest
from jobkit import consumer as consumer_module
from jobkit.consumer import Batching, IdempotentConsumer
from jobkit.events import EventEnvelope
from jobkit.testing.kafka import fetched_record
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

TRACE_IDS = ["4bf92f3577b34da6a3ce929d0e0e4736", "0af7651916cd43dd8448eb211c80319c"]


def _event(event_type: str, note: str) -> EventEnvelope:
    return EventEnvelope(type=event_type, aggregate_id="a", site="test", payload={"note": note})


async def test_runs_of_a_type_go_together_and_their_span_links_each_records_trace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    exported = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exported))
    monkeypatch.setattr(consumer_module, "tracer", provider.get_tracer("test"))
    applied: list[Any] = []

    async def run(_session: Any, events: Sequence[EventEnvelope]) -> None:
        applied.append([event.payload["note"] for event in events])

    async def one(_session: Any, event: EventEnvelope) -> None:
        applied.append(event.payload["note"])

    consumer = IdempotentConsumer(
        group_id="group",
        handlers={"topic": {"kit.noted": one, "kit.other": one}},
        sessions=None,  # type: ignore[arg-type]
        processed=None,  # type: ignore[arg-type]
        bootstrap_servers="127.0.0.1:9",
        batching=Batching(runs={"kit.noted": run}),
    )
    events = [
        _event("kit.noted", "1"),
        _event("kit.noted", "2"),
        _event("kit.other", "x"),
        _event("kit.noted", "3"),
    ]
    work = []
    for offset, event in enumerate(events):
        record = fetched_record("topic", event, offset=offset)
        parent = f"00-{TRACE_IDS[offset % 2]}-00f067aa0ba902b7-01".encode()
        record = dataclasses.replace(record, headers=[*record.headers, ("traceparent", parent)])
        work.append((record, event))
    await consumer._apply_run(None, work)  # type: ignore[arg-type]
    assert applied == [["1", "2"], "x", ["3"]]
    runs = [span for span in exported.get_finished_spans() if span.name == "topic process run"]
    assert [len(span.links) for span in runs] == [2, 0]
    assert [f"{link.context.trace_id:032x}" for link in runs[0].links] == TRACE_IDS
    # "3" came alone: its run is part of its own trace, as a person's single publish is
    assert f"{runs[1].context.trace_id:032x}" == TRACE_IDS[1]
    assert runs[1].parent is not None
    assert f"{runs[1].parent.span_id:016x}" == "00f067aa0ba902b7"
