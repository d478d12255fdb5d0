"""organizationSearch: published organization profiles by facets and free text, 12 a page, the
featured ones first on page 1, each with its number of open jobs (no GraphQL here).

The request, its validation, the facet counting and the featured positions are jobSearch's
(:mod:`search.engine.job_search` lists the modules) with the organizations' :class:`SearchKind`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from search.engine.answer import SearchAnswer, read_answer
from search.engine.featured import search_with_featured
from search.engine.query import UNEXPIRED, facet_parts, text_query
from search.engine.request import SearchKind, SearchRequest, ValidSearch
from search.engine.validation import validate

ORGANIZATION_PAGE_SIZE = 12
MAX_FEATURED_ORGANIZATIONS = 5  # featured organizations fill positions 0-4 of page 1 (spec 9)

# The organization facets (spec 9) -> the indexed field; all take term ids.
ORGANIZATION_FACETS: dict[str, str] = {
    "occupations": "occupation_tids",
    "industry": "industry_tid",
    "fieldsOfStudy": "fields_of_study_tids",
}

ORGANIZATIONS = SearchKind(
    facets=ORGANIZATION_FACETS,
    term_facets=frozenset(ORGANIZATION_FACETS),
    page_size=ORGANIZATION_PAGE_SIZE,
    max_featured=MAX_FEATURED_ORGANIZATIONS,
    geo=False,
)

# Featured while one of its featured subscriptions runs (ADR 0012).
FEATURED_ORGANIZATION = {
    "range": {"featured_periods": {"gte": "now", "lte": "now", "relation": "intersects"}}
}


def build_organization_query(search: ValidSearch, *, site: str | None = None) -> dict[str, Any]:
    filters: list[dict[str, Any]] = [{"term": {"findable": True}}]
    if site:
        filters.append({"term": {"site": site}})
    filters += [
        {"terms": {ORGANIZATION_FACETS[f.facet]: [int(v) for v in f.values]}}
        for f in search.other_filters
    ]
    query = text_query(
        search.query_text,
        fields=["name_stem^4", "labels_stem^2", "body_stem"],
        phrase_field="name_stem",
        filters=filters,
    )
    aggregations, post_filter = facet_parts(search)
    body: dict[str, Any] = {
        "query": query,
        "from": search.offset,
        "size": search.size,
        "sort": ["_score", {"name.raw": {"order": "asc"}}],
        "track_total_hits": True,
        "aggs": aggregations,
        "_source": {"excludes": ["*_stem"]},
    }
    if post_filter:
        body["post_filter"] = {"bool": {"filter": post_filter}}
    return body


def open_jobs_query(organization_ids: Sequence[str]) -> dict[str, Any]:
    """One terms aggregation counting the findable, unexpired jobs of the page's organizations."""
    return {
        "size": 0,
        "track_total_hits": False,
        "query": {
            "bool": {
                "filter": [
                    {"term": {"findable": True}},
                    {"terms": {"organization_id": list(organization_ids)}},
                    UNEXPIRED,
                ]
            }
        },
        "aggs": {
            "organizations": {
                "terms": {"field": "organization_id", "size": max(len(organization_ids), 1)}
            }
        },
    }


async def open_jobs(store: Any, organization_ids: Sequence[str]) -> dict[str, int]:
    if not organization_ids:
        return {}
    response = await store.client.search(
        index=store.alias("jobs"), body=open_jobs_query(organization_ids)
    )
    buckets = response["aggregations"]["organizations"]["buckets"]
    return {str(bucket["key"]): int(bucket["doc_count"]) for bucket in buckets}


async def run_organization_search(
    store: Any, request: SearchRequest, *, site: str | None = None
) -> tuple[ValidSearch, SearchAnswer, dict[str, int]]:
    """Validate (raising :class:`SearchErrors`), ask Elasticsearch (the page, then the open jobs
    of its organizations in one aggregation), read the answer back."""
    search = validate(request, ORGANIZATIONS)
    await store.ensure_indices()
    response, featured = await search_with_featured(
        store,
        store.alias("organizations"),
        search,
        build_organization_query(search, site=site),
        FEATURED_ORGANIZATION,
    )
    answer = read_answer(search, response, featured)
    counts = await open_jobs(store, [str(hit["organization_id"]) for hit in answer.hits])
    return search, answer, counts
