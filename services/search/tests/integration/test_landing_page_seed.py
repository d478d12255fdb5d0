"""Seeding landing pages is idempotent, keeps an administrator's edits, and puts every page's
path in the slug index."""

from typing import Any

import pytest
from search.site.landing_page_seed import seed_data, seed_landing_pages
from search.site.landing_pages import landing_page_at, update_landing_page
from search.site.routes import LANDING_PAGE
from search.site.service import find_route

pytestmark = pytest.mark.integration


async def test_seeding_twice_inserts_once_and_keeps_edits(committed_sessions: Any) -> None:
    await seed_landing_pages(committed_sessions)  # another test may have seeded already
    path = seed_data()[0]["path"]
    async with committed_sessions() as session:
        page = await landing_page_at(session, path=path, language="en")
        assert page is not None
        route = await find_route(session, slug=path, language="en")
    assert route is not None
    assert (route.content_type, route.content_id, route.redirect_target) == (
        LANDING_PAGE,
        page.id,
        None,
    )
    original = page.title
    await update_landing_page(
        sessions=committed_sessions,
        page_id=page.id,
        title="Edited by an admin",
        intro=page.intro,
        description=page.description,
    )
    try:
        assert await seed_landing_pages(committed_sessions) == 0
        async with committed_sessions() as session:
            again = await landing_page_at(session, path=path, language="en")
        assert again is not None
        assert again.title == "Edited by an admin"
    finally:
        await update_landing_page(
            sessions=committed_sessions,
            page_id=page.id,
            title=original,
            intro=page.intro,
            description=page.description,
        )
