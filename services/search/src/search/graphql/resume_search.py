"""resumeSearch's GraphQL surface, for recruiters: jobSearch's request shape in (facets
careerStatus, languages, skills, occupations, region, fieldOfStudy; a place with radius; sorts
``search_api_relevance`` or ``changed``), hits with public fields only out.

A hit has no field for a name, phone, birthday, home address or email: the type cannot carry
them, and the index never holds them (search.engine.indexing.resumes)."""

from __future__ import annotations

from typing import Annotated, Any

import strawberry
from elasticsearch import ApiError, TransportError
from jobkit.graphql import site_name
from jobkit.input_conversion import converted_once
from jobkit.site_settings import site_value
from strawberry.types import Info

from search import errors as domain_errors
from search.db import site_settings
from search.engine.answer import nearest_km
from search.engine.request import GeoLocation, SearchRange, SearchRequest, SortRequest
from search.engine.resume_search import RESUME_PAGE_SIZE, run_resume_search
from search.graphql.context import SearchContext
from search.graphql.job_search import (
    SearchConditionGroupInput,
    SearchErrors,
    SearchFacet,
    SearchFacetInput,
    SearchFulltextInput,
    SearchGeoLocationInput,
    SearchMetadata,
    SearchRangeInput,
    SearchSortInput,
    SearchUnavailable,
    condition_groups,
    facet_requests,
    facet_tids,
    facets_of,
    geo_location,
    language_in,
    load_terms,
    metadata,
    search_errors,
    store_of,
    unavailable,
)
from search.site.geo import SiteGeo, site_geo
from search.taxonomy.vocabulary import TermLabels, label_in

# The site configuration's resume feature (identity's ``features.resume``, on unless the site
# turns it off): with it off there are no resumes to search.
RESUME_FEATURE = ("features", "resume")


@strawberry.type(description="A resume search hit's desired place of work (never the home).")
class ResumeSearchPlace:
    city: str | None
    region: str | None
    country_code: str | None


@strawberry.type(
    description="One resume found: public fields only (no name, phone, birthday, home address "
    "or email; those reach a recruiter only through an approved contact request)."
)
class ResumeSearchHit:
    id: strawberry.ID = strawberry.field(description="The resume's id (Resume.id).")
    title: str = strawberry.field(description="The resume's headline (the desired job title).")
    summary: str = strawberry.field(description="The start of the applicant's summary.")
    occupations: list[str] = strawberry.field(description="Desired and past occupations' labels.")
    skills: list[str] = strawberry.field(description="Skills' labels, then free-text skills.")
    languages: list[str] = strawberry.field(description="Languages' labels.")
    career_status: str | None
    place: ResumeSearchPlace
    updated_at: str = strawberry.field(description="When the resume last changed (ISO 8601).")
    distance_km: float | None = strawberry.field(
        description="Kilometres from the request's lat/lon to the desired place of work; set "
        "only for a request with lat/lon and a resume with coordinates."
    )


@strawberry.type(description="A page of resume results (10 a page).")
class ResumeSearchResults:
    hits: list[ResumeSearchHit]
    total: int
    facets: list[SearchFacet]
    metadata: SearchMetadata


@strawberry.type(description="The site has turned resumes off: there is nothing to search.")
class ResumeSearchOff:
    message: str


ResumeSearchResult = Annotated[
    ResumeSearchResults | SearchErrors | SearchUnavailable | ResumeSearchOff,
    strawberry.union("ResumeSearchResult"),
]


# converted by a converter made once, as jobSearch's input is (ADR 0065, ADR 0071)
@converted_once
@strawberry.input(
    description="The resume search request (spec 3's shape): facets careerStatus, languages, "
    "skills, occupations, region, fieldOfStudy (OR within, AND across, counts ignore their own "
    "selection); geoLocation with a radius around a locality (a country or an "
    "administrative_area_level_1 is taken whole, any radius ignored); sorts "
    "search_api_relevance DESC or changed DESC (newest change first); 10 a page."
)
class ResumeSearchInput:
    language: str | None = None
    facets: list[SearchFacetInput] = strawberry.field(default_factory=list)
    condition_groups: list[SearchConditionGroupInput] = strawberry.field(default_factory=list)
    fulltext: SearchFulltextInput | None = None
    geo_location: SearchGeoLocationInput | None = None
    range: SearchRangeInput | None = None
    page: int = 1
    sorts: list[SearchSortInput] = strawberry.field(default_factory=list)


