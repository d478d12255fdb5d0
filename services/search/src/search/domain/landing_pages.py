"""Landing pages (ADR 0016): a curated title, intro and meta description per search path.

A page stands on one public search path (``/jobs/nursing``, ``/jobs/new-york``) per language.
Admin-like users edit its texts; the intro is sanitized HTML (the filtered format: structure and
links, nothing that runs or loads), the description plain text for the meta description.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from jobkit.db import unit_of_work
from jobkit.html import plain_text, sanitize_filtered
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.domain.errors import SearchError, SearchErrorCode, SearchErrors
from search.domain.models import LandingPage
from search.domain.service import normalise_slug

MAX_TITLE = 255
MAX_DESCRIPTION = 320
MAX_INTRO = 20_000  # characters of HTML before sanitizing


def normalise_path(path: str) -> str:
    """Stored as lowercase absolute paths without a trailing slash (``/jobs`` paths are lowercase,
    spec 2); the query string is not part of a landing page's path."""
    return normalise_slug(path.split("?", 1)[0].split("#", 1)[0]).lower()


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
