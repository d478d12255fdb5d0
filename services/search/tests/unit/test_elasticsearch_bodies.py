"""The Elasticsearch client writes and reads its JSON with orjson (ADR 0077): the bodies it sends
are the bytes the client's own serializers sent, and the answers it reads the same values."""

from __future__ import annotations

import json
import random

from elasticsearch.serializer import DEFAULT_SERIALIZERS
from search.engine.indexing.store import OrjsonBodies, OrjsonNdjsonBodies, store_for
from search.engine.job_search import job_search_msearch
from search.engine.request import (
    JOB_FACETS,
    Condition,
    ConditionGroup,
    FacetRequest,
    GeoLocation,
    JobSearchRequest,
    SortRequest,
)
from search.engine.validation import validate

from services.search.tests.unit.test_job_documents_unchanged import documents_json

NDJSON = "application/x-ndjson"
JSON = "application/json"


def _job_searches() -> list[JobSearchRequest]:
    chosen = random.Random(77)
    texts = ["manager", "Développeur Zürich", "nurse RN", "東京", "", 'say "hi" \\ \t tab']
    searches = []
    for number in range(24):
        searches.append(
            JobSearchRequest(
                language=chosen.choice(["en", "de"]),
                facets=[FacetRequest(f) for f in JOB_FACETS],
                condition_groups=[
                    ConditionGroup(
                        [Condition("employmentType", str(t)) for t in (3000, 3001)][: number % 3],
                        tags=["facet:employmentType"],
                    ),
                    ConditionGroup(
                        [Condition("remoteOptions", "3300")], tags=["facet:remoteOptions"]
                    ),
                ],
                fulltext=chosen.choice(texts),
                geo_location=(
                    GeoLocation(
                        label="Zürich",
                        lat=chosen.uniform(-89.9, 89.9),
                        lon=chosen.uniform(-179.9, 179.9),
                        radius=chosen.choice([5, 25, 200]),
                        unit=chosen.choice(["mi", "km"]),
                    )
                    if number % 2
                    else None
                ),
                sorts=[SortRequest("field_job_publishing_date")] if number % 3 else [],
            )
        )
    return searches


def test_a_searchs_msearch_lines_are_the_bytes_the_client_sent() -> None:
    ours, theirs = OrjsonNdjsonBodies(), DEFAULT_SERIALIZERS[NDJSON]
    for request in _job_searches():
        for site in ("jobboard", None):
            lines = job_search_msearch(validate(request), site=site)
            assert ours.dumps(lines) == theirs.dumps(lines)


def test_indexed_documents_are_the_bytes_the_client_sent() -> None:
    for text in documents_json():
        document = json.loads(text)
        assert OrjsonBodies().dumps(document) == DEFAULT_SERIALIZERS[JSON].dumps(document)
        assert OrjsonNdjsonBodies().dumps([{"index": {"_id": "x"}}, document]) == (
            DEFAULT_SERIALIZERS[NDJSON].dumps([{"index": {"_id": "x"}}, document])
        )


def test_keys_that_are_not_strings_are_written_as_strings_as_before() -> None:
    assert OrjsonBodies().dumps({3000: 1, "a": [1.5, None, True]}) == (
        DEFAULT_SERIALIZERS[JSON].dumps({3000: 1, "a": [1.5, None, True]})
    )


def test_an_answer_reads_as_the_same_values() -> None:
    answer = json.dumps(
        {
            "responses": [
                {
                    "took": 1,
                    "hits": {
                        "hits": [
                            {
                                "_score": 1.2345678901234567,
                                "_source": {"title": "Pflegefachkraft (m/w/d) \u2013 Zürich 東京"},
                                "sort": [1764460800000, 9223372036854775807, "\u00e9"],
                            }
                        ]
                    },
                    "aggregations": {"x": {"values": {"buckets": [{"key": 3000, "n": 0.1}]}}},
                }
            ]
        },
        ensure_ascii=True,
    ).encode()
    assert OrjsonBodies().loads(answer) == DEFAULT_SERIALIZERS[JSON].loads(answer)
    assert OrjsonBodies().loads(b"") is None


def test_the_stores_client_uses_them_for_every_json_media_type() -> None:
    serializers = store_for("http://127.0.0.1:9", "bodies-test").client.transport.serializers
    for mimetype in (JSON, "application/vnd.elasticsearch+json"):
        assert isinstance(serializers.get_serializer(mimetype), OrjsonBodies)
    for mimetype in (NDJSON, "application/vnd.elasticsearch+x-ndjson"):
        assert isinstance(serializers.get_serializer(mimetype), OrjsonNdjsonBodies)
