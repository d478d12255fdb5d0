"""Every path by which a private field (first and last name, phone, birthday, home location)
could reach a recruiter: the resume query, ``_entities`` and the contact request lists. Each
answers them only once the applicant approved a request of one of the recruiter's
organizations, hides them again after a revocation, and never answers an email."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from resumes.settings import ResumesSettings
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.resumes.tests.factories import contact_request, organization, resume

pytestmark = pytest.mark.integration

PRIVATE = "firstName lastName phone birthday homeLocation { locality }"
RESUME = f"query($id: ID!) {{ resume(id: $id) {{ id title {PRIVATE} }} }}"
ENTITIES = f"""query($r: [_Any!]!) {{ _entities(representations: $r) {{
  ... on Resume {{ id title {PRIVATE} }} }} }}"""
ORGANIZATION_LIST = f"""query($o: ID!) {{ organizationContactRequests(organizationId: $o) {{
  total requests {{ status resume {{ id {PRIVATE} }} }} }} }}"""
MY_LIST = f"""{{ myContactRequests {{ total requests {{ status organizationName
  resume {{ id {PRIVATE} }} }} }} }}"""
HIDDEN = {
    "firstName": None,
    "lastName": None,
    "phone": None,
    "birthday": None,
    "homeLocation": None,
}
SHOWN = {
    "firstName": "Ada",
    "lastName": "Private-Lovelace",
    "phone": "+49 30 1234567",
    "birthday": "1990-05-17",
    "homeLocation": {"locality": "Potsdam"},
}


@pytest.fixture(scope="module")
def service_settings(service_settings: ResumesSettings) -> ResumesSettings:
    """A site that keeps the birthday, so it is checked as private too."""
    return service_settings.model_copy(update={"nulled_fields": frozenset()})


def _private(found: dict[str, Any] | None) -> dict[str, Any]:
    assert found is not None
    return {key: found[key] for key in HIDDEN}


async def _every_path(
    recruiter: GraphQLClient, resume_id: str, organization_id: str
) -> list[dict[str, Any]]:
    """What each recruiter-facing path answers of the resume's private fields."""
    by_query = (await recruiter.data(RESUME, id=resume_id))["resume"]
    by_entity = (await recruiter.data(ENTITIES, r=[{"__typename": "Resume", "id": resume_id}]))[
        "_entities"
    ][0]
    listed = (await recruiter.data(ORGANIZATION_LIST, o=organization_id))[
        "organizationContactRequests"
    ]["requests"]
    by_list = next(item["resume"] for item in listed if item["resume"]["id"] == resume_id)
    return [_private(by_query), _private(by_entity), _private(by_list)]


async def _setup(
    sessions: async_sessionmaker[AsyncSession],
    tokens: TokenIssuer,
    graphql: GraphQLClient,
    status: str,
) -> tuple[GraphQLClient, str, str, Any]:
    user = uuid.uuid4()
    org = await organization(sessions, user)
    row = resume()
    request = contact_request(row, org, status)
    await persist(sessions, row)
    await persist(sessions, request)
    recruiter = graphql.as_user(tokens.token(user, ["recruiter"]))
    return recruiter, str(row.id), org, row


@pytest.mark.parametrize("status", ["pending", "declined", "revoked", "awaiting_credit", "denied"])
async def test_without_an_approved_request_no_path_answers_a_private_field(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
    status: str,
) -> None:
    recruiter, rid, org, _ = await _setup(committed_sessions, tokens, graphql, status)
    assert await _every_path(recruiter, rid, org) == [HIDDEN, HIDDEN, HIDDEN]


