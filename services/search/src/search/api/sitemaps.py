"""The sitemaps (sitemaps.org 0.9), which the web server proxies (spec 2):

- ``GET /sitemap.xml``: the index of every type's sitemap pages, each with its newest ``lastmod``;
- ``GET /{type}/sitemap.xml[?page=n]`` for ``jobs``, ``organizations``, ``landing-pages``: the
  findable jobs (published, unexpired), the published profiles, the landing pages; at most
  ``sitemap_page_size`` URLs a page (50,000, the protocol's limit);
- ``GET /{lang}/{type}/sitemap.xml[?page=n]``: the same for one of ``sitemap_languages`` (the
  first has no path prefix; the others' URLs start with ``/{lang}``);
- ``GET /sitemap.xsl``: the stylesheet the XML names, for people opening it in a browser.

A URL set streams a batch of documents at a time. An Elasticsearch failure before the first
byte answers 503; an empty page (or one past the last) is a 404, since a URL set needs a URL.
"""

from __future__ import annotations

import logging
import math
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime

from elasticsearch import ApiError, TransportError
from fastapi import APIRouter, Request, Response
from fastapi.responses import StreamingResponse
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.api.sites import served_site
from search.engine.indexing.store import store_for
from search.settings import SearchSettings
from search.site.sitemaps.render import (
    STYLESHEET,
    STYLESHEET_PATH,
    URLSET_END,
    sitemap_index,
    url_entry,
    urlset_start,
)
from search.site.sitemaps.sources import SITEMAP_TYPES, Entry, SitemapType, Source, sources

log = logging.getLogger(__name__)

XML = "application/xml; charset=utf-8"
SessionsOf = Callable[[Request], async_sessionmaker[AsyncSession]]
UNAVAILABLE = (ApiError, TransportError, SQLAlchemyError, OSError)


def _runtime_sessions(request: Request) -> async_sessionmaker[AsyncSession]:
    sessions: async_sessionmaker[AsyncSession] = request.app.state.runtime.sessions
    return sessions


def _not_found() -> Response:
    return Response("Not found\n", status_code=404, media_type="text/plain; charset=utf-8")


def _unavailable(error: Exception) -> Response:
    log.warning("a sitemap could not be read: %s", error)
    return Response("sitemap unavailable\n", status_code=503, headers={"Retry-After": "30"})


def sitemaps_router(
    settings: SearchSettings,
    *,
    sessions_of: SessionsOf = _runtime_sessions,
    clock: Callable[[], datetime] = lambda: datetime.now(UTC),
) -> APIRouter:
    router = APIRouter(include_in_schema=False)
    store = store_for(settings.elasticsearch_url, settings.index_prefix)
    page_size = settings.sitemap_page_size
    languages = settings.sitemap_languages
    cache = {"Cache-Control": f"public, max-age={settings.sitemap_max_age_seconds}"}

    def prefix(language: str) -> str:
        return "" if language == languages[0] else f"/{language}"

    def sources_for(request: Request, site: str) -> dict[SitemapType, Callable[[], Source]]:
        return sources(store, sessions_of(request), site=site, now=clock)

    def sitemap_url(site_url: str, language: str, kind: SitemapType, page: int) -> str:
        url = f"{site_url}{prefix(language)}/{kind}/sitemap.xml"
        return url if page == 1 else f"{url}?page={page}"

    async def page_lastmods(source: Source, count: int) -> list[datetime | None]:
        """Each page's newest lastmod, reading the entries (their dates only) once."""
        newest: list[datetime | None] = [None] * math.ceil(count / page_size)
        position = 0
        async for entry in source.entries(offset=0, limit=count):
            page = min(position // page_size, len(newest) - 1)
            current = newest[page]
            if entry.lastmod is not None and (current is None or entry.lastmod > current):
                newest[page] = entry.lastmod
            position += 1
        return newest

    @router.get("/sitemap.xml")
    async def index(request: Request) -> Response:
        site = served_site(request, settings)
        if site is None:
            return _not_found()
        site_url = settings.site_url_for(site)
        listed: list[tuple[str, datetime | None]] = []
        try:
            for kind, make in sources_for(request, site).items():
                source = make()
                count = await source.count()
                if count == 0:
                    continue
                lastmods = await page_lastmods(source, count)
                for language in languages:
                    listed += [
                        (sitemap_url(site_url, language, kind, number), lastmod)
                        for number, lastmod in enumerate(lastmods, start=1)
                    ]
        except UNAVAILABLE as error:
            return _unavailable(error)
        return Response(sitemap_index(listed), media_type=XML, headers=cache)

    async def urlset(request: Request, language: str, kind: str, page: str | None) -> Response:
        known = next((known for known in SITEMAP_TYPES if known == kind), None)
        site = served_site(request, settings)
        if language not in languages or known is None or site is None:
            return _not_found()
        number = int(page) if page is not None and page.isdigit() else (1 if page is None else 0)
        if number < 1:
            return _not_found()
        source = sources_for(request, site)[known]()
        entries = source.entries(offset=(number - 1) * page_size, limit=page_size)
        try:
            first = await anext(entries, None)
        except UNAVAILABLE as error:
            return _unavailable(error)
        if first is None:
            return _not_found()
        base = settings.site_url_for(site) + prefix(language)

        async def body(first: Entry) -> AsyncIterator[bytes]:
            yield (urlset_start() + url_entry(base + first.path, first.lastmod)).encode()
            chunk: list[str] = []
            async for entry in entries:
                chunk.append(url_entry(base + entry.path, entry.lastmod))
                if len(chunk) >= 500:
                    yield "".join(chunk).encode()
                    chunk = []
            yield ("".join(chunk) + URLSET_END).encode()

        return StreamingResponse(body(first), media_type=XML, headers=cache)

    @router.get("/{kind}/sitemap.xml")
    async def default_language(request: Request, kind: str, page: str | None = None) -> Response:
        return await urlset(request, languages[0], kind, page)

    @router.get("/{language}/{kind}/sitemap.xml")
    async def one_language(
        request: Request, language: str, kind: str, page: str | None = None
    ) -> Response:
        return await urlset(request, language, kind, page)

    @router.get(STYLESHEET_PATH)
    async def stylesheet() -> Response:
        return Response(
            STYLESHEET,
            media_type="text/xsl; charset=utf-8",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    return router
