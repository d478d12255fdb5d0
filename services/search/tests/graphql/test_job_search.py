"""jobSearch through the subgraph: hits as Job references, facets, and hostile inputs as data."""

from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from search.engine.indexing.indexer import index_job, index_profile
from search.engine.indexing.store import SearchStore

from services.search.tests.factories import job_payload, profile_payload

pytestmark = pytest.mark.integration

SEARCH = """query($input: JobSearchInput!) { jobSearch(input: $input) {
  __typename
  ... on JobSearchResults {
    total hits { job { id } title slug organizationName snippet locations { locality } }
    facets { field values { value label count } }
    metadata { sorting page pageSize metatags { meta value } }
  }
  ... on SearchErrors { message errors { field code message } }
  ... on SearchUnavailable { message }
} }"""


async def test_a_search_answers_job_references_teasers_and_facets(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any
) -> None:
    job = job_payload(title="Ornithologist", employment_type_tids=[3001])
    async with committed_sessions() as session:
        await index_job(store, session, job, "jobs.job.published")
    await store.refresh("jobs")
    answer = (
        await graphql.data(
            SEARCH,
            input={
                "fulltext": {"keys": "ornithologists"},
                "facets": [{"field": "employmentType"}],
                "sorts": [{"field": "field_job_publishing_date", "value": "DESC"}],
            },
        )
    )["jobSearch"]
    assert answer["__typename"] == "JobSearchResults"
    assert answer["total"] == 1
    assert answer["hits"][0]["job"] == {"id": job.job_id}
    assert answer["hits"][0]["locations"] == [{"locality": "Boston"}]
    assert answer["facets"] == [
        {"field": "employmentType", "values": [{"value": "3001", "label": "Part-time", "count": 1}]}
    ]
    assert answer["metadata"]["sorting"] == "publish_date_desc"
    assert answer["metadata"]["pageSize"] == 10


@pytest.mark.parametrize(
    ("search_input", "field"),
    [
        ({"fulltext": {"keys": "x" * 10_000}}, "fulltext.keys"),
        ({"page": 0}, "page"),
        ({"page": 1_000_000_000}, "page"),
        ({"geoLocation": {"lat": 1, "lon": 1, "radius": -1}}, "geoLocation.radius"),
        ({"geoLocation": {"lat": 1, "lon": 1, "radius": 100000}}, "geoLocation.radius"),
        ({"facets": [{"field": "nope"}]}, "facets.0.field"),
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
            {
                "conditionGroups": [
                    {"conditions": [{"field": "salaryYearly", "value": "1e9999", "operator": ">="}]}
                ]
            },
            "conditionGroups.0.conditions.0.value",
        ),
    ],
)
async def test_hostile_inputs_are_errors_as_data(
    graphql: GraphQLClient, store: SearchStore, search_input: dict[str, Any], field: str
) -> None:
    result = await graphql.execute(SEARCH, input=search_input)
    assert "errors" not in result
    answer = result["data"]["jobSearch"]
    assert answer["__typename"] == "SearchErrors"
    assert field in [error["field"] for error in answer["errors"]]
    assert "elasticsearch" not in str(answer).lower()


@pytest.mark.parametrize("keys", ["title:*", "((((", "*:*", "a OR b AND ~1"])
async def test_lucene_syntax_is_searched_as_text(
    graphql: GraphQLClient, store: SearchStore, keys: str
) -> None:
    answer = (await graphql.data(SEARCH, input={"fulltext": {"keys": keys}}))["jobSearch"]
    assert answer["__typename"] == "JobSearchResults"


async def test_a_site_finds_its_own_jobs_and_organizations_only(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any
) -> None:
    ours = job_payload(title="Glaciologist here", site="jobboard")
    theirs = job_payload(title="Glaciologist elsewhere", site="othersite")
    profile = profile_payload(name="Glacier Watch elsewhere", site="othersite")
    async with committed_sessions() as session:
        for job in (ours, theirs):
            await index_job(store, session, job, "jobs.job.published")
        await index_profile(store, session, profile)
    await store.refresh_all()
    search = {"fulltext": {"keys": "glaciologist"}}

    async def job_ids(client: GraphQLClient) -> list[str]:
        answer = (await client.data(SEARCH, input=search))["jobSearch"]
        return [hit["job"]["id"] for hit in answer["hits"]]

    assert await job_ids(graphql) == [ours.job_id]
    assert await job_ids(graphql.for_site("othersite/en")) == [theirs.job_id]
    organizations = """query($input: OrganizationSearchInput!) { organizationSearch(input: $input)
      { ... on OrganizationSearchResults { total } } }"""
    found = {"fulltext": {"keys": "glacier watch"}}
    assert (await graphql.data(organizations, input=found))["organizationSearch"]["total"] == 0
    elsewhere = graphql.for_site("othersite/en")
    assert (await elsewhere.data(organizations, input=found))["organizationSearch"]["total"] == 1


async def test_a_salary_filter_keeps_jobs_paying_at_least_that_a_year(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any
) -> None:
    pay = {"currency_code": "EUR", "salary_unit": "month"}
    enough = job_payload(title="Dendrologist senior", salary=pay | {"min_salary": 4_500})
    short = job_payload(title="Dendrologist junior", salary=pay | {"min_salary": 2_500})
    async with committed_sessions() as session:
        for job in (enough, short):
            await index_job(store, session, job, "jobs.job.published")
    await store.refresh("jobs")
    answer = (
        await graphql.data(
            SEARCH,
            input={
                "fulltext": {"keys": "dendrologist"},
                "conditionGroups": [
                    {"conditions": [{"field": "salaryCurrency", "value": "EUR"}]},
                    {"conditions": [{"field": "salaryYearly", "value": "50000", "operator": ">="}]},
                ],
            },
        )
    )["jobSearch"]
    assert [hit["job"]["id"] for hit in answer["hits"]] == [enough.job_id]  # 54,000 a year
