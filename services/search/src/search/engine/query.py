"""A valid search as an Elasticsearch request body: the filters (facets, place, salary, site,
findable and unexpired), the stemmed text (``match``-type queries only: no Lucene syntax reaches
Elasticsearch), the facet aggregations and the post filter.

Facets are OR within a facet and AND across facets. Facet filters (condition groups tagged
``facet:{field}``) go to ``post_filter`` and every facet's aggregation is filtered by the other
facets' filters only, so a facet's counts ignore its own selection.
"""

from __future__ import annotations

from typing import Any

from search.engine.places import area_names
from search.engine.request import (
    FacetFilter,
    GeoLocation,
    SalaryFilter,
    SearchKind,
    ValidSearch,
)


def _salary_clause(salary: SalaryFilter) -> dict[str, Any]:
    clauses: list[dict[str, Any]] = [{"term": {"salary_currency": salary.currency}}]
    if salary.minimum_yearly is not None:
        least = salary.minimum_yearly
        clauses.append(
            {
                "bool": {
                    "should": [
                        {"range": {"salary_yearly_max": {"gte": least}}},
                        {
                            "bool": {
                                "must_not": [{"exists": {"field": "salary_yearly_max"}}],
                                "filter": [{"range": {"salary_yearly_min": {"gte": least}}}],
                            }
                        },
                    ],
                    "minimum_should_match": 1,
                }
            }
        )
    return {"bool": {"filter": clauses}}


def terms_filter(kind: SearchKind, facet_filter: FacetFilter) -> dict[str, Any]:
    field_name = kind.facets[facet_filter.facet]
    values: list[Any] = (
        [int(v) for v in facet_filter.values]
        if facet_filter.facet in kind.term_facets
        else facet_filter.values
    )
    return {"terms": {field_name: values}}


def geo_filter(geo: GeoLocation) -> dict[str, Any]:
    location_type = geo.location_type or "locality"
    if location_type == "country":
        return {"term": {"countries": (geo.country or "").upper()}}
    if location_type == "administrative_area_level_1":
        area: dict[str, Any] = {
            "terms": {
                "administrative_areas": sorted(
                    area_names(geo.country, geo.administrative_area or "")
                )
            }
        }
        if geo.country:
            return {"bool": {"filter": [{"term": {"countries": geo.country.upper()}}, area]}}
        return area
    radius_km = geo.radius_km()
    return {
        "geo_distance": {
            "distance": f"{radius_km}km",
            "location_points": {"lat": geo.lat, "lon": geo.lon},
        }
    }


# Jobs past their expiry are never found, even before the scheduler marks them expired.
UNEXPIRED: dict[str, Any] = {
    "bool": {
        "should": [
            {"bool": {"must_not": {"exists": {"field": "expires_at"}}}},
            {"range": {"expires_at": {"gt": "now"}}},
        ],
        "minimum_should_match": 1,
    }
}


def text_query(
    query_text: str, *, fields: list[str], phrase_field: str, filters: list[dict[str, Any]]
) -> dict[str, Any]:
    """The stemmed text (ADR 0010) in every field, all words required, a phrase in the main
    field ranked higher; only ``filters`` without text."""
    if not query_text:
        return {"bool": {"filter": filters}}
    return {
        "bool": {
            "must": [
                {
                    "multi_match": {
                        "query": query_text,
                        "type": "cross_fields",
                        "fields": fields,
                        "operator": "and",
                    }
                }
            ],
            "should": [{"match_phrase": {phrase_field: {"query": query_text, "boost": 3}}}],
            "filter": filters,
        }
    }


# What a hit shows (search.graphql.job_search.job_hit): a document's other fields (term ids,
# analysed text, versions) would only be decoded and dropped, page after page.
JOB_HIT_FIELDS = (
    "id",
    "title",
    "slug",
    "organization_id",
    "organization_name",
    "organization_slug",
    "logo_url",
    "snippet",
    "locations",
    "location_points",
    "term_labels.remote_options",
    "term_labels.employment_types",
    "published_at",
    "salary_*",
)


def build_query(search: ValidSearch, *, site: str | None = None) -> dict[str, Any]:
    """The Elasticsearch request body (the same one a benchmark can send straight to ES)."""
    request = search.request
    filters: list[dict[str, Any]] = [{"term": {"findable": True}}, UNEXPIRED]
    if site:
        filters.append({"term": {"site": site}})
    filters += [terms_filter(search.kind, f) for f in search.other_filters]
    if request.geo_location is not None:
        filters.append(geo_filter(request.geo_location))
    if search.salary is not None:
        filters.append(_salary_clause(search.salary))

    query = text_query(
        search.query_text,
        fields=[
            "title_stem^4",
            "labels_stem^2",
            "organization_stem^2",
            "place_stem^2",
            "body_stem",
        ],
        phrase_field="title_stem",
        filters=filters,
    )
    aggregations, post_filter = facet_parts(search, named={"company": "organization_name"})
    # the job's id last: jobs published in the same instant (a batch) keep one order across
    # pages, replicas and a rebuilt index (else Elasticsearch's index order decides)
    sort: list[Any] = [
        *(
            [{"published_at": {"order": "desc", "missing": "_last"}}, "_score"]
            if search.by_date or not search.query_text
            else ["_score", {"published_at": {"order": "desc", "missing": "_last"}}]
        ),
        {"id": "asc"},
    ]
    body: dict[str, Any] = {
        "query": query,
        "from": search.offset,
        "size": search.size,
        "sort": sort,
        "track_total_hits": True,
        "aggs": aggregations,
        "_source": {"includes": list(JOB_HIT_FIELDS)},
    }
    if post_filter:
        body["post_filter"] = {"bool": {"filter": post_filter}}
    return body


def facet_parts(
    search: ValidSearch, *, named: dict[str, str] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The facet aggregations and the post filter clauses: each facet counted under the other
    facets' selections (never its own), the hits filtered by all of them. ``named`` gives a
    facet whose values are ids a sub-aggregation on the field holding their names."""
    kind = search.kind
    facet_clauses = {f.facet: terms_filter(kind, f) for f in search.facet_filters}
    aggregations: dict[str, Any] = {}
    for facet in search.request.facets:
        others = [clause for name, clause in facet_clauses.items() if name != facet.field]
        terms: dict[str, Any] = {
            "field": kind.facets[facet.field],
            "size": facet.limit,
            "min_doc_count": facet.min_count,
        }
        inner: dict[str, Any] = {"terms": terms}
        if named and facet.field in named:
            inner["aggs"] = {"name": {"terms": {"field": named[facet.field], "size": 1}}}
        aggregations[facet.field] = {
            "filter": {"bool": {"filter": others}} if others else {"match_all": {}},
            "aggs": {"values": inner},
        }
    return aggregations, list(facet_clauses.values())
