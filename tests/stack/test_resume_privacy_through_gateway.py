"""A resume's private fields (first and last name, phone, birthday, home location; spec 3) never
reach a recruiter without an approved contact request, by any path the API offers: the resume
query, the organization's contact request list, resume search, and the federation entry point
(`_entities`), which the gateway does not expose and the resumes subgraph answers by the same rule.

Read-only over the demo board: the seed gives each demo organization contact requests in every
state (scripts/demo/seed_resumes.py), so a pending and an approved request of one organization
are there to compare. Each check fails when the rule in resumes.domain.access is removed."""

from __future__ import annotations

import os
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from resumes.settings import get_settings
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from tests.stack.test_gateway_reaches_every_subgraph import GATEWAY_URL, token_for

pytestmark = pytest.mark.integration

RESUMES_URL = os.environ.get("JOBBOARD_RESUMES_URL", "http://127.0.0.1:8104/graphql")
PRIVATE = ("firstName", "lastName", "phone", "birthday", "homeLocation")
PRIVATE_SELECTION = "firstName lastName phone birthday homeLocation { locality countryCode zip }"


async def _pending_and_approved() -> dict[str, Any]:
    """One demo organization's recruiter with a pending request (for a resume none of the
    recruiter's organizations may see the private fields of) and an approved one, and the
    pending applicant's name as stored."""
    engine = create_async_engine(get_settings().database_url)
    try:
        async with engine.connect() as connection:
            rows = (
                (
                    await connection.execute(
                        text(
                            """
                        select p.organization_id, p.recruiter_id,
                               p.resume_id as pending_id, a.resume_id as approved_id,
                               r.first_name, r.last_name
                          from contact_requests p
                          join contact_requests a
                            on a.organization_id = p.organization_id and a.status = 'approved'
                          join resumes r on r.id = p.resume_id
                         where p.status = 'pending' and r.findable and r.last_name is not null
                           -- no organization of this recruiter has an approved request
                           -- for it (a recruiter of two organizations sees what either may)
                           and not exists (
                             select 1 from contact_requests x
                               join organization_memberships m
                                 on m.organization_id = x.organization_id
                                and m.user_id = p.recruiter_id
                              where x.resume_id = p.resume_id and x.status = 'approved')
                           and not exists (
                             select 1 from resume_hidden_organizations h
                              where h.resume_id = p.resume_id)
                         order by p.organization_id
                         limit 1
                        """
                        )
                    )
                )
                .mappings()
                .all()
            )
    finally:
        await engine.dispose()
    if not rows:
        pytest.fail("the demo board has no organization with a pending and an approved request")
    return dict(rows[0])


def _recruiter(demo: dict[str, Any]) -> GraphQLClient:
    """The organization's recruiter, through the gateway."""
    return GraphQLClient(GATEWAY_URL, token=token_for(str(demo["recruiter_id"]), ["recruiter"]))


def _assert_hidden(resume: dict[str, Any], where: str) -> None:
    shown = {name: resume.get(name) for name in PRIVATE if resume.get(name) is not None}
    assert shown == {}, f"private fields reached a recruiter through {where}: {sorted(shown)}"


async def test_a_pending_request_shows_no_private_field_by_the_resume_query() -> None:
    demo = await _pending_and_approved()
    recruiter = _recruiter(demo)
    query = f"query($id: ID!) {{ resume(id: $id) {{ id title {PRIVATE_SELECTION} }} }}"

    pending = (await recruiter.data(query, id=str(demo["pending_id"])))["resume"]
    assert pending is not None, "a recruiter whose organization asked sees the resume"
    _assert_hidden(pending, "resume(id) with a pending request")

    approved = (await recruiter.data(query, id=str(demo["approved_id"])))["resume"]
    assert approved is not None
    assert approved["lastName"], "an approved request shows the name"


async def test_the_contact_request_list_shows_no_private_field_before_approval() -> None:
    demo = await _pending_and_approved()
    recruiter = _recruiter(demo)
    answer = await recruiter.data(
        f"""query($org: ID!) {{
          organizationContactRequests(organizationId: $org, limit: 100) {{
            requests {{ status resume {{ id {PRIVATE_SELECTION} }} }}
          }}
        }}""",
        org=str(demo["organization_id"]),
    )
    requests = answer["organizationContactRequests"]["requests"]
    assert {request["status"] for request in requests} >= {"PENDING", "APPROVED"}
    # the pending request's resume: none of the recruiter's organizations was approved for it
    pending = [
        request
        for request in requests
        if request["resume"] and request["resume"]["id"] == str(demo["pending_id"])
    ]
    assert len(pending) == 1
    assert pending[0]["status"] == "PENDING"
    _assert_hidden(pending[0]["resume"], "the contact request list (PENDING)")
    assert any(
        request["status"] == "APPROVED" and request["resume"] and request["resume"]["lastName"]
        for request in requests
    ), "the list shows the approved applicant's name"


async def test_resume_search_neither_finds_nor_shows_an_applicant_by_name() -> None:
    demo = await _pending_and_approved()
    recruiter = _recruiter(demo)
    answer = await recruiter.data(
        """query($input: ResumeSearchInput!) {
          resumeSearch(input: $input) {
            __typename
            ... on ResumeSearchResults { total hits { id title summary skills languages } }
          }
        }""",
        input={"fulltext": {"keys": f"{demo['first_name']} {demo['last_name']}"}},
    )
    result = answer["resumeSearch"]
    assert result["__typename"] == "ResumeSearchResults", result
    assert str(demo["pending_id"]) not in {hit["id"] for hit in result["hits"]}, (
        "a name is private: search must not match on it"
    )


async def test_entities_are_not_offered_by_the_gateway_and_follow_the_rule_in_the_subgraph() -> (
    None
):
    demo = await _pending_and_approved()
    token = token_for(str(demo["recruiter_id"]), ["recruiter"])
    query = f"""query($representations: [_Any!]!) {{
      _entities(representations: $representations) {{ ... on Resume {{ id {PRIVATE_SELECTION} }} }}
    }}"""
    representations = [{"__typename": "Resume", "id": str(demo["pending_id"])}]

    body = await GraphQLClient(GATEWAY_URL, token=token).execute(
        query, representations=representations
    )
    assert body.get("errors"), "the gateway must not answer _entities to a client"
    assert not (body.get("data") or {}).get("_entities")

    # what the gateway gets when a plan asks the resumes subgraph for the entity for this caller
    direct = await GraphQLClient(RESUMES_URL, token=token).data(
        query, representations=representations
    )
    entities = direct["_entities"]
    assert len(entities) == 1
    if entities[0] is not None:
        _assert_hidden(entities[0], "_entities of the resumes subgraph")
