"""Pytest plugin shipped with the kit: spans in memory and unique names per run."""

from __future__ import annotations

import pytest
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from jobkit.telemetry import setup_telemetry
from jobkit.testing.names import unique_prefix
from jobkit.testing.service import (  # noqa: F401 - fixtures registered by this plugin
    committed_sessions,
    graphql,
    service_engine,
    service_settings,
    service_url,
    sessions,
    statements,
    tokens,
)

_exporter = InMemorySpanExporter()


def pytest_configure(config: pytest.Config) -> None:
    # First call wins: every app started by a test then reports into this exporter.
    setup_telemetry("tests", extra_processors=[SimpleSpanProcessor(_exporter)])


@pytest.fixture
def spans() -> InMemorySpanExporter:
    _exporter.clear()
    return _exporter


@pytest.fixture(scope="session")
def run_prefix() -> str:
    """A prefix for this run's Kafka topics, consumer groups and index names."""
    return unique_prefix()
