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


BY_SLUG = """query($slug: String!) { organizationProfile(slug: $slug) {
  id slug metatags { meta value } } }"""


async def _publish(committed_sessions: async_sessionmaker[AsyncSession], profile_id: str) -> None:
    """Published as a complete profile would be (the lookup is what is tried here)."""
    async with committed_sessions() as session, session.begin():
        row = await session.get(OrganizationProfile, uuid.UUID(profile_id))
        assert row is not None
        row.status = "published"


async def test_another_sites_published_profile_answers_by_slug_and_is_not_indexed_there(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    """ADR 0049: an organization of one site may post jobs on another, whose job pages link its
    profile; that site shows the profile (noindex), and its own profile of the slug wins."""
    home, other = (f"site-{uuid.uuid4().hex[:8]}" for _ in range(2))
    name = f"Prairie Food Bank {uuid.uuid4().hex[:6]}"
    recruiter = graphql.as_user(tokens.token(str(uuid.uuid4()), ["recruiter", "administrator"]))
    profile_id = await _founded(recruiter.for_site(f"{home}/en"), name)
    visitor_home, visitor_other = graphql.for_site(f"{home}/en"), graphql.for_site(f"{other}/en")
    own_slug = (await recruiter.for_site(f"{home}/en").data(PROFILES_SLUG, id=profile_id))[
        "organizationProfile"
    ]["slug"]
    # a draft is nobody's page on the other site
    assert (await visitor_other.data(BY_SLUG, slug=own_slug))["organizationProfile"] is None
    await _publish(committed_sessions, profile_id)

    def robots(answer: dict[str, Any]) -> str:
        tags = answer["organizationProfile"]["metatags"]
        return next(tag["value"] for tag in tags if tag["meta"] == "robots")

    at_home = await visitor_home.data(BY_SLUG, slug=own_slug)
    assert at_home["organizationProfile"]["id"] == profile_id
    assert robots(at_home) == "index, follow"
    elsewhere = await visitor_other.data(BY_SLUG, slug=own_slug)
    assert elsewhere["organizationProfile"]["id"] == profile_id
    assert robots(elsewhere) == "noindex, follow"

    # the other site's own organization of the same name takes the slug there (a draft: no page
    # until it is published)
    theirs = await _founded(recruiter.for_site(f"{other}/en"), name)
    assert (await visitor_other.data(BY_SLUG, slug=own_slug))["organizationProfile"] is None
    await _publish(committed_sessions, theirs)
    assert (await visitor_other.data(BY_SLUG, slug=own_slug))["organizationProfile"]["id"] == theirs


PROFILES_SLUG = """query($id: ID!) { organizationProfile(id: $id) { slug } }"""
