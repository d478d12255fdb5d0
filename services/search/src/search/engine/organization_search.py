"""organizationSearch: published organization profiles by facets and free text, 12 a page, the
featured ones first on page 1, each with its number of open jobs (no GraphQL here). A site's
directory lists its own profiles and those of the organizations with open jobs on it.

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


# The organizations with open jobs on a site, at most (an aggregation's buckets; the directory
# of a site with more would leave the others out, its own site's profiles never).
MAX_POSTING_ORGANIZATIONS = 10_000


def build_organization_query(
    search: ValidSearch, *, site: str | None = None, posting: Sequence[str] = ()
) -> dict[str, Any]:
    """The directory's query: a site's published profiles, and those of the organizations
    whose open jobs it lists (``posting``: their profiles answer there too, ADR 0049, and jobs
    shared with the site come with their organizations, ADR 0057)."""
    filters: list[dict[str, Any]] = [{"term": {"findable": True}}]
    if site:
        on_site: list[dict[str, Any]] = [{"term": {"site": site}}]
        if posting:
            on_site.append({"terms": {"organization_id": list(posting)}})
        filters.append({"bool": {"should": on_site, "minimum_should_match": 1}})
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
        "sort": ["_score", {"name.raw": {"order": "asc"}}, {"id": "asc"}],
        "track_total_hits": True,
        "aggs": aggregations,
        "_source": {"excludes": ["*_stem"]},
    }
    if post_filter:
        body["post_filter"] = {"bool": {"filter": post_filter}}
    return body


def open_jobs_query(organization_ids: Sequence[str], *, site: str | None = None) -> dict[str, Any]:
    """One terms aggregation counting the findable, unexpired jobs of the page's organizations
    (on ``site``: its own and those shared with it)."""
    filters: list[dict[str, Any]] = [
        {"term": {"findable": True}},
        {"terms": {"organization_id": list(organization_ids)}},
        UNEXPIRED,
    ]
    if site:
        filters.append({"term": {"site": site}})
    return {
        "size": 0,
        "track_total_hits": False,
        "query": {"bool": {"filter": filters}},
        "aggs": {
            "organizations": {
                "terms": {"field": "organization_id", "size": max(len(organization_ids), 1)}
            }
        },
    }


async def open_jobs(
    store: Any, organization_ids: Sequence[str], *, site: str | None = None
) -> dict[str, int]:
    if not organization_ids:
        return {}
    response = await store.client.search(
        index=store.alias("jobs"), body=open_jobs_query(organization_ids, site=site)
    )
    buckets = response["aggregations"]["organizations"]["buckets"]
    return {str(bucket["key"]): int(bucket["doc_count"]) for bucket in buckets}


def posting_organizations_query(site: str) -> dict[str, Any]:
    """The organizations with findable, unexpired jobs on ``site``, in one aggregation."""
    return {
        "size": 0,
        "track_total_hits": False,
        "query": {
            "bool": {"filter": [{"term": {"findable": True}}, {"term": {"site": site}}, UNEXPIRED]}
        },
        "aggs": {
            "organizations": {
                "terms": {"field": "organization_id", "size": MAX_POSTING_ORGANIZATIONS}
            }
        },
    }


async def posting_organizations(store: Any, site: str) -> list[str]:
    response = await store.client.search(
        index=store.alias("jobs"), body=posting_organizations_query(site)
    )
    return sorted(str(b["key"]) for b in response["aggregations"]["organizations"]["buckets"])


async def run_organization_search(
    store: Any, request: SearchRequest, *, site: str | None = None
) -> tuple[ValidSearch, SearchAnswer, dict[str, int]]:
    """Validate (raising :class:`SearchErrors`), ask Elasticsearch (the organizations with open
    jobs on the site, the page, then the open jobs of its organizations on the site, each in one
    request), read the answer back."""
    search = validate(request, ORGANIZATIONS)
    await store.ensure_indices()
    posting = await posting_organizations(store, site) if site else []
    response, featured = await search_with_featured(
        store,
        store.alias("organizations"),
        search,
        build_organization_query(search, site=site, posting=posting),
        FEATURED_ORGANIZATION,
    )
    answer = read_answer(search, response, featured)
    counts = await open_jobs(store, [str(hit["organization_id"]) for hit in answer.hits], site=site)
    return search, answer, counts
