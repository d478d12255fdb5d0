"""The job search scenarios compare like with like: the raw baseline sends Elasticsearch exactly
the request the search service makes for the GraphQL input the other rows send (no network)."""

from __future__ import annotations

import json
from typing import Any

from search.engine.job_search import FEATURED_JOB, job_search_msearch
from search.engine.validation import validate
from search.graphql.job_search import (
    JobSearchInput,
    SearchConditionGroupInput,
    SearchConditionInput,
    SearchFacetInput,
    SearchFulltextInput,
    SearchGeoLocationInput,
    SearchSortInput,
    to_request,
)
from search.site.geo import SiteGeo

from bench.scenarios._search import CITIES, SITE, TEXTS, Ask, elasticsearch_body, graphql_input

ASK = Ask(TEXTS[0], CITIES[0], employment=[3000, 3001], remote=[3300, 3302])


# the demo sites' distances (scripts/demo/board.py): the searches' miles are 1.6 km
DEMO_SITE_GEO = SiteGeo(default_radius=50, unit="mi", km_per_unit=1.6)


def service_input(data: dict[str, Any]) -> JobSearchInput:
    """The GraphQL variables as the search subgraph receives them (camelCase -> its inputs)."""
    geo = data["geoLocation"]
    return JobSearchInput(
        language=data["language"],
        facets=[SearchFacetInput(field=facet["field"]) for facet in data["facets"]],
        condition_groups=[
            SearchConditionGroupInput(
                conditions=[
                    SearchConditionInput(field=c["field"], value=c["value"])
                    for c in group["conditions"]
                ],
                tags=group["tags"],
            )
            for group in data["conditionGroups"]
        ],
        fulltext=SearchFulltextInput(keys=data["fulltext"]["keys"]),
        geo_location=SearchGeoLocationInput(
            label=geo["label"],
            lat=geo["lat"],
            lon=geo["lon"],
            radius=geo["radius"],
            unit=geo["unit"],
        ),
        sorts=[SearchSortInput(field=s["field"], value=s["value"]) for s in data["sorts"]],
    )


def lines(body: bytes) -> list[dict[str, Any]]:
    assert body.endswith(b"\n")  # _msearch wants the last line terminated
    return [json.loads(line) for line in body.decode().splitlines()]


def test_the_baseline_is_the_services_msearch_for_the_graphql_input() -> None:
    request = to_request(service_input(graphql_input(ASK)), DEMO_SITE_GEO)
    served = job_search_msearch(validate(request), site=SITE)
    assert lines(elasticsearch_body(ASK)) == json.loads(json.dumps(served))


def test_the_baseline_asks_featured_and_main_query_of_one_site() -> None:
    header, featured, header_again, main = lines(elasticsearch_body(ASK))
    assert header == header_again == {}
    assert FEATURED_JOB in featured["post_filter"]["bool"]["filter"]
    assert {"term": {"site": SITE}} in main["query"]["bool"]["filter"]
    assert main["query"] == featured["query"]
    assert main["size"] == 10 + 7  # a page and room for the pinned featured jobs
    assert len(main["post_filter"]["bool"]["filter"]) == 2  # the two facet selections
    assert main["sort"][0] == {"published_at": {"order": "desc", "missing": "_last"}}
    assert set(main["aggs"]) == {
        "remoteOptions",
        "employmentType",
        "industry",
        "occupations",
        "yearsOfExperience",
        "company",
    }
