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


def _access(method: str, path: str, status: int) -> logging.LogRecord:
    """A record as uvicorn's protocols make it for a request they answered."""
    return logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:50000", method, path, "1.1", status),
        None,
    )


@pytest.mark.usefixtures("restored_logging")
def test_a_graphql_request_the_gateway_logged_has_no_second_line_other_requests_keep_theirs() -> (
    None
):
    access = logging.getLogger("uvicorn.access")
    kept: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            kept.append(record.getMessage())

    handler = Keep()
    access.addHandler(handler)
    try:
        setup_logging("INFO")
        setup_logging("INFO")  # once more, as a test's second app: still one filter
        for record in (
            _access("POST", "/graphql", 200),
            _access("POST", "/graphql", 500),
            _access("POST", "/api/ats/v1/jobs/batch", 200),
            _access("GET", "/graphql", 200),
            _access("GET", "/healthz", 200),
        ):
            access.handle(record)
    finally:
        access.removeHandler(handler)
    assert kept == [
        '127.0.0.1:50000 - "POST /graphql HTTP/1.1" 500',
        '127.0.0.1:50000 - "POST /api/ats/v1/jobs/batch HTTP/1.1" 200',
        '127.0.0.1:50000 - "GET /graphql HTTP/1.1" 200',
        '127.0.0.1:50000 - "GET /healthz HTTP/1.1" 200',
    ]
    assert len(access.filters) == 1
