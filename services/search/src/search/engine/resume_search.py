"""resumeSearch: findable, complete resumes for recruiters by free text, facets and place, 10 a
page, by relevance or by last update (no GraphQL here).

The request, its validation, the place filter (the radius only around a locality, a country or
an administrative area as a whole) and the facet counting are jobSearch's
(:mod:`search.engine.job_search` lists the modules) with the resumes' :class:`SearchKind`. A
hit's source is limited to :data:`RESUME_HIT_FIELDS`: public fields, as the documents only
ever hold (search.engine.indexing.resumes).
"""

from __future__ import annotations

from typing import Any

from search.engine.answer import SearchAnswer, read_answer
from search.engine.query import facet_parts, geo_filter, terms_filter, text_query
from search.engine.request import PAGE_SIZE, SearchKind, SearchRequest, ValidSearch
from search.engine.validation import validate

RESUME_PAGE_SIZE = PAGE_SIZE  # 10 a page (spec 9)
RESUME_DATE_SORT = "changed"  # newest change first

# The resume facets (spec 9) -> the indexed field: career status and region take the values
# the documents keep, the others term ids.
RESUME_FACETS: dict[str, str] = {
    "careerStatus": "career_status",
    "languages": "language_tids",
    "skills": "skill_tids",
    "occupations": "occupation_tids",
    "region": "region",
    "fieldOfStudy": "field_of_study_tids",
}

RESUMES = SearchKind(
    facets=RESUME_FACETS,
    term_facets=frozenset(RESUME_FACETS) - {"careerStatus", "region"},
    page_size=RESUME_PAGE_SIZE,
    max_featured=0,
    id_facets=frozenset(),
    date_sort=RESUME_DATE_SORT,
)

# What a hit may show: never a private field (none is indexed; this is the second lock).
RESUME_HIT_FIELDS = (
    "id",
    "title",
    "snippet",
    "career_status",
    "occupation_tids",
    "skill_tids",
    "skills_free",
    "language_tids",
    "city",
    "region",
    "countries",
    "location_points",
    "updated_at",
)


def build_resume_query(search: ValidSearch, *, site: str | None = None) -> dict[str, Any]:
    request = search.request
    filters: list[dict[str, Any]] = [{"term": {"findable": True}}]
    if site:
        filters.append({"term": {"site": site}})
    filters += [terms_filter(search.kind, f) for f in search.other_filters]
    if request.geo_location is not None:
        filters.append(geo_filter(request.geo_location))
    query = text_query(
        search.query_text,
        fields=[
            "title_stem^4",
            "skills_stem^2",
            "labels_stem^2",
            "experience_stem",
            "summary_stem",
        ],
        phrase_field="title_stem",
        filters=filters,
    )
    aggregations, post_filter = facet_parts(search)
    newest = {"updated_at": {"order": "desc", "missing": "_last"}}
    sort: list[Any] = (
        [newest, "_score", {"id": "asc"}]
        if search.by_date or not search.query_text
        else ["_score", newest, {"id": "asc"}]
    )
    body: dict[str, Any] = {
        "query": query,
        "from": search.offset,
        "size": search.size,
        "sort": sort,
        "track_total_hits": True,
        "aggs": aggregations,
        "_source": {"includes": list(RESUME_HIT_FIELDS)},
    }
    if post_filter:
        body["post_filter"] = {"bool": {"filter": post_filter}}
    return body


async def run_resume_search(
    store: Any, request: SearchRequest, *, site: str | None = None
) -> tuple[ValidSearch, SearchAnswer]:
    """Validate (raising :class:`SearchErrors`), ask Elasticsearch, read the answer back."""
    search = validate(request, RESUMES)
    await store.ensure_indices()
    response = await store.client.search(
        index=store.alias("resumes"), body=build_resume_query(search, site=site)
    )
    return search, read_answer(search, response)
