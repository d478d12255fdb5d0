"""jobSearch, organizationSearch and resumeSearch answer the same bytes with the lean path (inputs
converted once, plain results completed in one pass; ADR 0065, ADR 0071) as with strawberry's and
graphql-core's default path, page query and all."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from jobkit.input_conversion import strawberrys_own_conversion
from jobkit.lean_completion import LeanCompletion
from jobkit.testing.tokens import TokenIssuer
from search.engine.indexing.indexer import index_job, index_profile
from search.engine.indexing.payloads import ResumePayload
from search.engine.indexing.resumes import index_resume
from search.engine.indexing.store import SearchStore
from search.graphql.job_search import JobSearchInput
from search.graphql.organization_search import OrganizationSearchInput
from search.graphql.resume_search import ResumeSearchInput
from search.graphql.schema import schema
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from services.search.tests.factories import job_payload, profile_payload, resume_page_input
from services.search.tests.integration.test_resume_index import (
    BERLIN,
    POTSDAM,
    PRIVATE,
    resume_event,
)

pytestmark = pytest.mark.integration

# the /jobs page's operation as the gateway sends it to search (web/app/features/search/
# documents.ts; the bookmark is the jobs subgraph's), a directive and an alias added
JOB_PAGE = """query JobSearch($input: JobSearchInput!, $signedIn: Boolean! = false) {
  jobSearch(input: $input) {
  __typename
  ... on JobSearchResults { total
    hits { job { id __typename } isFeatured: featured @include(if: $signedIn) title slug
      organizationId organizationName organizationSlug logoUrl snippet
      locations { locality countryCode administrativeArea }
      salary { currency unit min max yearlyMin yearlyMax } remoteOptions employmentTypes
      publishedAt featured hasVideo distanceKm }
    facets { field values { value label count } }
    metadata { metatags { meta value } sorting page pageSize radius unit noindex } }
  ... on SearchErrors { message errors { message field code } }
  ... on SearchUnavailable { message } } }"""
ORGANIZATION_PAGE = """query($input: OrganizationSearchInput!) { organizationSearch(input: $input) {
  __typename
  ... on OrganizationSearchResults { total
    hits { organization { id } name slug logoUrl snippet industry occupations countries openJobs
      featured }
    facets { field values { value label count } }
    metadata { page pageSize noindex radius unit metatags { meta value } } }
  ... on SearchErrors { message errors { field code message } }
  ... on SearchUnavailable { message } } }"""
# the /resumes page's operation (web/app/features/resumes), an alias and a directive added
RESUME_PAGE = """query ResumeSearch($input: ResumeSearchInput!, $withPlace: Boolean! = true) {
  resumeSearch(input: $input) {
  __typename
  ... on ResumeSearchResults { total
    hits { id title summary occupations skills languages careerStatus
      where: place @include(if: $withPlace) { city region countryCode } updatedAt distanceKm }
    facets { field values { value label count } }
    metadata { metatags { meta value } sorting page pageSize radius unit noindex } }
  ... on SearchErrors { message errors { message field code } }
  ... on SearchUnavailable { message } ... on ResumeSearchOff { message } } }"""


@pytest.fixture
def default_path() -> Iterator[None]:
    schema.execution_context_class = StrawberryGraphQLCoreExecutionContext
    try:
        with strawberrys_own_conversion(JobSearchInput, OrganizationSearchInput, ResumeSearchInput):
            yield
    finally:
        schema.execution_context_class = LeanCompletion


def group(field: str, *values: int | str, tags: list[str] | None = None) -> dict[str, Any]:
    return {
        "conditions": [{"field": field, "value": str(value)} for value in values],
        "tags": [f"facet:{field}", *(tags or [])],
    }


def job_inputs(word: str, path: str) -> list[dict[str, Any]]:
    """The first one new to the kept answers (``path`` tags it; the search ignores the tag);
    the others are answered from them the second time, completed again all the same."""
    return [
        {
            "language": "en",
            "facets": [
                {"field": f}
                for f in ("occupations", "industry", "employmentType", "remoteOptions", "company")
            ],
            "conditionGroups": [group("employmentType", 3000, 3001, tags=[f"path:{path}"])],
            "fulltext": {"keys": word.lower()},
            "geoLocation": {"label": "Boston", "lat": 42.36, "lon": -71.06, "radius": 200},
            "sorts": [{"field": "field_job_publishing_date", "value": "DESC"}],
        },
        {"fulltext": {"keys": word}, "page": 2},
        {"page": 0},  # refused: errors as data
    ]


def organization_inputs(word: str) -> list[dict[str, Any]]:
    return [{"fulltext": {"keys": word}, "facets": [{"field": "industry"}], "language": "en"}]


def resume_inputs(word: str) -> list[dict[str, Any]]:
    """The /resumes page's request, its next page and a refusal."""
    return [
        resume_page_input(word.lower()),
        {"fulltext": {"keys": word}, "page": 2},
        {"sorts": [{"field": "publishedAt"}]},  # refused: errors as data
    ]


