"""The sitemaps from the real indices and slug index, validated against the sitemaps.org schemas
(tests/schemas/sitemap.xsd and siteindex.xsd, the published 0.9 schemas)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from fastapi import FastAPI
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from lxml import etree
from search.api.sitemaps import sitemaps_router
from search.engine.indexing.indexer import index_job, index_profile
from search.engine.indexing.payloads import JobPayload
from search.engine.indexing.store import SearchStore
from search.messaging.consumers import indexer_handlers
from search.settings import SearchSettings
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.factories import job_payload, landing_page, profile_payload, route

pytestmark = pytest.mark.integration

SITE_URL = "https://jobs.example.org"
SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
URLSET = etree.XMLSchema(etree.parse(str(SCHEMAS / "sitemap.xsd")))
INDEX = etree.XMLSchema(etree.parse(str(SCHEMAS / "siteindex.xsd")))
T0 = datetime(2026, 11, 1, 9, 30, tzinfo=UTC)


@pytest.fixture
def settings(service_settings: ServiceSettings) -> SearchSettings:
    assert isinstance(service_settings, SearchSettings)
    # a site of each test's own (other tests' documents share the indices); 2 URLs a sitemap
    return service_settings.model_copy(
        update={
            "site": f"sitemaps-{uuid.uuid4().hex[:8]}",
            "site_url": SITE_URL,
            "sitemap_page_size": 2,
        }
    )


@pytest.fixture
async def client(
    store: SearchStore, settings: SearchSettings, sessions: async_sessionmaker[AsyncSession]
) -> AsyncIterator[httpx.AsyncClient]:
    app = FastAPI()
    app.include_router(sitemaps_router(settings, sessions_of=lambda _: sessions))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://search") as client:
        yield client


def _valid(answer: httpx.Response, schema: etree.XMLSchema) -> Any:
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/xml; charset=utf-8"
    document = etree.fromstring(answer.content)
    schema.assertValid(document)
    stylesheet = document.getroottree().getroot().getprevious()
    assert stylesheet is not None
    assert stylesheet.target == "xml-stylesheet"
    assert stylesheet.get("href") == "/sitemap.xsl"
    return document


async def _urls(client: httpx.AsyncClient, sitemap: str) -> dict[str, str | None]:
    answer = await client.get(urlsplit(sitemap)._replace(scheme="", netloc="").geturl())
    document = _valid(answer, URLSET)
    urls = document.findall("s:url", NS)
    assert 1 <= len(urls) <= 2
    return {
        url.findtext("s:loc", namespaces=NS): url.findtext("s:lastmod", namespaces=NS)
        for url in urls
    }


async def _index_job(
    store: SearchStore,
    sessions: async_sessionmaker[AsyncSession],
    event: str,
    changed_at: datetime,
    **fields: Any,
) -> JobPayload:
    payload = job_payload(**fields)
    async with sessions() as session:
        await index_job(store, session, payload, event, changed_at=changed_at)
    return payload


async def _everything(
    client: httpx.AsyncClient,
) -> tuple[list[tuple[str, str | None]], dict[str, str | None]]:
    """The index's entries, and every URL of the sitemaps it lists (each must appear once)."""
    index = _valid(await client.get("/sitemap.xml"), INDEX)
    listed = [
        (sitemap.findtext("s:loc", namespaces=NS), sitemap.findtext("s:lastmod", namespaces=NS))
        for sitemap in index.findall("s:sitemap", NS)
    ]
    urls: dict[str, str | None] = {}
    for sitemap, lastmod in listed:
        page = await _urls(client, sitemap)
        assert not set(page) & set(urls), "a URL appears twice"
        urls |= page
        assert lastmod == max(value for value in page.values() if value)
    return listed, urls


