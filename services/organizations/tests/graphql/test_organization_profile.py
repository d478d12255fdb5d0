"""organizationProfile(id) and the OrganizationProfile entity through GraphQL."""

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.factories import profile

pytestmark = pytest.mark.integration


async def test_health(service_url: str) -> None:
    async with httpx.AsyncClient() as client:
        assert (await client.get(f"{service_url}/healthz")).json()["service"] == "organizations"


async def test_a_profile_answers_by_id_and_as_an_entity(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    organization, row = profile(name="Green Harbor")
    await persist(committed_sessions, organization)
    await persist(committed_sessions, row)
    pid = str(row.id)
    answer = await graphql.data(
        "query($id: ID!) { organizationProfile(id: $id) { id name } }", id=pid
    )
    assert answer["organizationProfile"] == {"id": pid, "name": "Green Harbor"}
    entity = await graphql.data(
        "query($r: [_Any!]!) { _entities(representations: $r) {"
        " ... on OrganizationProfile { name } } }",
        r=[{"__typename": "OrganizationProfile", "id": pid}],
    )
    assert entity["_entities"] == [{"name": "Green Harbor"}]
    missing = await graphql.data('{ organizationProfile(id: "nope") { id } }')
    assert missing["organizationProfile"] is None
