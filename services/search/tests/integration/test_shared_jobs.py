"""Jobs shared with other sites (ADR 0057) against the real Elasticsearch: a job is listed by
the search, the sitemaps, the feeds and the recommendations of its own site and of each site it
is shared with, and of no other; a site's organization directory lists the organizations whose
open jobs it shows."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from fastapi import FastAPI
from jobkit.settings import ServiceSettings
from jobkit.testing.graphql import GraphQLClient
from lxml import etree
from search.api.sitemaps import sitemaps_router
from search.engine.indexing.indexer import index_job, index_profile
from search.engine.indexing.payloads import JobPayload
from search.engine.indexing.store import SearchStore
from search.settings import SearchSettings
from search.site.feeds.jobs import open_jobs
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.factories import job_payload, profile_payload

pytestmark = pytest.mark.integration

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
SEARCH = """query($input: JobSearchInput!) { jobSearch(input: $input) {
  ... on JobSearchResults { total hits { job { id } slug } } } }"""
ORGANIZATIONS = """query($input: OrganizationSearchInput!) { organizationSearch(input: $input) {
  ... on OrganizationSearchResults { total hits { organization { id } openJobs } } } }"""
RECOMMENDED = """query($jobId: ID!) { recommendedJobs(jobId: $jobId, limit: 10) {
  ... on RecommendedJobs { hits { job { id } } } } }"""


def _word() -> str:
    return "zq" + "".join(chr(97 + int(c, 16)) for c in uuid.uuid4().hex[:10])


class Sites:
    """Two sites of this test's own, a job of the first shared with the second, one not."""

    def __init__(self) -> None:
        self.home = f"home-{uuid.uuid4().hex[:8]}"
        self.other = f"other-{uuid.uuid4().hex[:8]}"
        self.word = _word()
        self.organization = str(uuid.uuid4())
        self.shared = job_payload(
            site=self.home,
            shared_sites=[self.other],
            organization_id=self.organization,
            title=f"Shared {self.word} coordinator",
        )
        self.unshared = job_payload(
            site=self.home,
            organization_id=self.organization,
            title=f"Unshared {self.word} coordinator",
        )

    async def index(self, store: SearchStore, sessions: Any, *extra: JobPayload) -> None:
        async with sessions() as session:
            for payload in (self.shared, self.unshared, *extra):
                await index_job(store, session, payload, "jobs.job.published")
        await store.refresh("jobs")


@pytest.fixture
def sites() -> Sites:
    return Sites()


async def test_the_document_lists_the_job_on_its_site_and_those_it_is_shared_with(
    store: SearchStore, committed_sessions: Any, sites: Sites
) -> None:
    await sites.index(store, committed_sessions)
    stored = await store.get("jobs", sites.shared.job_id)
    assert stored is not None
    assert stored["site"] == [sites.home, sites.other]
    unshared = await store.get("jobs", sites.unshared.job_id)
    assert unshared is not None
    assert unshared["site"] == [sites.home]


async def test_job_search_and_recommendations_of_each_site(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any, sites: Sites
) -> None:
    theirs = job_payload(site=sites.other, title=f"Their {sites.word} coordinator")
    await sites.index(store, committed_sessions, theirs)
    found = {"fulltext": {"keys": sites.word}}

    async def ids(site: str) -> set[str]:
        answer = (await graphql.for_site(f"{site}/en").data(SEARCH, input=found))["jobSearch"]
        return {hit["job"]["id"] for hit in answer["hits"]}

    assert await ids(sites.home) == {sites.shared.job_id, sites.unshared.job_id}
    assert await ids(sites.other) == {sites.shared.job_id, theirs.job_id}

    async def recommended(site: str, job_id: str) -> set[str]:
        answer = await graphql.for_site(f"{site}/en").data(RECOMMENDED, jobId=job_id)
        return {hit["job"]["id"] for hit in answer["recommendedJobs"]["hits"]}

    # the shared job's page on the other site recommends that site's jobs
    assert await recommended(sites.other, sites.shared.job_id) == {theirs.job_id}
    assert await recommended(sites.home, sites.shared.job_id) == {sites.unshared.job_id}


async def test_the_feeds_and_sitemaps_of_the_site_it_is_shared_with_list_it(
    store: SearchStore,
    service_settings: ServiceSettings,
    sessions: async_sessionmaker[AsyncSession],
    sites: Sites,
) -> None:
    await sites.index(store, sessions)
    now = datetime.now(UTC)
    fed = [job["id"] async for job in open_jobs(store, site=sites.other, now=now)]
    assert fed == [sites.shared.job_id]
    assert isinstance(service_settings, SearchSettings)
    settings = service_settings.model_copy(
        update={"site": sites.other, "site_url": "https://other.example.org"}
    )
    app = FastAPI()
    app.include_router(sitemaps_router(settings, sessions_of=lambda _: sessions))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://search") as client:
        index = etree.fromstring((await client.get("/sitemap.xml")).content)
        urls: set[str] = set()
        for sitemap in index.findall("s:sitemap", NS):
            loc = sitemap.findtext("s:loc", namespaces=NS)
            assert loc is not None
            page = await client.get(urlsplit(loc)._replace(scheme="", netloc="").geturl())
            document = etree.fromstring(page.content)
            urls |= {str(u.findtext("s:loc", namespaces=NS)) for u in document.findall("s:url", NS)}
    assert f"https://other.example.org/job/{sites.shared.slug}" in urls
    assert f"https://other.example.org/job/{sites.unshared.slug}" not in urls


async def test_a_sites_directory_lists_the_organizations_whose_jobs_it_shows(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any, sites: Sites
) -> None:
    profile = profile_payload(
        site=sites.home,
        organization_id=sites.organization,
        profile_id=sites.organization,
        name=f"{sites.word} Trust",
    )
    quiet = profile_payload(site=sites.home, name=f"{sites.word} Quiet Trust")
    async with committed_sessions() as session:
        for payload in (profile, quiet):
            await index_profile(store, session, payload)
    await store.refresh("organizations")
    await sites.index(store, committed_sessions)
    found = {"fulltext": {"keys": sites.word}}

    async def directory(site: str) -> dict[str, int]:
        answer = (await graphql.for_site(f"{site}/en").data(ORGANIZATIONS, input=found))[
            "organizationSearch"
        ]
        return {hit["organization"]["id"]: hit["openJobs"] for hit in answer["hits"]}

    # its own site: both profiles, the open jobs of that site
    assert await directory(sites.home) == {sites.organization: 2, quiet.organization_id: 0}
    # the other site: the organization whose job is shared with it, with that one job
    assert await directory(sites.other) == {sites.organization: 1}
    # a site that shows none of their jobs: neither
    assert await directory(f"none-{uuid.uuid4().hex[:8]}") == {}