async def test_an_approved_request_shows_them_to_its_organization_only(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    recruiter, rid, org, _ = await _setup(committed_sessions, tokens, graphql, "approved")
    assert await _every_path(recruiter, rid, org) == [SHOWN, SHOWN, SHOWN]

    # a recruiter of another organization, with a pending request of their own
    other_user = uuid.uuid4()
    other_org = await organization(committed_sessions, other_user, name="Other")
    from resumes.domain.models import Resume

    async with committed_sessions() as session:
        row = await session.get(Resume, uuid.UUID(rid))
    assert row is not None
    await persist(committed_sessions, contact_request(row, other_org, "pending"))
    other = graphql.as_user(tokens.token(other_user, ["recruiter"]))
    assert await _every_path(other, rid, other_org) == [HIDDEN, HIDDEN, HIDDEN]
    # a recruiter in no organization sees the searchable resume, never its private fields
    loner = graphql.as_user(tokens.token(uuid.uuid4(), ["recruiter"]))
    assert _private((await loner.data(RESUME, id=rid))["resume"]) == HIDDEN


async def test_a_revoked_approval_hides_them_again(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    recruiter, rid, org, row = await _setup(committed_sessions, tokens, graphql, "approved")
    assert (await _every_path(recruiter, rid, org))[0] == SHOWN
    owner = graphql.as_user(tokens.token(row.owner_id, ["applicant"]))
    listed = (await owner.data(MY_LIST))["myContactRequests"]
    assert listed["total"] == 1
    assert listed["requests"][0]["organizationName"] == "Acme Care"
    assert _private(listed["requests"][0]["resume"]) == SHOWN  # the applicant's own
    request_id = (await owner.data("{ myContactRequests { requests { id } } }"))[
        "myContactRequests"
    ]["requests"][0]["id"]
    revoked = await owner.data(
        """mutation($id: ID!) { revokeContactRequest(id: $id) { __typename
        ... on ContactRequestSaved { request { status } } } }""",
        id=request_id,
    )
    assert revoked["revokeContactRequest"]["request"]["status"] == "REVOKED"
    assert await _every_path(recruiter, rid, org) == [HIDDEN, HIDDEN, HIDDEN]


async def test_hiding_from_the_organization_hides_the_resume_approval_included(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    recruiter, rid, org, row = await _setup(committed_sessions, tokens, graphql, "approved")
    owner = graphql.as_user(tokens.token(row.owner_id, ["applicant"]))
    hidden = await owner.data(
        """mutation($o: ID!) { hideResumeFromOrganization(organizationId: $o) { __typename
        ... on ResumeSaved { resume { hiddenFromOrganizationIds } } } }""",
        o=org,
    )
    assert hidden["hideResumeFromOrganization"]["resume"]["hiddenFromOrganizationIds"] == [org]
    assert (await recruiter.data(RESUME, id=rid))["resume"] is None
    entity = (await recruiter.data(ENTITIES, r=[{"__typename": "Resume", "id": rid}]))["_entities"]
    assert entity == [None]
    listed = (await recruiter.data(ORGANIZATION_LIST, o=org))["organizationContactRequests"]
    assert [item["resume"] for item in listed["requests"]] == [None]


async def test_the_applicant_and_admins_see_everything_and_nobody_an_email(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    row = resume()
    await persist(committed_sessions, row)
    rid = str(row.id)
    for caller in (
        graphql.as_user(tokens.token(row.owner_id, ["applicant"])),
        graphql.as_user(tokens.token(roles=["administrator"])),
    ):
        assert _private((await caller.data(RESUME, id=rid))["resume"]) == SHOWN
    # visitors: no resume at all; other applicants: none either
    anonymous = await graphql.execute(RESUME, id=rid)
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    assert (await graphql.data(ENTITIES, r=[{"__typename": "Resume", "id": rid}]))["_entities"] == [
        None
    ]
    stranger = graphql.as_user(tokens.token(roles=["applicant"]))
    assert (await stranger.data(RESUME, id=rid))["resume"] is None
    # the graph has no email field, and the stored address is in no answer
    fields = (await graphql.data('{ __type(name: "Resume") { fields { name } } }'))["__type"]
    assert not [f["name"] for f in fields["fields"] if "mail" in f["name"].lower()]
    owner = graphql.as_user(tokens.token(row.owner_id, ["applicant"]))
    everything = await owner.execute("{ myResume { id title firstName lastName phone about } }")
    assert row.owner_email is not None
    assert row.owner_email not in json.dumps(everything)
