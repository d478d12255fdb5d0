"""jobSearch: the spec's search request (section 3) validated, as an Elasticsearch query, and the
answer read back (no GraphQL here). The parts are shared with organizationSearch
(:mod:`search.engine.organization_search`) through a :class:`~search.engine.request.SearchKind`:

- :mod:`search.engine.request`: the request's shape, the kinds and their limits;
- :mod:`search.engine.validation`: the request checked (:class:`SearchErrors` otherwise);
- :mod:`search.engine.query`: the filters, the text and the facet aggregations as a request body;
- :mod:`search.engine.featured`: the featured results pinned first, page 1 in one ``_msearch``;
- :mod:`search.engine.answer`: the response read back.

Facets are OR within a facet and AND across facets. Facet filters (condition groups tagged
``facet:{field}``) go to ``post_filter`` and every facet's aggregation is filtered by the other
facets' filters only, so a facet's counts ignore its own selection. Free text goes through the
same Python analysis as the documents (ADR 0010) and only ever into ``match``-type queries: no
Lucene syntax reaches Elasticsearch.
"""

from __future__ import annotations

from typing import Any

from search.engine.answer import SearchAnswer, read_answer
from search.engine.featured import first_page_searches, search_with_featured
from search.engine.query import build_query
from search.engine.request import SearchRequest, ValidSearch
from search.engine.validation import validate

# A job is featured while its publishing package's boost lasts (ADR 0012).
FEATURED_JOB = {"range": {"featured_until": {"gt": "now"}}}


def job_search_msearch(search: ValidSearch, *, site: str | None) -> list[dict[str, Any]]:
    """Page 1 of a job search as the one ``_msearch`` :func:`run_job_search` sends for it
    (the benchmark's raw baseline is built here, so the two cannot drift apart)."""
    if search.offset != 0 or not search.kind.max_featured:
        raise ValueError("only page 1 of a search with featured results is one _msearch")
    return first_page_searches(search, build_query(search, site=site), FEATURED_JOB)


async def run_job_search(
    store: Any, request: SearchRequest, *, site: str | None = None
) -> tuple[ValidSearch, SearchAnswer]:
    """Validate (raising :class:`SearchErrors`), ask Elasticsearch, read the answer back;
    ``site`` keeps the jobs of one site (the request's frontend)."""
    search = validate(request)
    await store.ensure_indices()
    response, featured = await search_with_featured(
        store, store.alias("jobs"), search, build_query(search, site=site), FEATURED_JOB
    )
    return search, read_answer(search, response, featured)


async def count_jobs(store: Any, request: SearchRequest, *, site: str | None = None) -> int:
    """How many jobs ``request`` finds (its facet selection included), without reading them.
    Validates like :func:`run_job_search` (raising :class:`SearchErrors`)."""
    search = validate(request)
    await store.ensure_indices()
    body = build_query(search, site=site)
    filters = [body["query"]]
    if "post_filter" in body:
        filters.append(body["post_filter"])
    response = await store.client.search(
        index=store.alias("jobs"),
        query={"bool": {"filter": filters}},
        size=0,
        track_total_hits=True,
    )
    return int(response["hits"]["total"]["value"])
