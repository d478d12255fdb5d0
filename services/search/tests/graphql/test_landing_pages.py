"""Landing pages through the subgraph: each answers its path in route(slug) with its texts and
metatags (og:*, the site's default image, robots by spec 9), and edits by admin-like users only,
sanitized."""

import uuid
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from search.engine.indexing.indexer import index_job
from search.engine.indexing.store import SearchStore
from search.site.landing_pages import route_landing_pages
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.factories import job_payload, landing_page

pytestmark = pytest.mark.integration

PAGE = """query($path: String!) { route(slug: $path) {
  __typename
  ... on ContentResponse { content { ... on LandingPage {
    id title path intro description place { label lat lon } metatags { meta value }
  } } }
} }"""

UPDATE = """mutation($input: UpdateLandingPageInput!) { updateLandingPage(input: $input) {
  __typename
  ... on LandingPageSaved { landingPage { title intro description } }
  ... on SearchErrors { errors { field code } }
  ... on NotFound { message }
} }"""

BOSTON = {"label": "Boston, Massachusetts, US", "lat": 42.36, "lon": -71.06}


async def _routed(sessions: async_sessionmaker[AsyncSession], *pages: Any) -> None:
    """The pages stored and their paths in the slug index, as the seed leaves them."""
    await persist(sessions, *pages)
    async with sessions() as session, session.begin():
        await route_landing_pages(session)


async def _metatags(graphql: GraphQLClient, path: str) -> dict[str, str]:
    answer = (await graphql.data(PAGE, path=path))["route"]
    assert answer["__typename"] == "ContentResponse", answer
    return {tag["meta"]: tag["value"] for tag in answer["content"]["metatags"]}


async def test_a_landing_page_answers_its_path_with_its_texts_and_metatags(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
) -> None:
    async with committed_sessions() as session:
        await index_job(store, session, job_payload(), "jobs.job.published")  # in Boston
    await store.refresh("jobs")
    path = f"/jobs/boston-{uuid.uuid4().hex[:6]}"
    page = landing_page(path=path, title="Non-profit jobs in Boston", place=BOSTON)
    await _routed(committed_sessions, page)

    found = (await graphql.data(PAGE, path=f"{path}/"))["route"]["content"]
    assert found["id"] == str(page.id)
    assert found["path"] == path
    assert found["place"] == BOSTON
    assert found["metatags"] == [
        {"meta": "title", "value": "Non-profit jobs in Boston | Jobboard"},
        {"meta": "description", "value": "Nursing jobs at non-profits."},
        {"meta": "canonical", "value": path},
        {"meta": "og:title", "value": "Non-profit jobs in Boston"},
        {"meta": "og:description", "value": "Nursing jobs at non-profits."},
        {"meta": "og:type", "value": "website"},
        {"meta": "og:url", "value": f"http://127.0.0.1:3002{path}"},
        {"meta": "og:image", "value": "http://127.0.0.1:3002/og-image.png"},
        {"meta": "robots", "value": "index, follow"},
    ]
    # seeding again leaves the page's row as it is
    async with committed_sessions() as session, session.begin():
        await route_landing_pages(session)
    assert (await graphql.data(PAGE, path=path))["route"]["content"]["id"] == str(page.id)


async def test_an_empty_or_too_deep_landing_page_is_not_indexed(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
) -> None:
    async with committed_sessions() as session:
        await index_job(store, session, job_payload(), "jobs.job.published")  # in Boston
    await store.refresh("jobs")
    suffix = uuid.uuid4().hex[:6]
    nowhere = landing_page(
        path=f"/jobs/null-island-{suffix}",
        place={"label": "Null Island", "lat": 0.0, "lon": 0.0},
    )
    deep = landing_page(path=f"/jobs/a-{suffix}/b-{suffix}/boston-{suffix}", place=BOSTON)
    unknown = landing_page(path=f"/jobs/no-such-category-{suffix}")
    await _routed(committed_sessions, nowhere, deep, unknown)
    for page in (nowhere, deep, unknown):
        assert (await _metatags(graphql, str(page.path)))["robots"] == "noindex, follow", page.path


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
