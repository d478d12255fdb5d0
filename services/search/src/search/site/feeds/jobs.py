"""The open jobs aggregators read, from the jobs index (findable, unexpired, of one site),
paged with ``search_after`` (never ``from`` + ``size``, which stops at 10,000), and a
fingerprint of them that changes whenever the feeds would."""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

from elasticsearch import NotFoundError

from search.engine.indexing.store import SearchStore

PAGE_SIZE = 500
FIELDS = [
    "id",
    "slug",
    "title",
    "snippet",
    "description",  # when the indexer keeps it; else the snippet (ADR 0013)
    "organization_name",
    "logo_url",
    "term_labels",
    "locations",
    "published_at",
    "expires_at",
    "created_at",
    "salary_currency",
    "salary_unit",
    "salary_min",
    "salary_max",
]


def open_jobs_query(site: str, now: datetime) -> dict[str, Any]:
    return {
        "bool": {
            "filter": [
                {"term": {"findable": True}},
                {"term": {"site": site}},
                {
                    "bool": {
                        "should": [
                            {"bool": {"must_not": {"exists": {"field": "expires_at"}}}},
                            {"range": {"expires_at": {"gt": now.isoformat()}}},
                        ],
                        "minimum_should_match": 1,
                    }
                },
            ]
        }
    }


async def open_jobs(
    store: SearchStore, *, site: str, now: datetime, page_size: int = PAGE_SIZE
) -> AsyncIterator[dict[str, Any]]:
    """Every open job's document, newest first (then by id), one page at a time."""
    after: list[Any] | None = None
    while True:
        body: dict[str, Any] = {
            "query": open_jobs_query(site, now),
            "sort": [
                {"published_at": {"order": "desc", "missing": "_last"}},
                {"id": {"order": "asc"}},
            ],
            "size": page_size,
            "_source": FIELDS,
            "track_total_hits": False,
        }
        if after is not None:
            body["search_after"] = after
        try:
            answer = await store.client.search(index=store.alias("jobs"), **body)
        except NotFoundError:
            return  # no index yet: no jobs
        hits = answer["hits"]["hits"]
        for hit in hits:
            yield hit["_source"]
        if len(hits) < page_size:
            return
        after = hits[-1]["sort"]


async def open_jobs_fingerprint(store: SearchStore, *, site: str, now: datetime) -> str:
    """Changes when the feeds would: on any write to one of the site's job documents (each
    write takes a higher sequence number; the jobs index has one shard, store.INDEX_SETTINGS)
    and when an open job passes its expiry date (the count of open jobs)."""
    try:
        answer = await store.client.search(
            index=store.alias("jobs"),
            query={"term": {"site": site}},
            sort=[{"_seq_no": "desc"}],
            size=1,
            source=False,
            seq_no_primary_term=True,
            track_total_hits=False,
            aggs={"open": {"filter": open_jobs_query(site, now)}},
        )
    except NotFoundError:
        return "no-index"
    hits = answer["hits"]["hits"]
    last = (hits[0]["_index"], hits[0]["_primary_term"], hits[0]["_seq_no"]) if hits else ()
    signature = f"{site}:{last}:{answer['aggregations']['open']['doc_count']}"
    return hashlib.sha256(signature.encode()).hexdigest()[:32]
