"""The running stack's sitemaps, through the web server: every published, unexpired job appears
in exactly one sitemap file with its last change as lastmod, and an archived job leaves it
(issue 12 asks for 2 s: a latency, which the benchmarks measure; here the deadline is for a
slow, busy machine); a real job page's canonical, og:image and JSON-LD agree with the job. The
jobs come from the jobs service (through the gateway, as an administrator), never from search."""

from __future__ import annotations

import asyncio
import json
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient
from lxml import etree, html

from tests.stack.test_gateway_reaches_every_subgraph import GATEWAY_URL, WEB_URL, token_for
from tests.stack.test_jobs_through_gateway import (
    SAVED,
    _draft,
    _organization,
    _settled,
    delete_for_good,
)
from tests.stack.test_organizations_through_gateway import _signed_in

pytestmark = pytest.mark.integration

SCHEMAS = Path(__file__).resolve().parents[2] / "services/search/tests/schemas"
URLSET = etree.XMLSchema(etree.parse(str(SCHEMAS / "sitemap.xsd")))
INDEX = etree.XMLSchema(etree.parse(str(SCHEMAS / "siteindex.xsd")))
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}

# the indexer's lag after a change another test (or engineer) makes while this one reads, and
# after this test's own archive: deadlines for a slow, busy machine (how fast is the bench's
# question, not this test's)
SETTLE_SECONDS = 60.0
LEAVES_WITHIN_SECONDS = 60.0

ORGANIZATIONS = "{ updatableOrganizationProfiles { organization { id } } }"
PUBLISHED_JOBS = """query($id: ID!, $offset: Int!) {
  organizationJobs(organizationId: $id, states: [PUBLISHED], limit: 50, offset: $offset) {
    total jobs { id slug updatedAt expiresAt } } }"""


def _admin() -> GraphQLClient:
    return GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["administrator"]))


def _lastmod(moment: str) -> str:
    """A timestamp as the sitemaps write it (UTC, whole seconds)."""
    return datetime.fromisoformat(moment).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _site_path(url: str) -> str:
    """A sitemap URL (the site's public origin) as a path for the web server under test."""
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}" if parts.query else parts.path


async def _sitemap_entries(web: httpx.AsyncClient) -> list[tuple[str, str | None]]:
    """Every (loc, lastmod) of every sitemap file the index lists, each file schema-valid."""
    answer = await web.get("/sitemap.xml")
    assert answer.status_code == 200, answer.text
    index = etree.fromstring(answer.content)
    INDEX.assertValid(index)
    entries: list[tuple[str, str | None]] = []
    for loc in index.findall("s:sitemap/s:loc", NS):
        page = await web.get(_site_path(str(loc.text)))
        assert page.status_code == 200, (loc.text, page.status_code)
        urlset = etree.fromstring(page.content)
        URLSET.assertValid(urlset)
        entries += [
            (str(url.findtext("s:loc", namespaces=NS)), url.findtext("s:lastmod", namespaces=NS))
            for url in urlset.findall("s:url", NS)
        ]
    return entries


async def _published_jobs(admin: GraphQLClient) -> dict[str, dict[str, Any]]:
    """Every published job not expiring in the next minute, by slug, from the jobs service."""
    organizations = {
        profile["organization"]["id"]
        for profile in (await admin.data(ORGANIZATIONS))["updatableOrganizationProfiles"]
        if profile["organization"]
    }
    limit = asyncio.Semaphore(8)
    soon = datetime.now(UTC) + timedelta(minutes=1)

    async def of(organization_id: str) -> list[dict[str, Any]]:
        jobs: list[dict[str, Any]] = []
        async with limit:
            while True:
                page = (await admin.data(PUBLISHED_JOBS, id=organization_id, offset=len(jobs)))[
                    "organizationJobs"
                ]
                jobs += page["jobs"]
                if not page["jobs"] or len(jobs) >= page["total"]:
                    return jobs

    found = await asyncio.gather(*(of(organization) for organization in organizations))
    return {
        job["slug"]: job
        for jobs in found
        for job in jobs
        if job["expiresAt"] is None or datetime.fromisoformat(job["expiresAt"]) > soon
    }


async def test_every_published_job_is_in_exactly_one_sitemap_file_with_its_last_change() -> None:
    admin = _admin()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SETTLE_SECONDS
    async with httpx.AsyncClient(base_url=WEB_URL, timeout=30) as web:
        while True:
            jobs = await _published_jobs(admin)
            entries = await _sitemap_entries(web)
            by_path: dict[str, list[str | None]] = {}
            for loc, lastmod in entries:
                by_path.setdefault(urlsplit(loc).path, []).append(lastmod)
            problems = {
                slug: {"listed": by_path.get(f"/job/{slug}"), "changed": _lastmod(job["updatedAt"])}
                for slug, job in jobs.items()
                if by_path.get(f"/job/{slug}") != [_lastmod(job["updatedAt"])]
            }
            if not problems or loop.time() > deadline:
                break
            await asyncio.sleep(0.5)
    assert len(jobs) >= 100, "the demo data has its published jobs"
    assert not problems, f"{len(problems)} of {len(jobs)} jobs: {dict(list(problems.items())[:5])}"


