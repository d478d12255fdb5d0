"""What the sitemaps list, read a batch at a time: findable jobs and published organization
profiles from their indices (``search_after`` on the unique ``id``, never ``from``, which stops
at 10,000), and landing pages from the slug index. Nothing is held in memory but one batch.

A sitemap page is a fixed slice of a type's entries in ``id`` (or path) order, so page ``n``
starts after the first ``(n - 1) * page_size`` entries; getting there reads only sort keys.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, Protocol

from elasticsearch import NotFoundError
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.engine.indexing.store import Kind, SearchStore
from search.site.feeds.jobs import open_jobs_query
from search.site.models import LandingPage, Route
from search.site.routes import DEFAULT_LANGUAGE, LANDING_PAGE, job_path, profile_path

SitemapType = Literal["jobs", "organizations", "landing-pages"]
SITEMAP_TYPES: tuple[SitemapType, ...] = ("jobs", "organizations", "landing-pages")
BATCH = 2_000  # documents a request (the sitemap's URLs or, to skip pages, their sort keys)
SKIP_BATCH = 10_000  # sort keys a request when skipping to a later page


@dataclass(frozen=True)
class Entry:
    path: str  # the site path, e.g. /job/gardener-berlin
    lastmod: datetime | None


class Source(Protocol):
    async def count(self) -> int: ...

    def entries(self, *, offset: int, limit: int) -> AsyncIterator[Entry]: ...


def _moment(value: object) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class IndexSource:
    """One index's findable documents; ``lastmod`` is the first of ``date_fields`` present."""

    store: SearchStore
    kind: Kind
    query: dict[str, Any]
    path: Callable[[str], str]
    date_fields: tuple[str, ...]

    async def count(self) -> int:
        try:
            answer = await self.store.client.count(
                index=self.store.alias(self.kind), query=self.query
            )
        except NotFoundError:
            return 0
        return int(answer["count"])

    async def _page(
        self, after: list[Any] | None, size: int, source: list[str] | bool
    ) -> list[dict[str, Any]]:
        body: dict[str, Any] = {
            "query": self.query,
            "sort": [{"id": "asc"}],
            "size": size,
            "_source": source,
            "track_total_hits": False,
        }
        if after is not None:
            body["search_after"] = after
        try:
            answer = await self.store.client.search(index=self.store.alias(self.kind), **body)
        except NotFoundError:
            return []
        hits: list[dict[str, Any]] = answer["hits"]["hits"]
        return hits

    async def _skip(self, offset: int) -> tuple[list[Any] | None, bool]:
        """The sort key after the first ``offset`` entries; False when there are fewer."""
        after: list[Any] | None = None
        while offset > 0:
            hits = await self._page(after, min(offset, SKIP_BATCH), False)
            if not hits:
                return None, False
            offset -= len(hits)
            after = hits[-1]["sort"]
        return after, True

    async def entries(self, *, offset: int, limit: int) -> AsyncIterator[Entry]:
        after, found = await self._skip(offset)
        if not found:
            return
        fields = ["slug", *self.date_fields]
        while limit > 0:
            hits = await self._page(after, min(limit, BATCH), fields)
            for hit in hits:
                document = hit["_source"]
                lastmod = next(
                    (
                        moment
                        for field in self.date_fields
                        if (moment := _moment(document.get(field))) is not None
                    ),
                    None,
                )
                yield Entry(self.path(str(document["slug"])), lastmod)
            if len(hits) < min(limit, BATCH):
                return
            limit -= len(hits)
            after = hits[-1]["sort"]


@dataclass(frozen=True)
class LandingPageSource:
    """The landing pages' current paths in the slug index (content rows, not redirects), last
    changed when the row or the page's texts last were."""

    sessions: async_sessionmaker[AsyncSession]
    language: str = DEFAULT_LANGUAGE

    def _where(self) -> tuple[Any, ...]:
        return (
            Route.content_type == LANDING_PAGE,
            Route.redirect_target.is_(None),
            Route.visible.is_(True),
            Route.language == self.language,
        )

    async def count(self) -> int:
        async with self.sessions() as session:
            return int(
                await session.scalar(select(func.count()).select_from(Route).where(*self._where()))
                or 0
            )

    async def entries(self, *, offset: int, limit: int) -> AsyncIterator[Entry]:
        statement = (
            select(Route.slug, func.greatest(Route.updated_at, LandingPage.updated_at))
            .outerjoin(LandingPage, LandingPage.id == Route.content_id)
            .where(*self._where())
            .order_by(Route.slug)
            .offset(offset)
            .limit(limit)
        )
        async with self.sessions() as session:
            rows = await session.stream(statement.execution_options(yield_per=BATCH))
            async for slug, updated_at in rows:
                yield Entry(slug, updated_at)


def findable_profiles_query(site: str) -> dict[str, Any]:
    return {"bool": {"filter": [{"term": {"findable": True}}, {"term": {"site": site}}]}}


def sources(
    store: SearchStore,
    sessions: async_sessionmaker[AsyncSession],
    *,
    site: str,
    now: Callable[[], datetime],
) -> dict[SitemapType, Callable[[], Source]]:
    """Each type's source, made per request (the jobs' query depends on the time)."""
    return {
        "jobs": lambda: IndexSource(
            store,
            "jobs",
            open_jobs_query(site, now()),
            job_path,
            # changed_at: the event's time; documents indexed before it existed fall back
            ("changed_at", "published_at", "created_at"),
        ),
        "organizations": lambda: IndexSource(
            store, "organizations", findable_profiles_query(site), profile_path, ("changed_at",)
        ),
        "landing-pages": lambda: LandingPageSource(sessions),
    }
