"""The aggregator feeds (/feeds/jobs.xml, /feeds/jobs.json) from the real jobs index."""

from __future__ import annotations

import json
import uuid
import xml.etree.ElementTree as ET
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from jobkit.settings import ServiceSettings
from search.api.feeds import FeedCache, feeds_router
from search.engine.indexing.indexer import index_job
from search.engine.indexing.store import SearchStore
from search.settings import SearchSettings
from search.site.feeds.jobs import open_jobs

from services.search.tests.factories import job_payload

pytestmark = pytest.mark.integration

SITE_URL = "https://jobs.example.org"
TRICKY = 'Nurse <RN> & "Carer" ]]> Ünïcode\x07'


@pytest.fixture
def settings(service_settings: ServiceSettings) -> SearchSettings:
    assert isinstance(service_settings, SearchSettings)
    # a site of each test's own: other tests' jobs in the same index never show up here
    site = f"feeds-{uuid.uuid4().hex[:8]}"
    return service_settings.model_copy(
        update={"site": site, "site_url": SITE_URL, "feed_title": "Good Jobs & Co"}
    )


@pytest.fixture
async def feeds(
    store: SearchStore, settings: SearchSettings
) -> AsyncIterator[tuple[httpx.AsyncClient, FeedCache]]:
    cache = FeedCache(store, settings)
    app = FastAPI()
    app.include_router(feeds_router(settings, cache))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://search") as client:
        yield client, cache


async def _index(store: SearchStore, sessions: Any, event: str, **fields: Any) -> str:
    payload = job_payload(**fields)
    async with sessions() as session:
        await index_job(store, session, payload, event)
    return payload.job_id


async def _open_jobs(store: SearchStore, settings: SearchSettings, sessions: Any) -> dict[str, str]:
    site = settings.site
    jobs = {
        "open": await _index(
            store,
            sessions,
            "jobs.job.published",
            site=site,
            title=TRICKY,
            salary={
                "min_salary": 50000,
                "max_salary": 60000.5,
                "currency_code": "usd",
                "salary_unit": "year",
            },
        ),
        "second": await _index(
            store,
            sessions,
            "jobs.job.published",
            site=site,
            published_at="2026-11-02T10:00:00+00:00",
            logo_url="/api/uploads/jobs/logo.png",
        ),
        "no_date": await _index(
            store,
            sessions,
            "jobs.job.published",
            site=site,
            expires_at="2099-01-01T00:00:00+00:00",
            locations=[],
        ),
        "archived": await _index(store, sessions, "jobs.job.archived", site=site, state="archived"),
        "expired": await _index(
            store, sessions, "jobs.job.published", site=site, expires_at="2020-01-01T00:00:00+00:00"
        ),
        "draft": await _index(store, sessions, "jobs.job.updated", site=site, state="draft"),
        "other_site": await _index(store, sessions, "jobs.job.published", site="elsewhere"),
    }
    await store.refresh("jobs")
    return jobs


async def test_the_xml_feed_lists_each_open_job_once_escaped(
    store: SearchStore,
    settings: SearchSettings,
    sessions: Any,
    feeds: tuple[httpx.AsyncClient, FeedCache],
) -> None:
    jobs = await _open_jobs(store, settings, sessions)
    client, _ = feeds
    answer = await client.get("/feeds/jobs.xml")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/xml; charset=utf-8"
    root = ET.fromstring(answer.content)
    assert root.tag == "source"
    assert root.findtext("publisher") == "Good Jobs & Co"
    numbers = [job.findtext("referencenumber") for job in root.iter("job")]
    assert sorted(numbers) == sorted([jobs["open"], jobs["second"], jobs["no_date"]])
    first = next(job for job in root.iter("job") if job.findtext("referencenumber") == jobs["open"])
    assert first.findtext("title") == TRICKY.replace("\x07", "")
    assert first.findtext("url", "").startswith(f"{SITE_URL}/job/job-")
    assert first.findtext("city") == "Boston"
    assert first.findtext("country") == "US"
    assert first.findtext("salary") == "50,000 - 60,000.50 USD per year"
    assert first.findtext("date") == "Sun, 01 Nov 2026 10:00:00 GMT"
    expected = {
        "title",
        "date",
        "referencenumber",
        "url",
        "company",
        "city",
        "state",
        "country",
        "postalcode",
        "description",
        "salary",
        "jobtype",
        "category",
        "experience",
    }
    assert {child.tag for child in first} == expected
    assert "<![CDATA[" in answer.text


