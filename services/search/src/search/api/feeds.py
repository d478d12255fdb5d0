"""``GET /feeds/jobs.xml`` and ``/feeds/jobs.json``: the open jobs for aggregators.

Each format is built once and kept until the open jobs change: a request asks the index for
their fingerprint (at most every ``feed_check_seconds``; one cheap aggregation) and rebuilds
when it differs. The fingerprint is the ETag, so ``If-None-Match`` answers 304; clients and
proxies may keep an answer ``feed_max_age_seconds``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from elasticsearch import ApiError, TransportError
from fastapi import APIRouter, Request, Response

from search.api.sites import served_site
from search.engine.indexing.store import SearchStore, store_for
from search.settings import SearchSettings
from search.site.feeds.jobs import open_jobs, open_jobs_fingerprint
from search.site.feeds.render import indeed_xml, json_feed

log = logging.getLogger(__name__)

Format = Literal["xml", "json"]
MEDIA_TYPES: dict[Format, str] = {
    "xml": "application/xml; charset=utf-8",
    "json": "application/feed+json; charset=utf-8",
}


@dataclass(frozen=True)
class BuiltFeed:
    fingerprint: str
    etag: str
    body: bytes


class FeedCache:
    def __init__(
        self,
        store: SearchStore,
        settings: SearchSettings,
        *,
        site: str | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._store = store
        self._settings = settings
        self.site = site or settings.site
        self._clock = clock
        self._monotonic = monotonic
        self._feeds: dict[Format, BuiltFeed] = {}
        self._fingerprint: tuple[float, str] | None = None
        self._lock = asyncio.Lock()
        self.builds = 0

    def invalidate(self) -> None:
        self._fingerprint = None

    async def feed(self, kind: Format) -> BuiltFeed:
        async with self._lock:  # one build at a time; the others then find it built
            fingerprint = await self._current_fingerprint()
            built = self._feeds.get(kind)
            if built is None or built.fingerprint != fingerprint:
                built = BuiltFeed(fingerprint, f'"{kind}-{fingerprint}"', await self._build(kind))
                self._feeds[kind] = built
                self.builds += 1
            return built

    async def _current_fingerprint(self) -> str:
        checked = self._fingerprint
        if (
            checked is not None
            and self._monotonic() - checked[0] < self._settings.feed_check_seconds
        ):
            return checked[1]
        value = await open_jobs_fingerprint(self._store, site=self.site, now=self._clock())
        self._fingerprint = (self._monotonic(), value)
        return value

    async def _build(self, kind: Format) -> bytes:
        settings, now = self._settings, self._clock()
        site_url = settings.site_url_for(self.site)
        job_url = site_url + "/job/{slug}"
        jobs = [job async for job in open_jobs(self._store, site=self.site, now=now)]
        if kind == "xml":
            text = indeed_xml(
                jobs, publisher=settings.feed_title, site_url=site_url, job_url=job_url, built=now
            )
        else:
            text = json_feed(
                jobs,
                title=settings.feed_title,
                site_url=site_url,
                feed_url=f"{site_url}/feeds/jobs.json",
                job_url=job_url,
            )
        return text.encode()


def _matches(if_none_match: str | None, etag: str) -> bool:
    if not if_none_match:
        return False
    candidates = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
    return "*" in candidates or etag in candidates


def feeds_router(settings: SearchSettings, cache: FeedCache | None = None) -> APIRouter:
    router = APIRouter(prefix="/feeds", include_in_schema=False)
    store = store_for(settings.elasticsearch_url, settings.index_prefix)
    # one cache per site served (the service's own, and those with an origin in site_urls)
    caches = {cache.site: cache} if cache is not None else {}

    async def answer(request: Request, kind: Format) -> Response:
        site = served_site(request, settings)
        if site is None:
            return Response("Not found\n", status_code=404, media_type="text/plain; charset=utf-8")
        feeds = caches.get(site) or caches.setdefault(site, FeedCache(store, settings, site=site))
        try:
            built = await feeds.feed(kind)
        except (ApiError, TransportError) as error:
            log.warning("the %s feed could not be built: %s", kind, error)
            return Response("feed unavailable\n", status_code=503, headers={"Retry-After": "30"})
        headers = {
            "ETag": built.etag,
            "Cache-Control": f"public, max-age={settings.feed_max_age_seconds}",
        }
        if _matches(request.headers.get("if-none-match"), built.etag):
            return Response(status_code=304, headers=headers)
        return Response(built.body, media_type=MEDIA_TYPES[kind], headers=headers)

    @router.get("/jobs.xml")
    async def jobs_xml(request: Request) -> Response:
        return await answer(request, "xml")

    @router.get("/jobs.json")
    async def jobs_json(request: Request) -> Response:
        return await answer(request, "json")

    return router
