"""The running stack: search's slug index, filled from the owners' events, answers route(slug)
through the gateway with federated content (a job, a profile), a renamed profile's former path
redirects for good, an unknown path is a 404; the web server serves the sitemaps (from search)
and robots.txt. Nothing is written by the test but through the gateway's mutations."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient

from tests.stack.test_gateway_reaches_every_subgraph import GATEWAY_URL, WEB_URL, token_for
from tests.stack.test_jobs_through_gateway import _draft, _organization, delete_for_good
from tests.stack.test_organizations_through_gateway import _signed_in

pytestmark = pytest.mark.integration

WITHIN_SECONDS = 60.0  # the indexer's lag, on a slow machine too
ROUTE = """query($slug: String!) { route(slug: $slug) {
  __typename
  ... on ErrorResponse { code reason }
  ... on RedirectResponse { code target }
  ... on ContentResponse { content {
    __typename
    ... on Job { id title }
    ... on OrganizationProfile { id name }
  } }
} }"""
PROFILE_SAVED = """__typename ... on OrganizationProfileSaved { profile { id slug status } }
  ... on OrganizationErrors { errors { field code message } }"""


async def _route_becomes(client: GraphQLClient, slug: str, expected: dict[str, Any]) -> None:
    """Waits until route(slug) answers ``expected`` (the indexer consumes the events)."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    while True:
        # between the owner's change and the indexer's, the route may still name content its
        # owner no longer shows: the non-null content then nulls the whole answer
        body = await client.execute(ROUTE, slug=slug)
        answer = (body.get("data") or {}).get("route")
        if answer == expected:
            return
        assert loop.time() - started < WITHIN_SECONDS, f"{slug}: {answer} != {expected}"
        await asyncio.sleep(0.1)


async def _saved(client: GraphQLClient, mutation: str, **variables: Any) -> dict[str, Any]:
    data = await client.data(mutation, **variables)
    (answer,) = data.values()
    assert answer["__typename"] == "OrganizationProfileSaved", answer
    profile: dict[str, Any] = answer["profile"]
    return profile


async def test_a_jobs_path_answers_the_job_a_renamed_one_redirects_an_unknown_one_is_404() -> None:
    organization = await _organization("green-harbor-foundation")
    recruiter = await _signed_in("recruiter@greenharbor.example")
    title = f"Dune Warden {uuid.uuid4().hex[:8]}"
    job_id = await _draft(recruiter, organization["id"], title)
    slug = (await recruiter.data("query($id: ID!) { job(id: $id) { slug } }", id=job_id))["job"][
        "slug"
    ]
    await _route_becomes(
        recruiter,
        f"/job/{slug}",
        {
            "__typename": "ContentResponse",
            "content": {"__typename": "Job", "id": job_id, "title": title},
        },
    )
    # renamed: the former path answers a 301 to the new one
    renamed = await recruiter.data(
        "mutation($id: ID!, $t: String!) { renameJob(id: $id, title: $t) { "
        "... on JobSaved { job { slug } } } }",
        id=job_id,
        t=f"Senior {title}",
    )
    new_slug = renamed["renameJob"]["job"]["slug"]
    assert new_slug != slug
    await _route_becomes(
        recruiter,
        f"/job/{slug}",
        {"__typename": "RedirectResponse", "code": 301, "target": f"/job/{new_slug}"},
    )
    await _route_becomes(
        recruiter,
        f"/job/{new_slug}",
        {
            "__typename": "ContentResponse",
            "content": {"__typename": "Job", "id": job_id, "title": f"Senior {title}"},
        },
    )
    visitor = GraphQLClient(GATEWAY_URL)
    assert (await visitor.data(ROUTE, slug=f"/job/no-such-job-{uuid.uuid4().hex}"))["route"] == {
        "__typename": "ErrorResponse",
        "code": 404,
        "reason": "Not found",
    }
    await delete_for_good(recruiter, job_id)


