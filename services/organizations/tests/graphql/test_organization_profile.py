"""organizationProfile and OrganizationProfile references through HTTP on the served app."""

from __future__ import annotations

import uuid

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.sql import SqlCounter
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from ..factories import make_profile

pytestmark = pytest.mark.integration

PROFILE = "query Profile($id: ID!) { organizationProfile(id: $id) { id name } }"
REFERENCES = """
query References($representations: [_Any!]!) {
  _entities(representations: $representations) { ... on OrganizationProfile { id name } }
}
"""


async def test_a_profile_by_id(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    profile = await make_profile(committed_sessions, name="Open Meadow Health Alliance")
    data = await graphql.data(PROFILE, id=str(profile.id))
    assert data["organizationProfile"] == {
        "id": str(profile.id),
        "name": "Open Meadow Health Alliance",
    }


async def test_unknown_and_malformed_ids_answer_null(graphql: GraphQLClient) -> None:
    assert (await graphql.data(PROFILE, id=str(uuid.uuid4())))["organizationProfile"] is None
    assert (await graphql.data(PROFILE, id="42"))["organizationProfile"] is None


async def test_references_load_in_one_query(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    sql_counter: SqlCounter,
) -> None:
    profiles = [await make_profile(committed_sessions, name=f"Org {n}") for n in range(4)]
    representations = [{"__typename": "OrganizationProfile", "id": str(p.id)} for p in profiles]
    with sql_counter() as counted:
        data = await graphql.data(REFERENCES, representations=representations)
    assert [entity["name"] for entity in data["_entities"]] == ["Org 0", "Org 1", "Org 2", "Org 3"]
    assert counted.count == 1
