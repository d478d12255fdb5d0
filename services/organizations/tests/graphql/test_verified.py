"""Administrators mark organizations verified (ADR 0030): a flag on the organization and its
profile, an organizations.organization.updated event that tells jobs, nothing for the same
value again, and nobody else may set it."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from jobkit.events import EventEnvelope
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from organizations.db import outbox
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.graphql.test_members import Recruiter

pytestmark = pytest.mark.integration

SET = """mutation($o: ID!, $v: Boolean!) { setOrganizationVerified(organizationId: $o,
  verified: $v) { __typename ... on MembershipChanged { organization { id verified } }
  ... on OrganizationErrors { errors { field code } } } }"""
PROFILE = "query($id: ID!) { organizationProfile(id: $id) { id verified } }"


async def _updates(
    sessions: async_sessionmaker[AsyncSession], organization_id: str
) -> list[dict[str, Any]]:
    async with sessions() as session:
        rows = await session.execute(
            select(outbox.c.body).where(
                outbox.c.key == organization_id,
                outbox.c.event_type == "organizations.organization.updated",
            )
        )
        return [EventEnvelope.from_bytes(row.body).payload for row in rows]


async def test_administrators_verify_organizations(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    owner = Recruiter(graphql, tokens)
    organization_id = await owner.found("Harbor Aid")
    assert (await owner.client.data(PROFILE, id=organization_id))["organizationProfile"] == {
        "id": organization_id,
        "verified": False,
    }
    for caller, code in [(graphql, "UNAUTHENTICATED"), (owner.client, "FORBIDDEN")]:
        refused = await caller.execute(SET, o=organization_id, v=True)
        assert refused["errors"][0]["extensions"]["code"] == code

    admin = graphql.as_user(tokens.token(roles=["site_admin"]))
    answer = (await admin.data(SET, o=organization_id, v=True))["setOrganizationVerified"]
    assert answer["organization"] == {"id": organization_id, "verified": True}
    assert (await owner.client.data(PROFILE, id=organization_id))["organizationProfile"][
        "verified"
    ] is True
    await admin.data(SET, o=organization_id, v=True)  # the same value: no second event
    [update] = await _updates(committed_sessions, organization_id)
    assert update["verified"] is True
    assert update["organization_id"] == organization_id

    await admin.data(SET, o=organization_id, v=False)
    assert [u["verified"] for u in await _updates(committed_sessions, organization_id)] == [
        True,
        False,
    ]
    missing = (await admin.data(SET, o=str(uuid.uuid4()), v=True))["setOrganizationVerified"]
    assert missing["errors"] == [{"field": "organizationId", "code": "NOT_FOUND"}]