async def test_a_renamed_profiles_former_path_redirects_and_it_leaves_for_the_sitemap() -> None:
    owner = GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["recruiter"]))
    name = f"Tidepool Trust {uuid.uuid4().hex[:6]}"
    profile = await _saved(
        owner,
        "mutation($name: String!) { createOrganization(input: {name: $name}) { "
        f"{PROFILE_SAVED} }} }}",
        name=name,
    )
    profile_id, first = profile["id"], profile["slug"]
    visitor = GraphQLClient(GATEWAY_URL)
    not_found = {"__typename": "ErrorResponse", "code": 404, "reason": "Not found"}
    await _route_becomes(visitor, f"/organization/{first}", not_found)  # not published yet

    await _saved(
        owner,
        f"""mutation($id: ID!) {{ updateOrganizationCompanyInfo(id: $id, input: {{
          name: "Tidepool Trust e.V.", address: {{countryCode: "DE", locality: "Kiel"}} }})
          {{ {PROFILE_SAVED} }} }}""",
        id=profile_id,
    )
    await _saved(
        owner,
        f"""mutation($id: ID!) {{ updateOrganizationAbout(id: $id, input: {{
          presentation: "We look after the Baltic's tide pools." }}) {{ {PROFILE_SAVED} }} }}""",
        id=profile_id,
    )
    await _saved(
        owner,
        f"mutation($id: ID!) {{ publishOrganizationProfile(id: $id) {{ {PROFILE_SAVED} }} }}",
        id=profile_id,
    )
    content = {
        "__typename": "ContentResponse",
        "content": {"__typename": "OrganizationProfile", "id": profile_id, "name": name},
    }
    await _route_becomes(visitor, f"/organization/{first}", content)

    renamed = f"{name} Kiel"
    current = await _saved(
        owner,
        f"""mutation($id: ID!, $name: String!) {{ updateOrganizationInfo(id: $id,
          input: {{name: $name}}) {{ {PROFILE_SAVED} }} }}""",
        id=profile_id,
        name=renamed,
    )
    second = current["slug"]
    assert second != first
    await _route_becomes(
        visitor,
        f"/organization/{first}",
        {"__typename": "RedirectResponse", "code": 301, "target": f"/organization/{second}"},
    )
    await _route_becomes(
        visitor,
        f"/organization/{second}",
        {"__typename": "ContentResponse", "content": content["content"] | {"name": renamed}},
    )

    async with httpx.AsyncClient(base_url=WEB_URL) as web:
        page = await web.get(f"/organization/{first}?ref=x", follow_redirects=False)
        assert page.status_code == 301
        assert page.headers["location"] == f"/organization/{second}?ref=x"
        index = await web.get("/sitemap.xml")
        assert index.status_code == 200
        assert "/organizations/sitemap.xml" in index.text
        robots = await web.get("/robots.txt")
        assert "Sitemap: " in robots.text
        assert robots.text.rstrip().endswith("/sitemap.xml")
        assert (await web.get("/sitemap.xsl")).status_code == 200
        # the profile is in the organizations' sitemaps (one of their pages) at its new path
        listed = ""
        page_number = 1
        while True:
            answer = await web.get("/organizations/sitemap.xml", params={"page": page_number})
            if answer.status_code == 404:
                break
            listed += answer.text
            page_number += 1
        assert f"/organization/{second}</loc>" in listed
        assert f"/organization/{first}</loc>" not in listed

    await _saved(
        owner,
        f"mutation($id: ID!) {{ unpublishOrganizationProfile(id: $id) {{ {PROFILE_SAVED} }} }}",
        id=profile_id,
    )
    await _route_becomes(visitor, f"/organization/{second}", not_found)
    await delete_organization(owner, profile_id)


async def test_an_unpublished_profiles_page_is_gone_at_once_whatever_the_slug_index_says() -> None:
    """Organizations owns the published state and answers no draft to visitors (by slug, by id,
    as an entity), so the page is a 404 the moment unpublishing returns, whatever search's slug
    index (which catches up from the event) still says about the path."""
    owner = GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["recruiter"]))
    name = f"Kelp Forest Watch {uuid.uuid4().hex[:6]}"
    profile = await _saved(
        owner,
        "mutation($name: String!) { createOrganization(input: {name: $name}) { "
        f"{PROFILE_SAVED} }} }}",
        name=name,
    )
    profile_id, slug = profile["id"], profile["slug"]
    await _saved(
        owner,
        f"""mutation($id: ID!) {{ updateOrganizationCompanyInfo(id: $id, input: {{
          name: "Kelp Forest Watch Ltd", address: {{countryCode: "GB", locality: "Oban"}} }})
          {{ {PROFILE_SAVED} }} }}""",
        id=profile_id,
    )
    await _saved(
        owner,
        f"""mutation($id: ID!) {{ updateOrganizationAbout(id: $id, input: {{
          presentation: "We count the kelp." }}) {{ {PROFILE_SAVED} }} }}""",
        id=profile_id,
    )
    await _saved(
        owner,
        f"mutation($id: ID!) {{ publishOrganizationProfile(id: $id) {{ {PROFILE_SAVED} }} }}",
        id=profile_id,
    )
    visitor = GraphQLClient(GATEWAY_URL)
    path = f"/organization/{slug}"
    # Nothing waits for search here: its slug index learns of the publication and of the
    # unpublication from events, in its own time; the page must not depend on it either way.
    by_slug = "query($slug: String!) { organizationProfile(slug: $slug) { id status } }"
    by_id = "query($id: ID!) { organizationProfile(id: $id) { id status } }"
    assert (await visitor.data(by_slug, slug=slug))["organizationProfile"] is not None
    async with httpx.AsyncClient(base_url=WEB_URL, timeout=60) as web:
        assert (await web.get(path, follow_redirects=False)).status_code == 200

        unpublished = await _saved(
            owner,
            f"mutation($id: ID!) {{ unpublishOrganizationProfile(id: $id) {{ {PROFILE_SAVED} }} }}",
            id=profile_id,
        )
        assert unpublished["status"] == "DRAFT"
        # at once: no waiting, no retry
        assert (await visitor.data(by_slug, slug=slug))["organizationProfile"] is None
        assert (await visitor.data(by_id, id=profile_id))["organizationProfile"] is None
        assert (await web.get(path, follow_redirects=False)).status_code == 404
    # its members still see the draft
    mine = (await owner.data(by_slug, slug=slug))["organizationProfile"]
    assert mine == {"id": profile_id, "status": "DRAFT"}
    await delete_organization(owner, profile_id)


async def delete_organization(owner: GraphQLClient, organization_id: str) -> None:
    """Its owner deletes the test's organization (a profile's id is its organization's), so the
    board does not collect one a run."""
    answer = await owner.data(
        "mutation($id: ID!) { deleteOrganization(organizationId: $id) { __typename } }",
        id=organization_id,
    )
    assert answer["deleteOrganization"]["__typename"] == "OrganizationDeleted", answer
