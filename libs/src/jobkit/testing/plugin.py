"""Pytest plugin shipped with the kit: spans in memory and unique names per run."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Iterator

import pytest
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from jobkit.settings import ServiceSettings
from jobkit.telemetry import setup_telemetry
from jobkit.testing.kafka import delete_topics_with_prefix
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
def run_prefix() -> Iterator[str]:
    """A prefix for this run's Kafka topics, consumer groups and index names; the run's topics
    are deleted when it ends (a broker that is down then keeps them, with a warning)."""
    prefix = unique_prefix()
    yield prefix
    bootstrap_servers = ServiceSettings().kafka_bootstrap_servers
    try:
        asyncio.run(delete_topics_with_prefix(bootstrap_servers, prefix))
    except Exception as error:  # clean-up must not fail a finished run
        warnings.warn(f"this run's topics ({prefix}*) were not deleted: {error!r}", stacklevel=1)
