"""Loads ``landing_pages.json``: one page per path, inserted once (ADR 0016).

Idempotent: a page whose path exists is left as it is, so an administrator's edits survive every
later seed; ids are derived from the path, so every machine seeds the same ids.
"""

from __future__ import annotations

import json
import uuid
from importlib import resources
from typing import Any

from jobkit.db import unit_of_work
from jobkit.html import plain_text, sanitize_filtered
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.site.landing_pages import normalise_path, route_landing_pages
from search.site.models import LandingPage

# uuid5 namespace of landing page ids (stable across machines and seeds)
PAGE_NAMESPACE = uuid.UUID("5a0f6d2e-7a51-4c1e-9d3c-2f1f3e0b7a16")


def seed_data() -> list[dict[str, Any]]:
    text = resources.files("search.site").joinpath("landing_pages.json").read_text()
    pages: list[dict[str, Any]] = json.loads(text)["landing_pages"]
    return pages


def page_row(page: dict[str, Any], language: str = "en") -> dict[str, Any]:
    path = normalise_path(page["path"])
    return {
        "id": uuid.uuid5(PAGE_NAMESPACE, f"{language}:{path}"),
        "path": path,
        "language": language,
        "title": page["title"],
        "intro": sanitize_filtered(page.get("intro", "")),
        "description": plain_text(page.get("description", "")),
        "place": page.get("place"),
    }


async def seed_landing_pages(sessions: async_sessionmaker[AsyncSession]) -> int:
    """Insert the pages not there yet, each with its path in the slug index (pages seeded before
    the index knew landing pages get theirs too); returns how many pages were inserted."""
    rows = [page_row(page) for page in seed_data()]
    async with unit_of_work(sessions) as session:
        result = await session.execute(
            insert(LandingPage)
            .values(rows)
            .on_conflict_do_nothing(index_elements=["language", "path"])
            .returning(LandingPage.id)
        )
        inserted = len(result.all())
        await route_landing_pages(session)
        return inserted
