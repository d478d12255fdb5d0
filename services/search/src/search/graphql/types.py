from __future__ import annotations

from typing import Annotated, Union

import strawberry
from strawberry.federation.schema_directives import Key
from strawberry.federation.types import FieldSet
from strawberry.types import Info

from search.graphql.context import SearchContext
from search.graphql.dataloaders import landing_page_by_id


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
        cls, info: Info[SearchContext, None], id: strawberry.ID
    ) -> LandingPage | None:
        row = await landing_page_by_id(info.context, id)
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

ROUTE_REFERENCES: dict[str, type[Job] | type[OrganizationProfile]] = {
    "Job": Job,
    "OrganizationProfile": OrganizationProfile,
}
