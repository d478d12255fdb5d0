"""landingPage(path) and updateLandingPage through the subgraph: the page by its search path,
its metatags, and edits by admin-like users only, sanitized."""

import uuid
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.factories import landing_page

pytestmark = pytest.mark.integration

PAGE = """query($path: String!) { landingPage(path: $path) {
  id title path intro description place { label lat lon } metatags { meta value }
} }"""

UPDATE = """mutation($input: UpdateLandingPageInput!) { updateLandingPage(input: $input) {
  __typename
  ... on LandingPageSaved { landingPage { title intro description } }
  ... on SearchErrors { errors { field code } }
  ... on NotFound { message }
} }"""


async def test_a_landing_page_is_found_by_its_path_whatever_the_case_or_slash(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    path = f"/jobs/new-york-{uuid.uuid4().hex[:6]}"
    page = landing_page(
        path=path,
        title="Non-profit jobs in New York",
        place={"label": "New York, New York, US", "lat": 40.71, "lon": -74.01},
    )
    await persist(committed_sessions, page)
    found = (await graphql.data(PAGE, path=f"{path.upper()}/?page=2"))["landingPage"]
    assert found["id"] == str(page.id)
    assert found["place"] == {"label": "New York, New York, US", "lat": 40.71, "lon": -74.01}
    assert found["metatags"] == [
        {"meta": "title", "value": "Non-profit jobs in New York | Jobboard"},
        {"meta": "description", "value": "Nursing jobs at non-profits."},
        {"meta": "canonical", "value": path},
    ]
    assert (await graphql.data(PAGE, path="/jobs/nowhere"))["landingPage"] is None


async def test_only_admin_like_users_edit_a_page_and_the_intro_is_sanitized(
    graphql: GraphQLClient, tokens: Any, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    page = landing_page()
    await persist(committed_sessions, page)
    edit = {
        "id": str(page.id),
        "title": "  Nursing   jobs near you ",
        "intro": '<p onclick="x()">Find <a href="javascript:alert(1)">care</a> work</p>'
        "<script>alert(1)</script>",
        "description": "<b>Open</b> nursing jobs",
    }
    anonymous = await graphql.execute(UPDATE, input=edit)
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    applicant = await graphql.as_user(tokens.token(uuid.uuid4())).execute(UPDATE, input=edit)
    assert applicant["errors"][0]["extensions"]["code"] == "FORBIDDEN"

    admin = graphql.as_user(tokens.token(uuid.uuid4(), roles=["administrator"]))
    saved = (await admin.data(UPDATE, input=edit))["updateLandingPage"]
    assert saved == {
        "__typename": "LandingPageSaved",
        "landingPage": {
            "title": "Nursing jobs near you",
            "intro": '<p>Find <a rel="noopener noreferrer nofollow">care</a> work</p>',
            "description": "Open nursing jobs",
        },
    }
    refused = (await admin.data(UPDATE, input=edit | {"title": " ", "description": "x" * 400}))[
        "updateLandingPage"
    ]
    assert refused["__typename"] == "SearchErrors"
    assert {(e["field"], e["code"]) for e in refused["errors"]} == {
        ("title", "REQUIRED"),
        ("description", "TOO_LONG"),
    }
    missing = (await admin.data(UPDATE, input=edit | {"id": str(uuid.uuid4())}))[
        "updateLandingPage"
    ]
    assert missing["__typename"] == "NotFound"
