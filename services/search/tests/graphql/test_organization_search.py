"""organizationSearch through the subgraph: facets, full text, open jobs, featured first, and
hostile inputs as data."""

import uuid
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from search.engine.indexing.documents import profile_document
from search.engine.indexing.indexer import index_job, index_profile
from search.engine.indexing.store import SearchStore
from search.taxonomy.seed import read_seed_terms

from services.search.tests.factories import job_payload, profile_payload

pytestmark = pytest.mark.integration
SEED = read_seed_terms()

SEARCH = """query($input: OrganizationSearchInput!) { organizationSearch(input: $input) {
  __typename
  ... on OrganizationSearchResults {
    total
    hits { organization { id } name slug snippet industry occupations countries openJobs featured }
    facets { field values { value label count } }
    metadata { page pageSize noindex radius unit metatags { meta value } }
  }
  ... on SearchErrors { message errors { field code message } }
  ... on SearchUnavailable { message }
} }"""


def tid(vocabulary: str, alias: str) -> int:
    return next(t.tid for t in SEED if t.vocabulary == vocabulary and t.aliases["en"] == alias)


def facet(field: str, *values: int) -> dict[str, Any]:
    return {
        "conditions": [{"field": field, "value": str(value)} for value in values],
        "tags": [f"facet:{field}"],
    }


async def test_facets_text_open_jobs_and_only_published_profiles(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any
) -> None:
    word = f"Pangolin{uuid.uuid4().hex[:6]}"
    health, education = tid("industries", "health"), tid("industries", "education")
    first = profile_payload(
        name=f"{word} Clinics",
        industry_tid=health,
        occupation_tids=[1001],
        locations=[{"locality": "Zürich", "country_code": "CH"}],
    )
    second = profile_payload(name=f"{word} School", industry_tid=education, occupation_tids=[1001])
    third = profile_payload(
        name="Somebody else", presentation_text=f"We love {word}s.", industry_tid=health
    )
    hidden = profile_payload(name=f"{word} Hidden", published=False, industry_tid=health)
    async with committed_sessions() as session:
        for profile in (first, second, third, hidden):
            await index_profile(store, session, profile)
        for n in range(3):
            job = job_payload(organization_id=first.organization_id, title=f"Keeper {n}")
            await index_job(store, session, job, "jobs.job.published")
        draft = job_payload(organization_id=first.organization_id, state="draft")
        await index_job(store, session, draft, "jobs.job.updated")
    await store.refresh("organizations")
    await store.refresh("jobs")

    answer = (
        await graphql.data(
            SEARCH,
            input={
                "fulltext": {"keys": word.lower()},
                "facets": [{"field": "industry"}, {"field": "occupations"}],
                "conditionGroups": [facet("industry", health)],
            },
        )
    )["organizationSearch"]
    assert answer["__typename"] == "OrganizationSearchResults"
    assert answer["total"] == 2  # the clinics and the one whose presentation names the word
    names = {hit["name"]: hit for hit in answer["hits"]}
    assert set(names) == {f"{word} Clinics", "Somebody else"}
    assert names[f"{word} Clinics"]["openJobs"] == 3
    assert names["Somebody else"]["openJobs"] == 0
    assert names[f"{word} Clinics"]["industry"] == "Health"
    assert names[f"{word} Clinics"]["countries"] == ["CH"]
    assert names[f"{word} Clinics"]["organization"] == {"id": first.profile_id}
    assert not names[f"{word} Clinics"]["featured"]
    counts = {f["field"]: {v["value"]: v["count"] for v in f["values"]} for f in answer["facets"]}
    # the industry facet ignores its own selection; the occupations facet does not
    assert counts["industry"] == {str(health): 2, str(education): 1}
    assert counts["occupations"] == {"1001": 1}
    assert answer["metadata"]["pageSize"] == 12
    assert answer["metadata"]["noindex"] is False
    assert answer["metadata"]["radius"] is None


async def test_twelve_a_page_and_featured_ones_first_on_page_one(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any
) -> None:
    word = f"Okapi{uuid.uuid4().hex[:6]}"
    profiles = [profile_payload(name=f"{word} {n:02d}") for n in range(20)]
    featured = {profiles[n].profile_id for n in (13, 17)}
    period = [{"gte": "2020-01-01T00:00:00Z", "lt": "2999-01-01T00:00:00Z"}]
    for profile in profiles:
        periods = period if profile.profile_id in featured else []
        await store.write(
            "organizations", profile_document(profile, labels={}, featured_periods=periods)
        )
    # a featured period that is over does not count
    await store.write(
        "organizations",
        profile_document(
            profile_payload(name=f"{word} 99"),
            labels={},
            featured_periods=[{"gte": "2020-01-01T00:00:00Z", "lt": "2021-01-01T00:00:00Z"}],
        ),
    )
    await store.refresh("organizations")
    first = (await graphql.data(SEARCH, input={"fulltext": {"keys": word}}))["organizationSearch"]
    second = (await graphql.data(SEARCH, input={"fulltext": {"keys": word}, "page": 2}))[
        "organizationSearch"
    ]
    assert first["total"] == second["total"] == 21
    assert len(first["hits"]) == 12
    assert len(second["hits"]) == 9
    assert {hit["organization"]["id"] for hit in first["hits"][:2]} == featured
    assert [hit["featured"] for hit in first["hits"]] == [True, True] + [False] * 10
    every = [hit["organization"]["id"] for hit in first["hits"] + second["hits"]]
    assert len(set(every)) == 21  # nothing repeated, nothing lost
    assert second["metadata"]["page"] == 2


@pytest.mark.parametrize(
    ("search_input", "field"),
    [
        ({"fulltext": {"keys": "x" * 10_000}}, "fulltext.keys"),
        ({"page": 0}, "page"),
        ({"page": 1_000_000_000}, "page"),
        ({"facets": [{"field": "company"}]}, "facets.0.field"),
        ({"conditionGroups": [facet("nope", 1)]}, "conditionGroups.0.conditions.0.field"),
        (
            {
                "conditionGroups": [
                    {
                        "conditions": [{"field": "industry", "value": "x1"}],
                        "tags": ["facet:industry"],
                    }
                ]
            },
            "conditionGroups.0.conditions.0.value",
        ),
        (
            {"conditionGroups": [facet("fieldsOfStudy", 10**30)]},
            "conditionGroups.0.conditions.0.value",
        ),
    ],
)
async def test_hostile_inputs_are_errors_as_data(
    graphql: GraphQLClient, store: SearchStore, search_input: dict[str, Any], field: str
) -> None:
    result = await graphql.execute(SEARCH, input=search_input)
    assert "errors" not in result
    answer = result["data"]["organizationSearch"]
    assert answer["__typename"] == "SearchErrors"
    assert field in [error["field"] for error in answer["errors"]]
    assert "elasticsearch" not in str(answer).lower()


async def test_an_index_that_is_down_answers_search_unavailable(
    graphql: GraphQLClient, store: SearchStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from elasticsearch import ConnectionError as EsConnectionError

    async def down(*args: Any, **kwargs: Any) -> Any:
        raise EsConnectionError("connection refused by 127.0.0.1:9200")

    monkeypatch.setattr(store.client, "search", down)
    answer = (await graphql.data(SEARCH, input={}))["organizationSearch"]
    assert answer["__typename"] == "SearchUnavailable"
    assert "9200" not in answer["message"]
