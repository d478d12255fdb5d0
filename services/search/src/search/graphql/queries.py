from __future__ import annotations

import strawberry
from strawberry.types import Info

from search.domain.service import find_route
from search.graphql.context import SearchContext
from search.graphql.types import (
    ROUTE_REFERENCES,
    ContentResponse,
    ErrorResponse,
    LandingPage,
    RedirectResponse,
    RouteResponse,
)


@strawberry.type
class Query:
    @strawberry.field(description="What a public path shows: content, a redirect or an error.")
    async def route(
        self, info: Info[SearchContext, None], slug: str, language: str | None = None
    ) -> RouteResponse:
        async with info.context.sessions() as session:
            route = await find_route(session, slug=slug, language=language or "en")
        if route is None:
            return ErrorResponse(code=404, reason="Not found")
        if route.redirect_target is not None:
            return RedirectResponse(code=route.redirect_code or 301, target=route.redirect_target)
        if route.content_type == "LandingPage":
            page = await LandingPage.resolve_reference(info, strawberry.ID(str(route.content_id)))
            return (
                ContentResponse(content=page)
                if page
                else ErrorResponse(code=404, reason="Not found")
            )
        reference = ROUTE_REFERENCES.get(route.content_type or "")
        if reference is None or route.content_id is None:
            return ErrorResponse(code=404, reason="Not found")
        return ContentResponse(content=reference(id=strawberry.ID(str(route.content_id))))