async def test_the_json_feed_is_a_json_feed(
    store: SearchStore,
    settings: SearchSettings,
    sessions: Any,
    feeds: tuple[httpx.AsyncClient, FeedCache],
) -> None:
    jobs = await _open_jobs(store, settings, sessions)
    client, _ = feeds
    answer = await client.get("/feeds/jobs.json")
    assert answer.headers["content-type"] == "application/feed+json; charset=utf-8"
    feed = json.loads(answer.content)
    assert feed["version"] == "https://jsonfeed.org/version/1.1"
    assert feed["feed_url"] == f"{SITE_URL}/feeds/jobs.json"
    ids = [item["id"] for item in feed["items"]]
    assert sorted(ids) == sorted([jobs["open"], jobs["second"], jobs["no_date"]])
    assert ids[0] == jobs["second"]  # the newest first
    second = feed["items"][0]
    assert second["image"] == f"{SITE_URL}/api/uploads/jobs/logo.png"
    assert second["_job"]["locations"][0]["locality"] == "Boston"
    opened = next(item for item in feed["items"] if item["id"] == jobs["open"])
    assert opened["_job"]["salary"]["currency"] == "USD"


async def test_etag_answers_304_until_the_jobs_change(
    store: SearchStore,
    settings: SearchSettings,
    sessions: Any,
    feeds: tuple[httpx.AsyncClient, FeedCache],
) -> None:
    jobs = await _open_jobs(store, settings, sessions)
    client, cache = feeds
    first = await client.get("/feeds/jobs.xml")
    etag = first.headers["etag"]
    assert first.headers["cache-control"] == f"public, max-age={settings.feed_max_age_seconds}"
    again = await client.get("/feeds/jobs.xml", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.headers["etag"] == etag
    assert cache.builds == 1

    # the open job changes (a new version): a new feed at once once the check is due
    changed = job_payload(site=settings.site, title="Renamed", version=2)
    async with sessions() as session:
        await index_job(
            store, session, changed.model_copy(update={"job_id": jobs["open"]}), "jobs.job.updated"
        )
    await store.refresh("jobs")
    cache.invalidate()
    renamed = await client.get("/feeds/jobs.xml", headers={"If-None-Match": etag})
    assert renamed.status_code == 200
    assert renamed.headers["etag"] != etag
    assert "Renamed" in renamed.text

    # archived: gone from the feed
    gone = changed.model_copy(update={"job_id": jobs["open"], "version": 3, "state": "archived"})
    async with sessions() as session:
        await index_job(store, session, gone, "jobs.job.archived")
    await store.refresh("jobs")
    cache.invalidate()
    root = ET.fromstring((await client.get("/feeds/jobs.xml")).content)
    assert jobs["open"] not in [job.findtext("referencenumber") for job in root.iter("job")]


async def test_paging_with_search_after_returns_every_job_once(
    store: SearchStore, settings: SearchSettings, sessions: Any
) -> None:
    site = f"paging-{uuid.uuid4().hex[:6]}"
    made = [
        await _index(
            store,
            sessions,
            "jobs.job.published",
            site=site,
            published_at=f"2026-10-{day:02d}T10:00:00+00:00",
        )
        for day in (1, 1, 2, 3, 3, 3, 4)
    ]
    await store.refresh("jobs")
    found = [
        job["id"] async for job in open_jobs(store, site=site, now=datetime.now(UTC), page_size=2)
    ]
    assert sorted(found) == sorted(made)
    assert len(found) == len(set(found))


async def test_each_site_has_its_own_feed_with_its_own_origin(
    store: SearchStore, settings: SearchSettings, sessions: Any
) -> None:
    """Several sites served by one search service (ADR 0049): a site's web server sends its
    site in X-Frontend and gets that site's jobs at its own origin; an unknown site is a 404."""
    other, other_url = f"{settings.site}-us", "https://us.jobs.example.org"
    settings = settings.model_copy(update={"site_urls": {other: other_url}})
    ours = await _index(store, sessions, "jobs.job.published", site=settings.site)
    theirs = await _index(store, sessions, "jobs.job.published", site=other)
    await store.refresh_all()
    app = FastAPI()
    app.include_router(feeds_router(settings))
    transport = httpx.ASGITransport(app=app)
    for frontend, origin, job in ((None, SITE_URL, ours), (f"{other}/en", other_url, theirs)):
        headers = {"X-Frontend": frontend} if frontend else {}
        async with httpx.AsyncClient(
            transport=transport, base_url="http://search", headers=headers
        ) as client:
            feed = json.loads((await client.get("/feeds/jobs.json")).content)
        assert feed["feed_url"] == f"{origin}/feeds/jobs.json"
        assert [item["id"] for item in feed["items"]] == [job]
    async with httpx.AsyncClient(
        transport=transport, base_url="http://search", headers={"X-Frontend": "unknown/en"}
    ) as client:
        assert (await client.get("/feeds/jobs.xml")).status_code == 404
