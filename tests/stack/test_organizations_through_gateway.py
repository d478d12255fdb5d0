"""The running stack: organization profiles through the gateway. Terms resolve their labels in
search; personal info (invoicing) reaches only the organization's members, never visitors or
another organization's recruiter."""

from __future__ import annotations

import os
import uuid

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient

from tests.stack.test_gateway_reaches_every_subgraph import GATEWAY_URL, token_for

pytestmark = pytest.mark.integration

PROFILE = """query($slug: String!) { organizationProfile(slug: $slug) {
  name status personalInfo { firstName lastName } companyInfo { name }
  industry { tid label alias } benefits { label } organization { number } } }"""
DEMO_PASSWORD = os.environ.get("JOBBOARD_DEMO_PASSWORD", "demo-password-2026")


async def _signed_in(email: str) -> GraphQLClient:
    async with httpx.AsyncClient() as client:
        answer = await client.post(
            "http://127.0.0.1:8101/auth/credentials",
            json={"email": email, "password": DEMO_PASSWORD},
        )
    assert answer.status_code == 200, answer.text
    return GraphQLClient(GATEWAY_URL, token=answer.json()["accessToken"])


async def test_a_demo_profile_is_public_with_term_labels_and_no_private_data() -> None:
    visitor = GraphQLClient(GATEWAY_URL)
    profile = (await visitor.data(PROFILE, slug="green-harbor-foundation"))["organizationProfile"]
    assert profile["status"] == "PUBLISHED"
    assert profile["personalInfo"] is None
    assert profile["industry"]["label"] == "Environment & Climate"
    assert profile["industry"]["alias"] == "environment-and-climate"
    assert {b["label"] for b in profile["benefits"]} >= {"Health insurance"}

    other = GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["recruiter"]))
    seen = (await other.data(PROFILE, slug="green-harbor-foundation"))["organizationProfile"]
    assert seen["personalInfo"] is None

    member = await _signed_in("recruiter@greenharbor.example")
    mine = (await member.data(PROFILE, slug="green-harbor-foundation"))["organizationProfile"]
    assert mine["personalInfo"]["lastName"]


async def test_another_organizations_recruiter_cannot_change_it_through_the_gateway() -> None:
    visitor = GraphQLClient(GATEWAY_URL)
    answer = await visitor.data('{ organizationProfile(slug: "green-harbor-foundation") { id } }')
    profile_id = answer["organizationProfile"]["id"]
    outsider = await _signed_in("recruiter@europa-aid.example")
    refused = await outsider.data(
        """mutation($id: ID!) { updateOrganizationAbout(id: $id, input: {presentation: "x"}) {
          __typename ... on OrganizationErrors { errors { code } } } }""",
        id=profile_id,
    )
    assert refused["updateOrganizationAbout"] == {
        "__typename": "OrganizationErrors",
        "errors": [{"code": "FORBIDDEN"}],
    }


async def test_the_web_server_proxies_organization_files() -> None:
    visitor = GraphQLClient(GATEWAY_URL)
    answer = await visitor.data(
        '{ organizationProfile(slug: "green-harbor-foundation") { logo { url } cover { url } } }'
    )
    async with httpx.AsyncClient(base_url="http://127.0.0.1:3002") as client:
        for image in answer["organizationProfile"].values():
            served = await client.get(image["url"])
            assert served.status_code == 200, image["url"]
            assert served.headers["content-type"] == "image/webp"
            assert served.headers["x-content-type-options"] == "nosniff"
