"""resumeSearch through the subgraph: recruiters and administrators only, the site's resume
feature, hits with labels and public fields only, and bad input as data."""

import uuid
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from search.engine.indexing.payloads import ResumePayload
from search.engine.indexing.resumes import index_resume
from search.engine.indexing.store import SearchStore

from services.search.tests.factories import configure_site
from services.search.tests.integration.test_resume_index import (
    BERLIN,
    PRIVATE,
    PYTHON,
    resume_event,
)

pytestmark = pytest.mark.integration

SEARCH = """query($input: ResumeSearchInput!) { resumeSearch(input: $input) {
  __typename
  ... on ResumeSearchResults {
    total
    hits {
      id title summary occupations skills languages careerStatus updatedAt distanceKm
      place { city region countryCode }
    }
    facets { field values { value label count } }
    metadata { page pageSize sorting radius unit }
  }
  ... on SearchErrors { message errors { field code message } }
  ... on ResumeSearchOff { message }
} }"""

HIT_FIELDS = """{ __type(name: "ResumeSearchHit") { fields { name } }
  place: __type(name: "ResumeSearchPlace") { fields { name } } }"""


async def index(store: SearchStore, sessions: Any, payload: dict[str, Any]) -> None:
    async with sessions() as session:
        assert await index_resume(store, session, ResumePayload.model_validate(payload))
    await store.refresh("resumes")


async def set_resume_feature(sessions: Any, site: str, on: bool) -> None:
    await configure_site(sessions, site, "features", resume=on)


async def test_only_recruiters_and_administrators_search_resumes(
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    query = {"fulltext": {"keys": "nurse"}}
    anonymous = await graphql.execute(SEARCH, input=query)
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    applicant = await graphql.as_user(tokens.token(roles=["applicant"])).execute(
        SEARCH, input=query
    )
    assert applicant["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    assert not applicant.get("data")
    for role in ("recruiter", "administrator"):
        data = await graphql.as_user(tokens.token(roles=[role])).data(SEARCH, input=query)
        assert data["resumeSearch"]["__typename"] == "ResumeSearchResults"


async def test_hits_have_labels_and_public_fields_only(
    graphql: GraphQLClient, tokens: TokenIssuer, store: SearchStore, committed_sessions: Any
) -> None:
    word = f"Wombat{uuid.uuid4().hex[:6]}"
    leaky = resume_event(
        1,
        title=f"{word} case manager",
        about=f"Ten years of {word} work with families.",
        skills_free=["Mediation"],
        desired_location=BERLIN | {"address_line1": "Hidden Street 1"},
    )
    await index(store, committed_sessions, leaky | PRIVATE)
    recruiter = graphql.as_user(tokens.token(roles=["recruiter"]))
    body = await recruiter.execute(
        SEARCH,
        input={
            "fulltext": {"keys": word},
            "facets": [{"field": "skills"}, {"field": "careerStatus"}],
            "geoLocation": {"lat": 52.5, "lon": 13.4, "radius": 25, "unit": "km"},
            "sorts": [{"field": "changed"}],
        },
    )
    assert not body.get("errors"), body
    results = body["data"]["resumeSearch"]
    assert results["total"] == 1
    (hit,) = results["hits"]
    assert hit["id"] == leaky["resume_id"]
    assert hit["title"] == f"{word} case manager"
    assert hit["summary"].startswith("Ten years of")
    assert hit["skills"] == ["Python", "Mediation"]
    assert hit["languages"] == ["English"]
    assert hit["occupations"] == ["Office Management"]
    assert hit["careerStatus"] == "professional"
    assert hit["place"] == {"city": "Berlin", "region": "Berlin", "countryCode": "DE"}
    assert hit["distanceKm"] is not None
    assert hit["distanceKm"] < 5
    assert results["metadata"]["sorting"] == "changed_desc"
    assert results["metadata"]["pageSize"] == 10
    facets = {f["field"]: f["values"] for f in results["facets"]}
    assert facets["skills"] == [{"value": str(PYTHON), "label": "Python", "count": 1}]
    # nothing private in the answer, and no field in the type that could carry it
    answer = repr(body)
    for secret in ("Privata", "Secretson", "1234567", "1990-01-01", "privata@", "Hidden"):
        assert secret not in answer
    types = await recruiter.data(HIT_FIELDS)
    names = {f["name"] for t in types.values() for f in t["fields"]}
    private = {"firstName", "lastName", "phone", "birthday", "email", "homeLocation", "address"}
    assert not names & private


async def test_the_site_resume_feature_off_answers_resume_search_off(
    graphql: GraphQLClient, tokens: TokenIssuer, committed_sessions: Any
) -> None:
    site = f"noresumes-{uuid.uuid4().hex[:6]}"
    recruiter = graphql.as_user(tokens.token(roles=["recruiter"])).for_site(f"{site}/en")
    query = {"fulltext": {"keys": "nurse"}}
    # on unless the site turns it off (the platform's default)
    assert (await recruiter.data(SEARCH, input=query))["resumeSearch"]["__typename"] == (
        "ResumeSearchResults"
    )
    await set_resume_feature(committed_sessions, site, False)
    off = (await recruiter.data(SEARCH, input=query))["resumeSearch"]
    assert off == {"__typename": "ResumeSearchOff", "message": off["message"]}
    await set_resume_feature(committed_sessions, site, True)
    on = await recruiter.data(SEARCH, input=query)
    assert on["resumeSearch"]["__typename"] == "ResumeSearchResults"


async def test_bad_input_is_answered_as_search_errors(
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    recruiter = graphql.as_user(tokens.token(roles=["recruiter"]))
    data = await recruiter.data(
        SEARCH,
        input={
            "facets": [{"field": "remoteOptions"}],
            "conditionGroups": [{"conditions": [{"field": "languages", "value": "english"}]}],
            "geoLocation": {"lat": 95, "lon": 13.4},
            "page": 0,
        },
    )
    refused = data["resumeSearch"]
    assert refused["__typename"] == "SearchErrors"
    assert {e["field"] for e in refused["errors"]} >= {
        "facets.0.field",
        "conditionGroups.0.conditions.0.value",
        "page",
    }
