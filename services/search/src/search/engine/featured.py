"""Featured results (ADR 0012): the best featured matches pinned to the first positions of a
search's whole result list, without changing its total or facet counts; page 1 in one
``_msearch``."""

from __future__ import annotations

from typing import Any

from elasticsearch import ApiError

from search.engine.request import ValidSearch


async def search_with_featured(
    store: Any,
    index: str,
    search: ValidSearch,
    body: dict[str, Any],
    featured_filter: dict[str, Any],
) -> tuple[dict[str, Any], frozenset[str]]:
    """Ask Elasticsearch for ``body``'s page with the best featured matches pinned first.

    A small query (no aggregations, ``kind.max_featured`` hits, the same query, facet filters
    and sort) finds the featured matches; they take the first positions of the whole result
    list and are left out of the main query's hits by its post filter only, so the facet counts
    (aggregations ignore the post filter) stay those of every match, and the total is the main
    query's plus the pinned ones. Every page runs it: page 2 starts where page 1's regular hits
    stopped. Returns the merged response and the ids of the pinned hits on this page.
    """
    post = _post_clauses(body)
    limit = search.kind.max_featured
    if limit and search.offset == 0:
        return await _first_page_with_featured(store, index, search, body, featured_filter)
    featured: list[dict[str, Any]] = []
    if limit:
        answer = await store.client.search(
            index=index, body=_featured_body(body, post, featured_filter, limit)
        )
        featured = list(answer["hits"]["hits"])
    count = len(featured)
    offset, size = search.offset, search.size
    pinned = featured[offset : offset + size] if offset < count else []
    main = dict(body)
    main["from"] = max(0, offset - count)
    main["size"] = size - len(pinned)
    if featured:
        main["post_filter"] = {
            "bool": {
                "filter": post,
                "must_not": [{"ids": {"values": [hit["_id"] for hit in featured]}}],
            }
        }
    response = dict(await store.client.search(index=index, body=main))
    hits = dict(response["hits"])
    hits["hits"] = pinned + list(hits["hits"])
    hits["total"] = {"value": hits["total"]["value"] + count, "relation": "eq"}
    response["hits"] = hits
    return response, frozenset(hit["_id"] for hit in pinned)


def _post_clauses(body: dict[str, Any]) -> list[dict[str, Any]]:
    return list(body.get("post_filter", {}).get("bool", {}).get("filter", []))


def _featured_body(
    body: dict[str, Any], post: list[dict[str, Any]], featured_filter: dict[str, Any], limit: int
) -> dict[str, Any]:
    return {
        "query": body["query"],
        "post_filter": {"bool": {"filter": [*post, featured_filter]}},
        "sort": body["sort"],
        "size": limit,
        "track_total_hits": False,
        "_source": body["_source"],
    }


def first_page_searches(
    search: ValidSearch, body: dict[str, Any], featured_filter: dict[str, Any]
) -> list[dict[str, Any]]:
    """The ``_msearch`` lines of page 1: a header and the featured query, a header and the main
    query (``body`` asking for ``max_featured`` more hits). What the service sends, and what
    the benchmark's raw baseline sends straight to Elasticsearch."""
    post = _post_clauses(body)
    limit = search.kind.max_featured
    main = dict(body) | {"from": 0, "size": search.size + limit}
    return [{}, _featured_body(body, post, featured_filter, limit), {}, main]


async def _first_page_with_featured(
    store: Any,
    index: str,
    search: ValidSearch,
    body: dict[str, Any],
    featured_filter: dict[str, Any],
) -> tuple[dict[str, Any], frozenset[str]]:
    """Page 1 (most searches) in one round trip: the featured query and the main query go in one
    ``_msearch``. The main query does not wait for the featured ids to leave them out: it asks
    for ``max_featured`` more hits, and the pinned ones are dropped from its list here (at most
    ``max_featured`` of them are among its first hits). The same page as the two-step path."""
    answer = await store.client.msearch(
        index=index, searches=first_page_searches(search, body, featured_filter)
    )
    featured_answer, response = answer["responses"]
    for part in (featured_answer, response):
        if "error" in part:  # the same failure the single search would raise
            raise ApiError(
                message=str(part["error"].get("type", "search failed")),
                meta=answer.meta,
                body=part,
            )
    pinned = list(featured_answer["hits"]["hits"])[: search.size]
    ids = {hit["_id"] for hit in pinned}
    regular = [hit for hit in response["hits"]["hits"] if hit["_id"] not in ids]
    merged = dict(response)
    hits = dict(response["hits"])
    hits["hits"] = pinned + regular[: search.size - len(pinned)]
    # every match counts once: the main query's total already holds the pinned ones
    hits["total"] = {"value": hits["total"]["value"], "relation": "eq"}
    merged["hits"] = hits
    return merged, frozenset(ids)
