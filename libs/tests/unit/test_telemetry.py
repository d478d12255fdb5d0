"""Spans recorded only while they are exported; trace context continued either way."""

from __future__ import annotations

import json
import logging

import pytest
from jobkit import telemetry
from jobkit.telemetry import (
    JsonLogFormatter,
    WhileExporting,
    context_from_mapping,
    current_trace_headers,
    inject_kafka_headers,
)
from opentelemetry import context as otel_context
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
INCOMING = {"traceparent": f"00-{TRACE_ID}-00f067aa0ba902b7-01"}


def _tracer(exported: InMemorySpanExporter) -> TracerProvider:
    provider = TracerProvider(sampler=WhileExporting())
    provider.add_span_processor(SimpleSpanProcessor(exported))
    return provider


def _log_line() -> dict[str, str]:
    record = logging.LogRecord("test", logging.INFO, __file__, 1, "hello", None, None)
    line: dict[str, str] = json.loads(JsonLogFormatter().format(record))
    return line


def _within_incoming_trace(provider: TracerProvider) -> tuple[bool, dict[str, str], str, str]:
    """A span under an incoming traceparent: whether it records, the headers it passes on (to
    an outbox row and to a Kafka message), and the trace id its log lines carry."""
    token = otel_context.attach(context_from_mapping(INCOMING))
    try:
        with provider.get_tracer("test").start_as_current_span("handle") as span:
            headers = current_trace_headers()
            kafka: list[tuple[str, bytes]] = []
            inject_kafka_headers(kafka)
            return (
                span.is_recording(),
                headers,
                dict(kafka)["traceparent"].decode(),
                (_log_line()["trace_id"]),
            )
    finally:
        otel_context.detach(token)


def test_without_an_exporter_nothing_is_recorded_and_the_trace_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(telemetry, "_exporting", False)
    exported = InMemorySpanExporter()
    recording, headers, kafka, logged = _within_incoming_trace(_tracer(exported))
    assert not recording
    assert exported.get_finished_spans() == ()
    # the incoming trace id goes on into the outbox row, the message and the log lines
    assert headers["traceparent"].split("-")[1] == TRACE_ID
    assert kafka.split("-")[1] == TRACE_ID
    assert logged == TRACE_ID


def test_with_an_exporter_spans_are_recorded_inside_the_incoming_trace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(telemetry, "_exporting", True)
    exported = InMemorySpanExporter()
    recording, headers, kafka, logged = _within_incoming_trace(_tracer(exported))
    assert recording
    (span,) = exported.get_finished_spans()
    assert span.parent is not None
    assert format(span.parent.span_id, "016x") == "00f067aa0ba902b7"
    assert format(span.context.trace_id, "032x") == TRACE_ID
    # passed on as sampled, with the recorded span as the parent of what follows
    assert headers["traceparent"] == f"00-{TRACE_ID}-{span.context.span_id:016x}-01"
    assert kafka == headers["traceparent"]
    assert logged == TRACE_ID


def test_a_process_with_a_span_processor_exports() -> None:
    # the test plugin adds an in-memory processor, as a deployment adds its OTLP exporter
    assert telemetry.exporting()


def test_the_span_exporter_follows_opentelemetrys_variables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from jobkit.settings import ServiceSettings

    for name in (
        "OTEL_TRACES_EXPORTER",
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        "OTEL_EXPORTER_ZIPKIN_ENDPOINT",
    ):
        monkeypatch.delenv(name, raising=False)
    assert ServiceSettings().span_exporter is None  # nothing configured: no spans kept
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318/")
    assert ServiceSettings().span_exporter == ("otlp", "http://collector:4318/v1/traces")
    monkeypatch.setenv("OTEL_TRACES_EXPORTER", "zipkin")
    assert ServiceSettings().span_exporter == ("zipkin", "http://localhost:9411/api/v2/spans")
    monkeypatch.setenv("OTEL_EXPORTER_ZIPKIN_ENDPOINT", "http://127.0.0.1:9411/api/v2/spans")
    assert ServiceSettings().span_exporter == ("zipkin", "http://127.0.0.1:9411/api/v2/spans")
    monkeypatch.setenv("OTEL_TRACES_EXPORTER", "none")
    assert ServiceSettings().span_exporter is None


def test_spans_reach_a_zipkin_server_in_its_own_format() -> None:
    """The local stack's trace viewer is a Zipkin server: what it receives is its v2 JSON, with
    the service's name and the incoming trace's id (a real HTTP server here)."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    received: list[tuple[str, list[dict[str, object]]]] = []

    class SpanApi(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            received.append((self.path, json.loads(body)))
            self.send_response(202)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), SpanApi)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/api/v2/spans"
        from opentelemetry.sdk.resources import Resource

        provider = TracerProvider(resource=Resource.create({"service.name": "jobs"}))
        provider.add_span_processor(SimpleSpanProcessor(telemetry._span_exporter("zipkin", url)))
        token = otel_context.attach(context_from_mapping(INCOMING))
        try:
            with provider.get_tracer("test").start_as_current_span("publishJob"):
                pass
        finally:
            otel_context.detach(token)
        provider.shutdown()
    finally:
        server.shutdown()
    [(path, spans)] = received
    assert path == "/api/v2/spans"
    [span] = spans
    assert span["traceId"] == TRACE_ID
    assert span["name"] == "publishJob"
    assert span["localEndpoint"] == {"serviceName": "jobs"}


def test_trace_headers_are_those_of_the_current_context_injected_once_per_context(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An outbox row's trace headers: injected once for the rows a context writes (ADR 0074),
    and each context's own, whatever came before."""
    injected: list[object] = []
    propagator = telemetry.propagate.get_global_textmap()
    real = type(propagator).inject

    def counted(self: object, *args: object, **kwargs: object) -> None:
        injected.append(self)
        real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(type(propagator), "inject", counted)
    other = {"traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}
    seen = []
    for carried in (INCOMING, INCOMING, other, INCOMING):
        token = otel_context.attach(context_from_mapping(carried))
        try:
            first = current_trace_headers()
            first["traceparent"] += "-changed by its caller"  # a copy each time
            seen.append(current_trace_headers())
        finally:
            otel_context.detach(token)
    assert [headers["traceparent"] for headers in seen] == [
        INCOMING["traceparent"],
        INCOMING["traceparent"],
        other["traceparent"],
        INCOMING["traceparent"],
    ]
    assert len(injected) == 4  # once per context attached, not once per call