async def test_an_archived_job_leaves_the_sitemap() -> None:
    organization = await _organization("green-harbor-foundation")
    granted = await _admin().data(
        "mutation($n: Int!) { grantCredits(organizationId: $n, kind: JOB, amount: 1) "
        "{ __typename } }",
        n=organization["number"],
    )
    assert granted["grantCredits"]["__typename"] != "BillingErrors", granted
    recruiter = await _signed_in("recruiter@greenharbor.example")
    job_id = await _draft(recruiter, organization["id"], f"Dune Surveyor {uuid.uuid4().hex[:6]}")
    await recruiter.data(f"mutation($id: ID!) {{ publishJob(id: $id) {{ {SAVED} }} }}", id=job_id)
    job = await _settled(recruiter, job_id)
    assert job["state"] == "PUBLISHED", job
    path = f"/job/{job['slug']}"

    async def listed(web: httpx.AsyncClient) -> bool:
        return any(urlsplit(loc).path == path for loc, _ in await _sitemap_entries(web))

    loop = asyncio.get_running_loop()
    async with httpx.AsyncClient(base_url=WEB_URL, timeout=30) as web:
        deadline = loop.time() + SETTLE_SECONDS
        while not await listed(web):
            assert loop.time() < deadline, f"{path} never reached the sitemap"
            await asyncio.sleep(0.2)

        archived = await recruiter.data(
            f"mutation($id: ID!) {{ archiveJob(id: $id) {{ {SAVED} }} }}", id=job_id
        )
        assert archived["archiveJob"]["job"]["state"] == "ARCHIVED", archived
        started = loop.time()
        while await listed(web):
            waited = loop.time() - started
            assert waited < LEAVES_WITHIN_SECONDS, f"{path} still listed after {waited:.0f} s"
            await asyncio.sleep(0.1)
    await delete_for_good(recruiter, job_id)


JOB_PAGE = """query($slug: String!) { job(slug: $slug) {
  id slug title organizationName publishedAt expiresAt jsonLd url { path }
  metatags { meta value } } }"""
OPEN_JOBS = """query($id: ID!) { openJobs(organizationId: $id, limit: 20) { jobs { slug } } }"""


async def test_a_job_pages_canonical_og_image_and_json_ld_agree_with_the_job() -> None:
    visitor = GraphQLClient(GATEWAY_URL)
    organization = await _organization("green-harbor-foundation")
    slugs = [
        job["slug"]
        for job in (await visitor.data(OPEN_JOBS, id=organization["id"]))["openJobs"]["jobs"]
    ]
    jobs = [(await visitor.data(JOB_PAGE, slug=slug))["job"] for slug in slugs]
    # a demo job whose organization has a logo: its page shares it
    job = next(job for job in jobs if any(tag["meta"] == "og:image" for tag in job["metatags"]))
    tags = {tag["meta"]: tag["value"] for tag in job["metatags"]}

    async with httpx.AsyncClient(base_url=WEB_URL, timeout=30) as web:
        page = await web.get(f"/job/{job['slug']}")
        assert page.status_code == 200
        head = html.fromstring(page.text)
        (canonical,) = head.xpath('//link[@rel="canonical"]/@href')
        (og_image,) = head.xpath('//meta[@property="og:image"]/@content')
        (og_url,) = head.xpath('//meta[@property="og:url"]/@content')
        scripts = head.xpath('//script[@type="application/ld+json"]/text()')
        postings = [data for data in map(json.loads, scripts) if data.get("@type") == "JobPosting"]
        assert len(postings) == 1
        posting = postings[0]

        origin = f"{urlsplit(og_url).scheme}://{urlsplit(og_url).netloc}"
        assert canonical == og_url == posting["url"] == f"{origin}{job['url']['path']}"
        assert job["url"]["path"] == f"/job/{job['slug']}"
        assert og_image == tags["og:image"] == posting["hiringOrganization"]["logo"]
        assert posting == json.loads(job["jsonLd"])
        assert posting["title"] == job["title"]
        assert posting["hiringOrganization"]["name"] == job["organizationName"]
        assert posting["identifier"]["value"] == job["id"]
        assert posting["datePosted"][:10] == job["publishedAt"][:10]
        # the image is there to be fetched
        image = await web.get(_site_path(og_image))
        assert image.status_code == 200
        assert image.headers["content-type"].startswith("image/")
