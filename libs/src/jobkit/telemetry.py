"""OpenTelemetry and JSON logging, set up once per process.

Traces cover FastAPI, SQLAlchemy, asyncpg and aiokafka. Kafka messages carry W3C trace context
in their headers; the outbox stores the context of the request that wrote an event so the relay
publishes it inside that trace, and consumers re-attach it around their handler (the aiokafka
instrumentation ends its consumer span before our handler runs).
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterable, Mapping, MutableSequence
from datetime import UTC, datetime
from typing import Any

from opentelemetry import context as otel_context
from opentelemetry import propagate, trace
from opentelemetry.propagators.textmap import Getter, Setter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor

KafkaHeaders = MutableSequence[tuple[str, bytes]]

_provider: TracerProvider | None = None
_instrumented_libraries = False


def setup_telemetry(
    service_name: str,
    *,
    otlp_endpoint: str | None = None,
    extra_processors: Iterable[SpanProcessor] = (),
) -> TracerProvider:
    """Install the process-wide tracer provider (first call wins) and library instrumentation."""
    global _provider, _instrumented_libraries
    if _provider is None:
        _provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
        if otlp_endpoint:
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

            _provider.add_span_processor(
                BatchSpanProcessor(OTLPSpanExporter(endpoint=f"{otlp_endpoint}/v1/traces"))
            )
        trace.set_tracer_provider(_provider)
    for processor in extra_processors:
        _provider.add_span_processor(processor)
    if not _instrumented_libraries:
        from opentelemetry.instrumentation.aiokafka import AIOKafkaInstrumentor
        from opentelemetry.instrumentation.asyncpg import AsyncPGInstrumentor

        AsyncPGInstrumentor().instrument(tracer_provider=_provider)
        AIOKafkaInstrumentor().instrument(tracer_provider=_provider)
        _instrumented_libraries = True
    return _provider


def kafka_producer_instrumented() -> bool:
    from opentelemetry.instrumentation.aiokafka import AIOKafkaInstrumentor

    return bool(AIOKafkaInstrumentor().is_instrumented_by_opentelemetry)


def current_trace_headers() -> dict[str, str]:
    """The W3C trace context of the current span, as a plain dict (stored with outbox rows)."""
    carrier: dict[str, str] = {}
    propagate.inject(carrier)
    return carrier


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


def inject_kafka_headers(headers: KafkaHeaders) -> None:
    propagate.inject(headers, setter=_KafkaSetter())


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
    for noisy in ("aiokafka", "kafka"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