async def answers(
    url: str, document: str, inputs: list[dict[str, Any]], token: str | None = None
) -> list[bytes]:
    # a cookie: never a visitor's kept response (search.graphql.visitor_answers)
    headers = {"X-Frontend": "jobboard/en", "Cookie": "seen=1"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    async with httpx.AsyncClient(timeout=30) as client:
        return [
            (
                await client.post(
                    f"{url}/graphql",
                    json={"query": document, "variables": {"input": each}},
                    headers=headers,
                )
            ).content
            for each in inputs
        ]


@pytest.fixture
async def indexed(store: SearchStore, committed_sessions: Any) -> str:
    word = f"Lemur{uuid.uuid4().hex[:6]}"
    organization = profile_payload(name=f"{word} Rescue", occupation_tids=[1001])
    async with committed_sessions() as session:
        await index_profile(store, session, organization)
        for n in range(12):
            await index_job(
                store,
                session,
                job_payload(
                    title=f"{word} keeper {n}",
                    organization_id=organization.organization_id,
                    employment_type_tids=[3000 + n % 2],
                    remote_option_tids=[3300] if n % 3 else [],
                    occupational_field_tids=[1001 + n % 4],
                    salary={"min_salary": 30000 + n, "currency_code": "USD"} if n % 2 else None,
                    video_url="https://vimeo.com/1" if n == 3 else None,
                ),
                "jobs.job.published",
            )
    await store.refresh_all()
    return word


@pytest.fixture
async def lean_answers(service_url: str, indexed: str) -> list[bytes]:
    assert schema.execution_context_class is LeanCompletion
    jobs = await answers(service_url, JOB_PAGE, job_inputs(indexed, "lean"))
    return jobs + await answers(service_url, ORGANIZATION_PAGE, organization_inputs(indexed))


async def test_the_lean_path_answers_the_same_bytes(
    service_url: str, indexed: str, lean_answers: list[bytes], default_path: None
) -> None:
    jobs = await answers(service_url, JOB_PAGE, job_inputs(indexed, "default"))
    default = jobs + await answers(service_url, ORGANIZATION_PAGE, organization_inputs(indexed))
    assert lean_answers == default
    assert json.loads(lean_answers[0])["data"]["jobSearch"]["total"] == 12
    assert b"SearchErrors" in lean_answers[2]
    assert b"OrganizationSearchResults" in lean_answers[3]


@pytest.fixture
async def indexed_resumes(store: SearchStore, committed_sessions: Any) -> str:
    word = f"Quokka{uuid.uuid4().hex[:6]}"
    async with committed_sessions() as session:
        for n in range(13):
            payload = resume_event(
                1,
                title=f"{word} caseworker {n}",
                about=f"{n} years of {word} work.",
                skills_free=["Mediation"] if n % 2 else [],
                career_status="professional" if n % 3 else "graduate",
                desired_location=BERLIN if n % 2 else POTSDAM,
            )
            assert await index_resume(
                store, session, ResumePayload.model_validate(payload | PRIVATE)
            )
    await store.refresh("resumes")
    return word


async def test_resume_search_answers_the_same_bytes_on_the_lean_path(
    service_url: str, indexed_resumes: str, tokens: TokenIssuer
) -> None:
    recruiter = tokens.token(roles=["recruiter"])
    assert schema.execution_context_class is LeanCompletion
    lean = await answers(service_url, RESUME_PAGE, resume_inputs(indexed_resumes), recruiter)
    schema.execution_context_class = StrawberryGraphQLCoreExecutionContext
    try:
        with strawberrys_own_conversion(ResumeSearchInput):
            default = await answers(
                service_url, RESUME_PAGE, resume_inputs(indexed_resumes), recruiter
            )
    finally:
        schema.execution_context_class = LeanCompletion
    assert lean == default
    first = json.loads(lean[0])["data"]["resumeSearch"]
    assert first["total"] == 13
    assert len(first["hits"]) == 10
    assert first["hits"][0]["where"]["countryCode"] == "DE"
    assert b"SearchErrors" in lean[2]
    for secret in (b"Privata", b"Secretson", b"1234567", b"Hidden"):
        assert not any(secret in answer for answer in lean)
