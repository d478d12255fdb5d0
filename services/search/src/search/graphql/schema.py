from __future__ import annotations

from typing import Annotated, Union

import strawberry
from jobkit.graphql import ServiceContext
from jobkit.schema import build_schema
from strawberry.federation.schema_directives import Key
from strawberry.federation.types import FieldSet
from strawberry.types import Info

from search.domain.models import LandingPage as LandingPageModel
from search.domain.service import find_route


@strawberry.federation.type(keys=[Key(fields=FieldSet("id"), resolvable=False)])
class Job:
    id: strawberry.ID


@strawberry.federation.type(keys=[Key(fields=FieldSet("id"), resolvable=False)])
class OrganizationProfile:
    id: strawberry.ID


@strawberry.federation.type(keys=["id"], description="A curated search landing page.")
class LandingPage:
    id: strawberry.ID
    title: str

    @classmethod
    async def resolve_reference(
        cls, info: Info[ServiceContext, None], id: strawberry.ID
    ) -> LandingPage | None:
        row = await info.context.load(LandingPageModel, id)
        return cls(id=strawberry.ID(str(row.id)), title=row.title) if row is not None else None


RouteContent = Annotated[Job | LandingPage | OrganizationProfile, strawberry.union("RouteContent")]


@strawberry.type
class ErrorResponse:
    code: int
    reason: str


@strawberry.type
class RedirectResponse:
    code: int
    target: str


@strawberry.type
class ContentResponse:
    content: RouteContent


RouteResponse = Annotated[
    Union[ErrorResponse, RedirectResponse, ContentResponse],  # noqa: UP007
    strawberry.union("RouteResponse"),
]

_REFERENCES: dict[str, type[Job] | type[OrganizationProfile]] = {
    "Job": Job,
    "OrganizationProfile": OrganizationProfile,
}


@strawberry.type
class Query:
    @strawberry.field(description="What a public path shows: content, a redirect or an error.")
    async def route(
        self, info: Info[ServiceContext, None], slug: str, language: str | None = None
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
        reference = _REFERENCES.get(route.content_type or "")
        if reference is None or route.content_id is None:
            return ErrorResponse(code=404, reason="Not found")
        return ContentResponse(content=reference(id=strawberry.ID(str(route.content_id))))


schema = build_schema(query=Query, types=[Job, OrganizationProfile, LandingPage])