async def test_the_sitemaps_list_each_findable_job_profile_and_landing_page_once(
    store: SearchStore,
    settings: SearchSettings,
    sessions: async_sessionmaker[AsyncSession],
    client: httpx.AsyncClient,
) -> None:
    site = settings.site
    open_jobs = [
        await _index_job(
            store, sessions, "jobs.job.published", T0 + timedelta(hours=hour), site=site
        )
        for hour in range(3)
    ]
    open_jobs.append(
        await _index_job(
            store,
            sessions,
            "jobs.job.updated",
            T0 + timedelta(days=2),
            site=site,
            expires_at="2099-01-01T00:00:00+00:00",
        )
    )
    for event, fields in [
        ("jobs.job.archived", {"state": "archived"}),
        ("jobs.job.published", {"expires_at": "2020-01-01T00:00:00+00:00"}),
        ("jobs.job.updated", {"state": "draft"}),
    ]:
        await _index_job(store, sessions, event, T0, site=site, **fields)
    await _index_job(store, sessions, "jobs.job.published", T0, site="elsewhere")
    # a job indexed before documents kept changed_at: its publication date is its lastmod
    async with sessions() as session:
        older = job_payload(site=site, published_at="2026-10-05T08:00:00+00:00")
        await index_job(store, session, older, "jobs.job.published")
    open_jobs.append(older)
    published = profile_payload(site=site)
    async with sessions() as session:
        await index_profile(store, session, published, changed_at=T0)
        await index_profile(store, session, profile_payload(site=site, published=False))
        page = landing_page(title="Nursing jobs")
        session.add(page)
        await session.flush()
        session.add(route(slug="/jobs/nursing", content_type="LandingPage", content_id=page.id))
        session.add(route(slug="/jobs/nurses", redirect_target="/jobs/nursing", redirect_code=301))
        await session.commit()
    await store.refresh_all()

    listed, urls = await _everything(client)
    assert [loc for loc, _ in listed] == [
        f"{SITE_URL}/jobs/sitemap.xml",
        f"{SITE_URL}/jobs/sitemap.xml?page=2",
        f"{SITE_URL}/jobs/sitemap.xml?page=3",
        f"{SITE_URL}/organizations/sitemap.xml",
        f"{SITE_URL}/landing-pages/sitemap.xml",
    ]
    expected = {
        f"{SITE_URL}/job/{job.slug}": T0 + timedelta(hours=hour)
        for hour, job in enumerate(open_jobs[:3])
    }
    expected[f"{SITE_URL}/job/{open_jobs[3].slug}"] = T0 + timedelta(days=2)
    expected[f"{SITE_URL}/job/{older.slug}"] = datetime(2026, 10, 5, 8, tzinfo=UTC)
    expected[f"{SITE_URL}/organization/{published.slug}"] = T0
    jobs_and_profiles = {url: lastmod for url, lastmod in urls.items() if "/jobs/" not in url}
    assert jobs_and_profiles == {
        url: moment.strftime("%Y-%m-%dT%H:%M:%SZ") for url, moment in expected.items()
    }
    assert f"{SITE_URL}/jobs/nursing" in urls
    assert len(urls) == len(expected) + 1

    # the same under the language prefix of the default language; no other language, no page 4
    assert (await client.get("/en/jobs/sitemap.xml")).content == (
        await client.get("/jobs/sitemap.xml")
    ).content
    for missing in (
        "/de/jobs/sitemap.xml",
        "/jobs/sitemap.xml?page=4",
        "/jobs/sitemap.xml?page=0",
        "/jobs/sitemap.xml?page=x",
        "/resumes/sitemap.xml",
    ):
        assert (await client.get(missing)).status_code == 404, missing


