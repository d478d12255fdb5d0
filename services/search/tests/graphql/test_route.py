"""route(slug) through GraphQL: its three answers, and bad strings refused before the database."""

import uuid

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.factories import landing_page, route

pytestmark = pytest.mark.integration

ROUTE = """query($slug: String!) { route(slug: $slug) {
  __typename
  ... on ErrorResponse { code reason }
  ... on RedirectResponse { code target }
  ... on ContentResponse { content { __typename ... on LandingPage { id title } } }
} }"""


async def test_health(service_url: str) -> None:
    async with httpx.AsyncClient() as client:
        assert (await client.get(f"{service_url}/healthz")).json()["service"] == "search"


async def test_route_answers_content_redirects_and_not_found(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    page = landing_page(title="Nursing jobs")
    slug = f"/jobs/nursing-{uuid.uuid4().hex[:6]}"
    await persist(committed_sessions, page)
    await persist(
        committed_sessions,
        route(slug=slug, content_type="LandingPage", content_id=page.id),
        route(slug=f"{slug}-old", redirect_target=slug, redirect_code=301),
    )
    content = (await graphql.data(ROUTE, slug=slug))["route"]
    assert content["content"] == {
        "__typename": "LandingPage",
        "id": str(page.id),
        "title": "Nursing jobs",
    }
    redirect = (await graphql.data(ROUTE, slug=f"{slug}-old/"))["route"]
    assert redirect == {"__typename": "RedirectResponse", "code": 301, "target": slug}
    missing = (await graphql.data(ROUTE, slug="/no-such-page"))["route"]
    assert missing == {"__typename": "ErrorResponse", "code": 404, "reason": "Not found"}


async def test_a_nul_byte_in_a_slug_gets_a_clear_error_and_no_sql(graphql: GraphQLClient) -> None:
    # On main this answered the raw database error, SQL statement included.
    for answer in (
        await graphql.execute(ROUTE, slug="a\x00b"),
        await graphql.execute('{ route(slug: "a\\u0000b") { __typename } }'),
    ):
        assert answer["data"] is None
        assert answer["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
        assert "SELECT" not in str(answer)
        assert "routes" not in str(answer)
