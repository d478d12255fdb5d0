"""Landing pages (ADR 0016): a curated title, intro and meta description per search path.

A page stands on one public search path (``/jobs/nursing``, ``/jobs/new-york``) per language.
Admin-like users edit its texts; the intro is sanitized HTML (the filtered format: structure and
links, nothing that runs or loads), the description plain text for the meta description.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jobkit.db import unit_of_work
from jobkit.html import plain_text, sanitize_filtered
from sqlalchemy import literal, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.engine.job_search import count_jobs
from search.engine.request import (
    MAX_CLEAN_FACETS,
    Condition,
    ConditionGroup,
    GeoLocation,
    SearchRequest,
)
from search.errors import SearchError, SearchErrorCode, SearchErrors
from search.site.geo import SiteGeo
from search.site.models import LandingPage, Route
from search.site.routes import LANDING_PAGE
from search.site.service import normalise_slug
from search.taxonomy.models import Term
from search.taxonomy.vocabulary import terms_by_alias

MAX_TITLE = 255
MAX_DESCRIPTION = 320
MAX_INTRO = 20_000  # characters of HTML before sanitizing


def normalise_path(path: str) -> str:
    """Stored as lowercase absolute paths without a trailing slash (``/jobs`` paths are lowercase,
    spec 2); the query string is not part of a landing page's path."""
    return normalise_slug(path.split("?", 1)[0].split("#", 1)[0]).lower()


async def route_landing_pages(session: AsyncSession) -> None:
    """Every landing page with a path answers it in the slug index (a content row, like a job's
    current path), so ``route(path)`` and the landing pages' sitemap know it. Pages already
    there, and paths some other content holds, are left as they are. Never commits."""
    pages = select(
        LandingPage.path,
        LandingPage.language,
        literal(LANDING_PAGE),
        LandingPage.id,
    ).where(LandingPage.path.is_not(None))
    await session.execute(
        insert(Route)
        .from_select(["slug", "language", "content_type", "content_id"], pages)
        .on_conflict_do_nothing(index_elements=[Route.slug, Route.language])
    )


async def landing_page_at(session: AsyncSession, *, path: str, language: str) -> LandingPage | None:
    found = await session.scalars(
        select(LandingPage).where(
            LandingPage.path == normalise_path(path), LandingPage.language == language
        )
    )
    return found.first()


@dataclass(frozen=True)
class LandingPageTexts:
    title: str
    intro: str
    description: str


def clean_texts(*, title: str, intro: str, description: str) -> LandingPageTexts:
    """The texts as stored (trimmed, the intro sanitized, the description plain), or raise
    :class:`SearchErrors` naming each refused field."""
    errors: list[SearchError] = []
    title = " ".join(title.split())
    description = plain_text(description)
    if not title:
        errors.append(SearchError(SearchErrorCode.REQUIRED, "Give the page a title.", "title"))
    elif len(title) > MAX_TITLE:
        errors.append(
            SearchError(
                SearchErrorCode.TOO_LONG, f"At most {MAX_TITLE} characters, please.", "title"
            )
        )
    if len(description) > MAX_DESCRIPTION:
        errors.append(
            SearchError(
                SearchErrorCode.TOO_LONG,
                f"At most {MAX_DESCRIPTION} characters, please.",
                "description",
            )
        )
    if len(intro) > MAX_INTRO:
        errors.append(
            SearchError(
                SearchErrorCode.TOO_LONG, f"At most {MAX_INTRO} characters, please.", "intro"
            )
        )
    if errors:
        raise SearchErrors(errors)
    return LandingPageTexts(title=title, intro=sanitize_filtered(intro), description=description)


async def update_landing_page(
    *,
    sessions: async_sessionmaker[AsyncSession],
    page_id: uuid.UUID,
    title: str,
    intro: str,
    description: str,
) -> LandingPage | None:
    """New texts for a page (None when there is no such page; raises :class:`SearchErrors`).
    Who may is declared on the mutation (admin-like users)."""
    texts = clean_texts(title=title, intro=intro, description=description)
    async with unit_of_work(sessions) as session:
        page = await session.get(LandingPage, page_id)
        if page is None:
            return None
        page.title = texts.title
        page.intro = texts.intro
        page.description = texts.description
        await session.flush()
        await session.refresh(page)
    return page


# The vocabularies whose aliases a search path may name, as the job facet each one filters
# (the web's VOCABULARY_FACETS in features/search/job-search-params.ts).
VOCABULARY_FACETS = {
    "occupational_fields": "occupations",
    "industries": "industry",
    "employment_types": "employmentType",
    "years_of_experience": "yearsOfExperience",
    "remote_options": "remoteOptions",
}


def facet_segments(path: str | None) -> list[str]:
    """The category aliases of a search path (``/jobs/a/b`` -> ``["a", "b"]``)."""
    segments = [segment for segment in (path or "").split("/") if segment]
    return segments[1:] if segments[:1] == ["jobs"] else segments


def landing_search(
    *,
    aliases: Sequence[str],
    terms: Sequence[Term],
    place: dict[str, Any] | None,
    site: SiteGeo,
) -> SearchRequest | None:
    """The job search the page's path shows, as the web runs it: the aliases' facet values, or
    for a city page (a path of no terms) the jobs around its place; None when the path names
    no search at all."""
    by_alias = {
        alias: term
        for term in terms
        for alias in term.aliases.values()
        if term.vocabulary in VOCABULARY_FACETS
    }
    groups: list[ConditionGroup] = []
    if all(alias in by_alias for alias in aliases):
        for alias in aliases:
            facet = VOCABULARY_FACETS[by_alias[alias].vocabulary]
            groups.append(
                ConditionGroup(
                    conditions=[Condition(field=facet, value=str(by_alias[alias].tid))],
                    tags=[f"facet:{facet}"],
                )
            )
    elif not place:
        return None
    geo = None
    if place and {"lat", "lon"} <= place.keys():
        geo = site.resolve(
            GeoLocation(
                label=str(place.get("label") or ""),
                lat=float(place["lat"]),
                lon=float(place["lon"]),
                unit=site.unit,
                location_type="locality",
            )
        )
    return SearchRequest(condition_groups=groups, geo_location=geo)


async def landing_page_noindex(
    session: AsyncSession, store: Any, page: LandingPage, *, language: str, site: SiteGeo
) -> bool:
    """Spec 9 for a landing page: not indexable with more than two facet segments, or when its
    search finds nothing (or the path names no search). Elasticsearch's errors propagate."""
    aliases = facet_segments(page.path)
    if len(aliases) > MAX_CLEAN_FACETS:
        return True
    terms = await terms_by_alias(session, aliases, language) if aliases else []
    request = landing_search(aliases=aliases, terms=terms, place=page.place, site=site)
    if request is None:
        return True
    return await count_jobs(store, request) == 0
