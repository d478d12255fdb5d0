"""locationSuggestions, and jobSearch's geoLocation fed with what a suggestion gives."""

import uuid
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from search.engine.indexing.indexer import index_job
from search.engine.indexing.store import SearchStore

from services.search.tests.factories import configure_site, job_payload

pytestmark = pytest.mark.integration

SUGGEST = """query($text: String!, $limit: Int! = 10) {
  locationSuggestions(text: $text, limit: $limit) {
    label locationType country administrativeArea lat lon
  }
}"""

SEARCH = """query($input: JobSearchInput!) { jobSearch(input: $input) {
  __typename
  ... on JobSearchResults {
    total hits { job { id } distanceKm featured }
    metadata { radius unit noindex }
  }
  ... on SearchErrors { errors { field message } }
} }"""


async def suggestion(graphql: GraphQLClient, text: str) -> dict[str, Any]:
    answers = (await graphql.data(SUGGEST, text=text))["locationSuggestions"]
    assert answers, text
    first: dict[str, Any] = answers[0]
    return first


def geo_input(place: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """What the web sends for a chosen suggestion (the contract's comment on geoLocation)."""
    if place["locationType"] == "locality":
        return {
            "label": place["label"],
            "lat": place["lat"],
            "lon": place["lon"],
            "locationType": "locality",
            **extra,
        }
    return {
        "label": place["label"],
        "locationType": place["locationType"],
        "country": place["country"],
        "administrativeArea": place["administrativeArea"],
    }


async def test_suggestions_select_jobs_by_place_state_and_country(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any
) -> None:
    word = f"Tapir{uuid.uuid4().hex[:6]}"
    oakland = {"locality": "Oakland", "country_code": "US", "administrative_area": "CA",
               "lat": 37.8044, "lon": -122.2712}  # fmt: skip
    zurich = {"locality": "Zürich", "country_code": "CH", "lat": 47.3769, "lon": 8.5417}
    boston = {"locality": "Boston", "country_code": "US", "administrative_area": "MA",
              "lat": 42.3601, "lon": -71.0589}  # fmt: skip
    jobs = {
        "oakland": job_payload(title=f"{word} west", locations=[oakland]),
        "zurich": job_payload(title=f"{word} alps", locations=[zurich]),
        "boston": job_payload(title=f"{word} east", locations=[boston]),
    }
    async with committed_sessions() as session:
        for job in jobs.values():
            await index_job(store, session, job, "jobs.job.published")
    await store.refresh("jobs")

    async def found(geo: dict[str, Any]) -> dict[str, Any]:
        result = await graphql.data(SEARCH, input={"fulltext": {"keys": word}, "geoLocation": geo})
        answer: dict[str, Any] = result["jobSearch"]
        assert answer["__typename"] == "JobSearchResults", answer
        return answer

    near = await found(geo_input(await suggestion(graphql, "zur"), radius=25, unit="km"))
    assert [hit["job"]["id"] for hit in near["hits"]] == [jobs["zurich"].job_id]
    assert near["hits"][0]["distanceKm"] < 5
    assert near["hits"][0]["featured"] is False
    assert near["metadata"]["radius"] == 25
    assert near["metadata"]["unit"] == "km"

    # a site that never set its distances: identity's platform default, 100 km
    default_radius = await found(geo_input(await suggestion(graphql, "oakla")))
    assert default_radius["metadata"] == {"radius": 100, "unit": "km", "noindex": False}

    california = await suggestion(graphql, "cal")
    assert california["locationType"] == "administrative_area_level_1"
    in_state = await found(geo_input(california))
    # the job stores "CA"; the suggestion says "California"
    assert [hit["job"]["id"] for hit in in_state["hits"]] == [jobs["oakland"].job_id]
    assert in_state["hits"][0]["distanceKm"] is None
    assert in_state["metadata"]["radius"] is None

    switzerland = await suggestion(graphql, "switz")
    assert switzerland["locationType"] == "country"
    in_country = await found(geo_input(switzerland))
    assert [hit["job"]["id"] for hit in in_country["hits"]] == [jobs["zurich"].job_id]

    nowhere = await found(geo_input(await suggestion(graphql, "germ")))
    assert nowhere["total"] == 0
    assert nowhere["metadata"]["noindex"] is True


async def test_a_place_search_takes_the_sites_radius_unit_and_multiplier(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any
) -> None:
    """Spec 9: a site searches 50 mi with 1.6 km a mile; another, 25 km. A request that names no
    radius or unit takes its site's, and the site's multiplier turns its unit into kilometres."""
    word = f"geo{uuid.uuid4().hex[:8]}"
    miles_site, km_site = (f"{kind}-{uuid.uuid4().hex[:6]}" for kind in ("miles", "km"))
    # Oakland and places 60 km and 90 km from it (due east, on its parallel)
    oakland = {"locality": "Oakland", "country_code": "US", "administrative_area": "CA",
               "lat": 37.8044, "lon": -122.2712}  # fmt: skip
    east_60 = {**oakland, "locality": "Sixty", "lon": -122.2712 + 60 / 88.0}
    east_90 = {**oakland, "locality": "Ninety", "lon": -122.2712 + 90 / 88.0}
    async with committed_sessions() as session:
        for site in (miles_site, km_site):
            for place in (oakland, east_60, east_90):
                job = job_payload(title=f"{word} {place['locality']}", locations=[place], site=site)
                await index_job(store, session, job, "jobs.job.published")
    await store.refresh("jobs")
    await configure_site(
        committed_sessions,
        miles_site,
        "geo",
        default_radius=50,
        default_unit="mi",
        radius_multiplier=1.6,
    )
    await configure_site(committed_sessions, km_site, "geo", default_radius=25, default_unit="km")

    async def found(site: str, **extra: Any) -> dict[str, Any]:
        geo = {"label": "Oakland", "lat": oakland["lat"], "lon": oakland["lon"], **extra}
        result = await graphql.for_site(f"{site}/en").data(
            SEARCH, input={"fulltext": {"keys": word}, "geoLocation": geo}
        )
        answer: dict[str, Any] = result["jobSearch"]
        assert answer["__typename"] == "JobSearchResults", answer
        return answer

    # 50 mi is 80 km on the miles site: Oakland and the place 60 km away
    miles = await found(miles_site)
    assert miles["metadata"] == {"radius": 50, "unit": "mi", "noindex": False}
    assert miles["total"] == 2
    # 25 km on the other: Oakland alone
    km = await found(km_site)
    assert km["metadata"] == {"radius": 25, "unit": "km", "noindex": False}
    assert km["total"] == 1
    # a radius in the site's unit; a unit named explicitly keeps its own kilometres
    assert (await found(miles_site, radius=100))["total"] == 3
    assert (await found(km_site, radius=100))["total"] == 3
    assert (await found(km_site, radius=50, unit="mi"))["total"] == 2
    assert (await found(miles_site, radius=25, unit="km"))["total"] == 1


@pytest.mark.parametrize("text", ["", "x" * 101, "\u00a0", "zzzzqqq"])
async def test_odd_texts_answer_an_empty_list(graphql: GraphQLClient, text: str) -> None:
    result = await graphql.execute(SUGGEST, text=text)
    assert "errors" not in result
    assert result["data"]["locationSuggestions"] == []


async def test_the_limit_is_bounded(graphql: GraphQLClient) -> None:
    many = (await graphql.data(SUGGEST, text="san", limit=500))["locationSuggestions"]
    assert len(many) == 20
    one = (await graphql.data(SUGGEST, text="san", limit=0))["locationSuggestions"]
    assert len(one) == 1