async def test_an_archived_job_leaves_the_sitemap_once_the_indexer_applies_it(
    store: SearchStore,
    settings: SearchSettings,
    sessions: async_sessionmaker[AsyncSession],
    client: httpx.AsyncClient,
) -> None:
    on_jobs, _ = indexer_handlers(store)

    async def deliver(event_type: str, payload: JobPayload, at: datetime) -> None:
        envelope = EventEnvelope(
            type=event_type,
            aggregate_id=payload.job_id,
            aggregate_version=payload.version,
            occurred_at=at,
            site=payload.site,
            payload=payload.model_dump(),
        )
        async with sessions() as session:
            await on_jobs[event_type](session, envelope)
        await store.refresh_all()

    staying = job_payload(site=settings.site)
    leaving = job_payload(site=settings.site)
    await deliver("jobs.job.published", staying, T0)
    await deliver("jobs.job.published", leaving, T0)
    _, urls = await _everything(client)
    assert set(urls) == {f"{SITE_URL}/job/{staying.slug}", f"{SITE_URL}/job/{leaving.slug}"}

    later = T0 + timedelta(days=1)
    edited = staying.model_copy(update={"title": "Edited", "version": 2})
    await deliver("jobs.job.updated", edited, later)
    archived = leaving.model_copy(update={"state": "archived", "version": 2})
    await deliver("jobs.job.archived", archived, later)
    _, urls = await _everything(client)
    assert urls == {f"{SITE_URL}/job/{staying.slug}": "2026-11-02T09:30:00Z"}
    # the older published event, late, does not bring it back
    await deliver("jobs.job.published", leaving, T0)
    _, urls = await _everything(client)
    assert set(urls) == {f"{SITE_URL}/job/{staying.slug}"}

    # a resync sends the same version again days later: the job's own last change dates it
    changed = later - timedelta(hours=3)
    resent = edited.model_copy(update={"updated_at": changed.isoformat()})
    await deliver("jobs.job.updated", resent, later + timedelta(days=3))
    _, urls = await _everything(client)
    assert urls == {f"{SITE_URL}/job/{staying.slug}": "2026-11-02T06:30:00Z"}


async def test_the_stylesheet_is_served(client: httpx.AsyncClient) -> None:
    answer = await client.get("/sitemap.xsl")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/xsl")
    etree.XSLT(etree.fromstring(answer.content))  # a stylesheet lxml can compile


async def test_each_site_has_its_own_sitemaps_with_its_own_origin(
    store: SearchStore, settings: SearchSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    """Several sites served by one search service (ADR 0049): each web server sends its site in
    X-Frontend; its sitemaps list its jobs only, at its own origin. A site without an origin
    here is not served."""
    other, other_url = f"{settings.site}-us", "https://us.jobs.example.org"
    settings = settings.model_copy(update={"site_urls": {other: other_url}})
    app = FastAPI()
    app.include_router(sitemaps_router(settings, sessions_of=lambda _: sessions))
    ours = await _index_job(store, sessions, "jobs.job.published", T0, site=settings.site)
    theirs = await _index_job(store, sessions, "jobs.job.published", T0, site=other)
    await store.refresh_all()
    transport = httpx.ASGITransport(app=app)
    for frontend, origin, job, absent in (
        (None, SITE_URL, ours, theirs),
        (f"{other}/en", other_url, theirs, ours),
    ):
        headers = {"X-Frontend": frontend} if frontend else {}
        async with httpx.AsyncClient(
            transport=transport, base_url="http://search", headers=headers
        ) as client:
            index = _valid(await client.get("/sitemap.xml"), INDEX)
            listed = [loc.text or "" for loc in index.iterfind("s:sitemap/s:loc", NS)]
            assert f"{origin}/jobs/sitemap.xml" in listed
            assert all(loc.startswith(f"{origin}/") for loc in listed)
            jobs = await _urls(client, "/jobs/sitemap.xml")
            assert f"{origin}/job/{job.slug}" in jobs
            assert not any(url.endswith(f"/job/{absent.slug}") for url in jobs)
    async with httpx.AsyncClient(
        transport=transport, base_url="http://search", headers={"X-Frontend": "unknown/en"}
    ) as client:
        assert (await client.get("/sitemap.xml")).status_code == 404
        assert (await client.get("/jobs/sitemap.xml")).status_code == 404
