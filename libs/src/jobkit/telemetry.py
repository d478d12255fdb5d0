"""OpenTelemetry and JSON logging, set up once per process.

Traces cover FastAPI, SQLAlchemy, asyncpg and aiokafka. Kafka messages carry W3C trace context
in their headers; the outbox stores the context of the request that wrote an event so the relay
publishes it inside that trace, and consumers re-attach it around their handler (the aiokafka
instrumentation ends its consumer span before our handler runs).

Spans are recorded only while something takes them (an OTLP exporter, a test's processor):
without one every span is a non-recording one, which still carries its trace and span ids, so
an incoming trace id is continued into outgoing calls and events and logs and error answers
still name their trace, but no span's attributes, events or timings are kept (they cost 7-11 %
of a busy service's CPU for nothing); SQLAlchemy's and asyncpg's spans, leaves that carry no
context anywhere, are then not made at all.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from datetime import UTC, datetime
from typing import Any, Literal

from opentelemetry import context as otel_context
from opentelemetry import propagate, trace
from opentelemetry.propagators.textmap import Getter, Setter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter
from opentelemetry.sdk.trace.sampling import (
    ALWAYS_OFF,
    DEFAULT_ON,
    Sampler,
    SamplingResult,
)
from opentelemetry.trace import Link, SpanKind
from opentelemetry.trace.span import TraceState
from opentelemetry.util.types import Attributes

KafkaHeaders = MutableSequence[tuple[str, bytes]]

_provider: TracerProvider | None = None
_instrumented_libraries = False
_instrumented_database = False
_exporting = False


class WhileExporting(Sampler):
    """The parent's decision (a root span sampled) while spans are exported; otherwise none is
    recorded (a non-recording span keeps the ids, so propagation and log correlation work)."""

    def should_sample(
        self,
        parent_context: otel_context.Context | None,
        trace_id: int,
        name: str,
        kind: SpanKind | None = None,
        attributes: Attributes = None,
        links: Sequence[Link] | None = None,
        trace_state: TraceState | None = None,
    ) -> SamplingResult:
        sampler = DEFAULT_ON if _exporting else ALWAYS_OFF
        return sampler.should_sample(
            parent_context, trace_id, name, kind, attributes, links, trace_state
        )

    def get_description(self) -> str:
        return "WhileExporting"


def exporting() -> bool:
    """Whether spans go anywhere (an exporter or a processor was added)."""
    return _exporting


def setup_telemetry(
    service_name: str,
    *,
    exporter: tuple[Literal["otlp", "zipkin"], str] | None = None,
    extra_processors: Iterable[SpanProcessor] = (),
) -> TracerProvider:
    """Install the process-wide tracer provider (first call wins) and library instrumentation;
    spans are recorded once an exporter or a processor is added (see :class:`WhileExporting`).

    ``exporter`` is a protocol and its URL (ServiceSettings.span_exporter): OTLP/HTTP to a
    collector, or a Zipkin server's span API (the local stack's trace viewer)."""
    global _provider, _instrumented_libraries, _instrumented_database, _exporting
    if _provider is None:
        _provider = TracerProvider(
            resource=Resource.create({"service.name": service_name}), sampler=WhileExporting()
        )
        if exporter is not None:
            _provider.add_span_processor(BatchSpanProcessor(_span_exporter(*exporter)))
            _exporting = True
        trace.set_tracer_provider(_provider)
    for processor in extra_processors:
        _provider.add_span_processor(processor)
        _exporting = True
    if not _instrumented_libraries:
        from opentelemetry.instrumentation.aiokafka import AIOKafkaInstrumentor

        # its producer spans put the trace context into the messages' headers: always
        AIOKafkaInstrumentor().instrument(tracer_provider=_provider)
        _instrumented_libraries = True
    if _exporting and not _instrumented_database:
        from opentelemetry.instrumentation.asyncpg import AsyncPGInstrumentor

        AsyncPGInstrumentor().instrument(tracer_provider=_provider)
        _instrumented_database = True
    return _provider


def _span_exporter(protocol: Literal["otlp", "zipkin"], url: str) -> SpanExporter:
    if protocol == "zipkin":
        from opentelemetry.exporter.zipkin.json import ZipkinExporter

        return ZipkinExporter(endpoint=url)
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

    return OTLPSpanExporter(endpoint=url)


def kafka_producer_instrumented() -> bool:
    from opentelemetry.instrumentation.aiokafka import AIOKafkaInstrumentor

    return bool(AIOKafkaInstrumentor().is_instrumented_by_opentelemetry)


# the last context current_trace_headers injected, with its propagator and headers
_last_injected: tuple[otel_context.Context, object, dict[str, str]] | None = None


def current_trace_headers() -> dict[str, str]:
    """The W3C trace context of the current span, as a plain dict (stored with outbox rows).

    Injected once per context: a batch enqueues its events in one context (a third of what an
    event's outbox row cost the api hop was the baggage propagator's inject, ADR 0074), and a
    context does not change once made (attaching another makes a new one)."""
    global _last_injected
    context = otel_context.get_current()
    propagator = propagate.get_global_textmap()
    last = _last_injected
    if last is not None and last[0] is context and last[1] is propagator:
        return dict(last[2])
    carrier: dict[str, str] = {}
    propagator.inject(carrier, context=context)
    _last_injected = (context, propagator, carrier)
    return dict(carrier)


class _KafkaGetter(Getter[KafkaHeaders]):
    def get(self, carrier: KafkaHeaders, key: str) -> list[str] | None:
        values = [value.decode() for name, value in carrier if name == key and value is not None]
        return values or None

    def keys(self, carrier: KafkaHeaders) -> list[str]:
        return [name for name, _ in carrier]


class _KafkaSetter(Setter[KafkaHeaders]):
    def set(self, carrier: KafkaHeaders, key: str, value: str) -> None:
        carrier.append((key, value.encode()))


def context_from_mapping(headers: Mapping[str, str]) -> otel_context.Context:
    return propagate.extract(dict(headers))


def context_from_kafka_headers(headers: Iterable[tuple[str, bytes]]) -> otel_context.Context:
    return propagate.extract(list(headers), getter=_KafkaGetter())


def inject_kafka_headers(
    headers: KafkaHeaders, context: otel_context.Context | None = None
) -> None:
    """The trace context of ``context`` (default: the current one) appended to ``headers``."""
    propagate.inject(headers, context=context, setter=_KafkaSetter())


class JsonLogFormatter(logging.Formatter):
    """One JSON object per line, carrying the trace and span ids of the current span."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        span_context = trace.get_current_span().get_span_context()
        if span_context.is_valid:
            entry["trace_id"] = format(span_context.trace_id, "032x")
            entry["span_id"] = format(span_context.span_id, "016x")
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        for key, value in getattr(record, "fields", {}).items():
            entry[key] = value
        return json.dumps(entry, default=str)


def setup_logging(level: str = "INFO") -> None:
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(JsonLogFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # elastic_transport logs every request it sends at INFO (a line, formatted as JSON, for each
    # search: 4-5 % of a search's time in the service, ADR 0077); its retries and failures are
    # warnings and still logged
    for noisy in ("aiokafka", "kafka", "elastic_transport"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    # uvicorn's access line for a GraphQL request the gateway sent and this service answered:
    # the gateway logs that request already, as JSON with its trace id and operation names
    # (ADR 0079); every other request (the REST APIs, uploads, mail links) and every answer
    # of 400 or more keep their line
    logging.getLogger("uvicorn.access").addFilter(ANSWERED_GRAPHQL)


class _AnsweredGraphQL(logging.Filter):
    """Leaves out uvicorn's access records of ``POST /graphql`` answered below 400 (its
    arguments: client address, method, path with query, HTTP version, status code)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) == 5:
            _, method, path, _, status = args
            if method == "POST" and path == "/graphql" and isinstance(status, int):
                return status >= 400
        return True


ANSWERED_GRAPHQL = _AnsweredGraphQL()
