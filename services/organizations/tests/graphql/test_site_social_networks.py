"""A site's ``organizations.social_profiles`` setting (spec 3's US variant: xing unset) decides
which social profiles its organizations may link: others are refused on save and never answered,
even when stored before the site changed the setting."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from jobkit.events import EventEnvelope
from jobkit.site_settings import SITE_CONFIG_CHANGED, site_settings_handlers
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from organizations.db import site_settings
from organizations.domain.models import OrganizationProfile
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

US_VARIANT = ["facebook", "twitter", "linkedin", "youtube", "instagram", "tiktok", "blue_sky"]
CREATE = """mutation($name: String!) { createOrganization(input: {name: $name}) {
  ... on OrganizationProfileSaved { profile { id } } } }"""
SAVE_INFO = """mutation($id: ID!, $i: OrganizationInfoInput!) {
  updateOrganizationInfo(id: $id, input: $i) { __typename
  ... on OrganizationErrors { errors { field code message } } } }"""
PROFILES = """query($id: ID!) { organizationProfile(id: $id) {
  socialProfiles { xing linkedin blueSky } } }"""
XING = "https://www.xing.com/pages/prairie-food-bank"
LINKEDIN = "https://www.linkedin.com/company/prairie-food-bank"


async def _site_leaves_out_xing(
    committed_sessions: async_sessionmaker[AsyncSession], site: str
) -> None:
    """What identity's event does to the read model (the consumer's own handler)."""
    handler = site_settings_handlers(site_settings)[SITE_CONFIG_CHANGED]
    event = EventEnvelope(
        type=SITE_CONFIG_CHANGED,
        aggregate_id=site,
        site=site,
        payload={
            "site": site,
            "changes": [{"key": "organizations", "name": "social_profiles", "value": US_VARIANT}],
        },
    )
    async with committed_sessions() as session, session.begin():
        await handler(session, event)


async def _founded(client: GraphQLClient, name: str) -> str:
    answer = await client.data(CREATE, name=name)
    profile_id: str = answer["createOrganization"]["profile"]["id"]
    return profile_id


def _info(**social: str) -> dict[str, Any]:
    return {"name": "Prairie Food Bank", "socialProfiles": social}


async def test_a_site_without_xing_refuses_a_xing_link_and_never_answers_one(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    site = f"us-{uuid.uuid4().hex[:8]}"
    await _site_leaves_out_xing(committed_sessions, site)
    recruiter = graphql.as_user(tokens.token(str(uuid.uuid4()), ["recruiter"]))
    client = recruiter.for_site(f"{site}/en")
    profile_id = await _founded(client, "Prairie Food Bank")

    refused = await client.data(SAVE_INFO, id=profile_id, i=_info(xing=XING, linkedin=LINKEDIN))
    assert refused["updateOrganizationInfo"]["errors"] == [
        {
            "field": "socialProfiles.xing",
            "code": "INVALID_CHOICE",
            "message": "Profiles on this site do not link to xing: leave it empty.",
        }
    ]
    assert (await client.data(PROFILES, id=profile_id))["organizationProfile"][
        "socialProfiles"
    ] == {"xing": None, "linkedin": None, "blueSky": None}  # nothing of the refused save

    saved = await client.data(SAVE_INFO, id=profile_id, i=_info(linkedin=LINKEDIN))
    assert saved["updateOrganizationInfo"]["__typename"] == "OrganizationProfileSaved"

    # a link stored before the site left xing out stays in the row but is never answered
    async with committed_sessions() as session, session.begin():
        row = await session.get(OrganizationProfile, uuid.UUID(profile_id))
        assert row is not None
        row.social_profiles = row.social_profiles | {"xing": XING}
    answered = (await client.data(PROFILES, id=profile_id))["organizationProfile"]
    assert answered["socialProfiles"] == {"xing": None, "linkedin": LINKEDIN, "blueSky": None}


async def test_a_site_that_never_changed_the_setting_offers_every_network(
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    client = graphql.as_user(tokens.token(str(uuid.uuid4()), ["recruiter"]))
    profile_id = await _founded(client, f"Rhine Relief {uuid.uuid4().hex[:6]}")
    saved = await client.data(SAVE_INFO, id=profile_id, i=_info(xing=XING, linkedin=LINKEDIN))
    assert saved["updateOrganizationInfo"]["__typename"] == "OrganizationProfileSaved"
    answered = (await client.data(PROFILES, id=profile_id))["organizationProfile"]
    assert answered["socialProfiles"] == {"xing": XING, "linkedin": LINKEDIN, "blueSky": None}
