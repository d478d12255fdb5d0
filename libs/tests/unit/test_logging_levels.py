"""What setup_logging leaves out: the chatty clients' per-request lines, not their warnings."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from jobkit.telemetry import setup_logging


@pytest.fixture
def restored_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    chatty = ("elastic_transport", "aiokafka", "kafka")
    named = {name: logging.getLogger(name).level for name in chatty}
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    for name, old in named.items():
        logging.getLogger(name).setLevel(old)


@pytest.mark.usefixtures("restored_logging")
def test_the_elasticsearch_clients_request_lines_are_not_logged_its_warnings_are() -> None:
    setup_logging("INFO")
    transport = logging.getLogger("elastic_transport.transport")
    assert not transport.isEnabledFor(logging.INFO)
    assert transport.isEnabledFor(logging.WARNING)
    assert logging.getLogger("jobkit.graphql").isEnabledFor(logging.INFO)
