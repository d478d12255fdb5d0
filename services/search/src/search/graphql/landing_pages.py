"""landingPage(path): the curated texts of a search path (ADR 0016)."""

from __future__ import annotations

import strawberry
from strawberry.types import Info

from search.domain.landing_pages import landing_page_at
from search.domain.vocabulary import language_of
from search.graphql.context import SearchContext
from search.graphql.types import LandingPage

MAX_PATH = 500


@strawberry.type
class LandingPageQueries:
    @strawberry.field(
        name="landingPage",
        description="The landing page standing on a search path (e.g. /jobs/nursing; case, a "
        "trailing slash and the query string are ignored) in `language` (else the request's), "
        "or null.",
    )
    async def landing_page(
        self, info: Info[SearchContext, None], path: str, language: str | None = None
    ) -> LandingPage | None:
        if len(path) > MAX_PATH:
            return None
        async with info.context.sessions() as session:
            row = await landing_page_at(
                session, path=path, language=language or language_of(info.context.frontend.locale)
            )
        return LandingPage.from_row(row) if row is not None else None
