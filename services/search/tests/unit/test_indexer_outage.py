"""The indexer waits for Elasticsearch when it is down or busy (its partition holds, nothing is
dead-lettered) and dead-letters only events Elasticsearch refuses for what they are."""

from __future__ import annotations

import pytest
from elastic_transport import ApiResponseMeta, HttpHeaders, NodeConfig
from elasticsearch import ApiError, BadRequestError, ConnectionError, ConnectionTimeout
from search.messaging.consumers import elasticsearch_unavailable


def _meta(status: int) -> ApiResponseMeta:
    return ApiResponseMeta(
        status=status,
        http_version="1.1",
        headers=HttpHeaders(),
        duration=0.0,
        node=NodeConfig("http", "127.0.0.1", 9200),
    )


@pytest.mark.parametrize(
    "error",
    [
        ConnectionError("Connection refused"),
        ConnectionTimeout("timed out"),
        ApiError("unavailable_shards_exception", _meta(503), {}),
        ApiError("es_rejected_execution_exception", _meta(429), {}),
        ConnectionRefusedError(111, "refused"),  # the ledger's PostgreSQL
    ],
    ids=lambda error: (
        type(error).__name__ + str(getattr(getattr(error, "meta", None), "status", ""))
    ),
)
def test_an_outage_holds_the_partition(error: BaseException) -> None:
    assert elasticsearch_unavailable(error)


@pytest.mark.parametrize(
    "error",
    [
        BadRequestError("mapper_parsing_exception", _meta(400), {}),
        ValueError("a bad payload"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_a_refused_document_is_the_events_fault(error: BaseException) -> None:
    assert not elasticsearch_unavailable(error)