def to_request(data: ResumeSearchInput, site: SiteGeo) -> SearchRequest:
    return SearchRequest(
        language=data.language or "en",
        facets=facet_requests(data.facets),
        condition_groups=condition_groups(data.condition_groups),
        fulltext=data.fulltext.keys if data.fulltext else None,
        geo_location=geo_location(data.geo_location, site),
        range=SearchRange(data.range.first, data.range.last) if data.range else None,
        page=data.page,
        sorts=[SortRequest(s.field, s.value) for s in data.sorts],
    )


async def resume_feature_on(context: SearchContext) -> bool:
    """From the process's copy of the site's settings while it is fresh (a query each time
    cost a resume search about as much as the site name did a job search)."""
    value = await site_value(
        context.sessions, site_settings, context.frontend.site, *RESUME_FEATURE
    )
    return True if value is None else bool(value)


def _labels(tids: Any, terms: dict[int, TermLabels], language: str) -> list[str]:
    if not isinstance(tids, list):
        return []
    return [label_in(terms[tid], language) for tid in tids if tid in terms]


def resume_hit(
    source: dict[str, Any], *, terms: dict[int, TermLabels], language: str, geo: GeoLocation | None
) -> ResumeSearchHit:
    countries = source.get("countries") or []
    return ResumeSearchHit(
        id=strawberry.ID(str(source["id"])),
        title=str(source.get("title") or ""),
        summary=str(source.get("snippet") or ""),
        occupations=_labels(source.get("occupation_tids"), terms, language),
        skills=_labels(source.get("skill_tids"), terms, language)
        + [str(skill) for skill in source.get("skills_free") or []],
        languages=_labels(source.get("language_tids"), terms, language),
        career_status=source.get("career_status"),
        place=ResumeSearchPlace(
            city=source.get("city"),
            region=source.get("region"),
            country_code=str(countries[0]) if countries else None,
        ),
        updated_at=str(source.get("updated_at") or ""),
        distance_km=(
            nearest_km(source.get("location_points"), geo.lat, geo.lon)
            if geo is not None and geo.lat is not None and geo.lon is not None
            else None
        ),
    )


async def resume_search(
    info: Info[SearchContext, None], data: ResumeSearchInput
) -> ResumeSearchResults | SearchErrors | SearchUnavailable | ResumeSearchOff:
    context = info.context
    if not await resume_feature_on(context):
        return ResumeSearchOff(message="Resumes are not available on this site.")
    request = to_request(data, await site_geo(context.sessions, context.frontend.site))
    try:
        search, answer = await run_resume_search(
            store_of(context), request, site=context.frontend.site
        )
    except domain_errors.SearchErrors as refused:
        return search_errors(refused)
    except (ApiError, TransportError) as error:
        return unavailable("resume search", error)
    language = language_in(context, data.language)
    hit_tids = {
        tid
        for source in answer.hits
        for field in ("occupation_tids", "skill_tids", "language_tids")
        for tid in source.get(field) or []
        if isinstance(tid, int)
    }
    terms = await load_terms(context, facet_tids(search.kind, answer) | hit_tids)
    page_metadata = metadata(
        request,
        answer,
        page=search.offset // RESUME_PAGE_SIZE + 1,
        page_size=RESUME_PAGE_SIZE,
        noun="resumes",
        site_name=await site_name(context, site_settings, context.frontend.site),
    )
    page_metadata.sorting = "changed_desc" if search.by_date else "relevancy"
    return ResumeSearchResults(
        hits=[
            resume_hit(source, terms=terms, language=language, geo=request.geo_location)
            for source in answer.hits
        ],
        total=answer.total,
        facets=facets_of(search.kind, answer, terms, language),
        metadata=page_metadata,
    )
