"""jobSearch's GraphQL surface: the spec's request shape in, hits as Job references out."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Annotated, TypeVar

import strawberry
from elasticsearch import ApiError, TransportError
from jobkit.graphql import Error, errors_summary, field_errors, site_name
from jobkit.input_conversion import converted_once
from jobkit.site_settings import DEFAULT_SITE_NAME, SITE_SETTINGS, page_title
from strawberry.types import Info

from search import errors as domain_errors
from search.db import site_settings
from search.engine.answer import SearchAnswer, nearest_km
from search.engine.answer_cache import AnswerCache, answer_cache_for
from search.engine.indexing.store import SearchStore, store_for
from search.engine.job_search import run_job_search
from search.engine.request import (
    MAX_CLEAN_FACETS,
    PAGE_SIZE,
    Condition,
    ConditionGroup,
    FacetRequest,
    GeoLocation,
    SearchKind,
    SearchRange,
    SearchRequest,
    SortRequest,
)
from search.graphql.context import SearchContext
from search.graphql.types import Job, Metatag
from search.graphql.visitor_answers import not_keepable
from search.settings import SearchSettings
from search.site.geo import SiteGeo, site_geo
from search.taxonomy.vocabulary import TERM_LABELS, TermLabels, label_in, language_of

log = logging.getLogger(__name__)
T = TypeVar("T")

SearchErrorCode = strawberry.enum(
    domain_errors.SearchErrorCode, description="Why a search request was refused."
)


@strawberry.type(description="One refused input of a search.")
class SearchError(Error):
    code: SearchErrorCode  # type: ignore[valid-type]


@strawberry.type(description="The search request was refused; each error names its field.")
class SearchErrors:
    message: str
    errors: list[SearchError]


@strawberry.type(description="The search could not be answered now (the index is unavailable).")
class SearchUnavailable:
    message: str


@strawberry.input(description="A facet to count: field, limit (1-100), operator, min count.")
class SearchFacetInput:
    field: str
    limit: int = 100
    operator: str = "or"
    min_count: int = 1
    missing: bool = False


@strawberry.input(description="An equality condition: field = value.")
class SearchConditionInput:
    field: str
    value: str
    operator: str = "="


@strawberry.input(
    description="An OR group of conditions; the groups are ANDed. A group tagged "
    "`facet:{field}` is that facet's selection (its counts ignore it)."
)
class SearchConditionGroupInput:
    conditions: list[SearchConditionInput]
    conjunction: str = "OR"
    tags: list[str] = strawberry.field(default_factory=list)


@strawberry.input(description="Full-text keys.")
class SearchFulltextInput:
    keys: str


@strawberry.input(
    description="Where: a place (lat, lon, radius in `unit`: 5, 25, 50, 100 or 200; default "
    "the site's radius and unit, getAppConfig's geo settings), or a whole country / "
    "administrative area by `locationType`."
)
class SearchGeoLocationInput:
    label: str | None = None
    country: str | None = None
    administrative_area: str | None = None
    lat: float | None = None
    lon: float | None = None
    radius: float | None = None
    unit: str | None = strawberry.field(
        default=None, description='"km" or "mi"; default the site\'s unit.'
    )
    location_type: str | None = None


@strawberry.input(description="Result positions first..last (0-based, inclusive).")
class SearchRangeInput:
    first: int
    last: int


@strawberry.input(
    description="A sort: field_job_publishing_date DESC (newest first) or "
    "search_api_relevance DESC; none means relevancy."
)
class SearchSortInput:
    field: str
    value: str = "DESC"


# converted by a converter made once, not strawberry's generic walk per request (ADR 0065)
@converted_once
@strawberry.input(description="The search request (spec 3); 10 results a page.")
class JobSearchInput:
    language: str | None = None
    facets: list[SearchFacetInput] = strawberry.field(default_factory=list)
    condition_groups: list[SearchConditionGroupInput] = strawberry.field(default_factory=list)
    fulltext: SearchFulltextInput | None = None
    geo_location: SearchGeoLocationInput | None = None
    range: SearchRangeInput | None = None
    page: int = 1
    sorts: list[SearchSortInput] = strawberry.field(default_factory=list)


@strawberry.type(description="A salary as the job gives it, and per year.")
class SearchSalary:
    currency: str
    unit: str
    min: float | None
    max: float | None
    yearly_min: float | None
    yearly_max: float | None


@strawberry.type(description="A job's place.")
class SearchLocation:
    locality: str
    country_code: str
    administrative_area: str | None


@strawberry.type(description="One result: the Job entity plus the teaser data the index keeps.")
class JobSearchHit:
    job: Job
    title: str
    slug: str
    organization_id: str
    organization_name: str
    organization_slug: str | None
    logo_url: str | None
    snippet: str
    locations: list[SearchLocation]
    salary: SearchSalary | None
    remote_options: list[str]
    employment_types: list[str]
    published_at: str | None
    featured: bool = strawberry.field(
        description="True when the hit is a featured job (a job whose publishing package carries "
        "a boost); featured jobs fill positions 0-6 of page 1 when they match the search."
    )
    distance_km: float | None = strawberry.field(
        description="Kilometres from the request's lat/lon to the job's nearest location; set "
        "only when the request had a geoLocation with lat/lon and the job has coordinates."
    )
    has_video: bool = strawberry.field(
        default=False,
        description="True when the job's page plays a video of the job (YouTube or Vimeo).",
    )


@strawberry.type(description="One facet value and how many results have it.")
class FacetValue:
    value: str
    label: str
    count: int


@strawberry.type(description="A facet's values with counts (other facets' filters applied).")
class SearchFacet:
    field: str
    values: list[FacetValue]


@strawberry.type(description="The search page's metadata.")
class SearchMetadata:
    metatags: list[Metatag]
    sorting: str
    page: int
    page_size: int
    radius: float | None = strawberry.field(
        description="The request's effective geo radius after defaults (null when no geo radius)."
    )
    unit: str | None = strawberry.field(
        description='The radius unit, "mi" or "km" (null when no geo radius).'
    )
    noindex: bool = strawberry.field(
        description="True when the page must not be indexed (empty result, or more than 2 facet "
        "values selected)."
    )


@strawberry.type(description="A page of job results.")
class JobSearchResults:
    hits: list[JobSearchHit]
    total: int
    facets: list[SearchFacet]
    metadata: SearchMetadata


JobSearchResult = Annotated[
    JobSearchResults | SearchErrors | SearchUnavailable, strawberry.union("JobSearchResult")
]


def facet_requests(data: list[SearchFacetInput]) -> list[FacetRequest]:
    return [FacetRequest(f.field, f.limit, f.operator, f.min_count, f.missing) for f in data]


def condition_groups(data: list[SearchConditionGroupInput]) -> list[ConditionGroup]:
    return [
        ConditionGroup(
            conditions=[Condition(c.field, c.value, c.operator) for c in g.conditions],
            conjunction=g.conjunction,
            tags=list(g.tags),
        )
        for g in data
    ]


def geo_location(geo: SearchGeoLocationInput | None, site: SiteGeo) -> GeoLocation | None:
    """The request's place, with the site's radius and unit where it names none."""
    if geo is None:
        return None
    return site.resolve(
        GeoLocation(
            label=geo.label,
            country=geo.country,
            administrative_area=geo.administrative_area,
            lat=geo.lat,
            lon=geo.lon,
            radius=geo.radius,
            unit=geo.unit or site.unit,
            location_type=geo.location_type,
        )
    )


def to_request(data: JobSearchInput, site: SiteGeo) -> SearchRequest:
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


def job_hit(source: dict[str, object], *, featured: bool, geo: GeoLocation | None) -> JobSearchHit:
    """A stored job document as a hit (also recommendedJobs')."""
    labels = source.get("term_labels") or {}
    assert isinstance(labels, dict)
    locations = source.get("locations") or []
    assert isinstance(locations, list)
    salary = None
    if source.get("salary_currency"):
        salary = SearchSalary(
            currency=str(source["salary_currency"]),
            unit=str(source.get("salary_unit") or "year"),
            min=source.get("salary_min"),  # type: ignore[arg-type]
            max=source.get("salary_max"),  # type: ignore[arg-type]
            yearly_min=source.get("salary_yearly_min"),  # type: ignore[arg-type]
            yearly_max=source.get("salary_yearly_max"),  # type: ignore[arg-type]
        )
    return JobSearchHit(
        job=Job(id=strawberry.ID(str(source["id"]))),
        title=str(source["title"]),
        slug=str(source["slug"]),
        organization_id=str(source["organization_id"]),
        organization_name=str(source["organization_name"]),
        organization_slug=source.get("organization_slug"),  # type: ignore[arg-type]
        logo_url=source.get("logo_url"),  # type: ignore[arg-type]
        snippet=str(source.get("snippet") or ""),
        locations=[
            SearchLocation(
                locality=loc["locality"],
                country_code=loc["country_code"],
                administrative_area=loc.get("administrative_area"),
            )
            for loc in locations
        ],
        salary=salary,
        remote_options=list(labels.get("remote_options", [])),
        employment_types=list(labels.get("employment_types", [])),
        published_at=source.get("published_at"),  # type: ignore[arg-type]
        featured=featured,
        has_video=bool(source.get("has_video")),
        distance_km=(
            nearest_km(source.get("location_points"), geo.lat, geo.lon)
            if geo is not None and geo.lat is not None and geo.lon is not None
            else None
        ),
    )


def facet_tids(kind: SearchKind, answer: SearchAnswer) -> set[int]:
    return {
        int(value.value)
        for facet in answer.facets
        if facet.field in kind.term_facets
        for value in facet.values
    }


async def load_terms(context: SearchContext, tids: set[int]) -> dict[int, TermLabels]:
    """The terms of a page's facets and hits: from the process's cache, else one statement."""
    if not tids:
        return {}
    return await TERM_LABELS.get(context.sessions, tids)


def facets_of(
    kind: SearchKind, answer: SearchAnswer, terms: dict[int, TermLabels], language: str
) -> list[SearchFacet]:
    facets = []
    for facet in answer.facets:
        values = []
        for value in facet.values:
            if facet.field in kind.term_facets:
                term = terms.get(int(value.value))
                label = label_in(term, language) if term else value.value
            else:
                label = value.label or value.value
            values.append(FacetValue(value=value.value, label=label, count=value.count))
        facets.append(SearchFacet(field=facet.field, values=values))
    return facets


def metadata(
    request: SearchRequest,
    answer: SearchAnswer,
    *,
    page: int,
    page_size: int,
    noun: str,
    site_name: str = DEFAULT_SITE_NAME,
) -> SearchMetadata:
    selected = sum(len(g.conditions) for g in request.condition_groups)
    title = f"{answer.total} {noun}"
    if request.fulltext:
        title = f"{answer.total} {noun} for “{request.fulltext[:60]}”"
    tags = [Metatag(meta="title", value=page_title(title, site_name))]
    noindex = answer.total == 0 or selected > MAX_CLEAN_FACETS
    if noindex:
        tags.append(Metatag(meta="robots", value="noindex, follow"))
    geo = request.geo_location
    radius_search = geo is not None and (geo.location_type or "locality") == "locality"
    return SearchMetadata(
        metatags=tags,
        sorting=answer.sorting,
        page=page,
        page_size=page_size,
        radius=geo.radius if geo is not None and radius_search else None,
        unit=geo.unit if geo is not None and radius_search else None,
        noindex=noindex,
    )


def search_errors(refused: domain_errors.SearchErrors) -> SearchErrors:
    errors = field_errors(refused, SearchError)
    return SearchErrors(message=errors_summary(len(errors)), errors=errors)


def unavailable(what: str, error: Exception) -> SearchUnavailable:
    # Never Elasticsearch's own text in the answer; the log has it.
    log.exception("%s failed: %s", what, error)
    return SearchUnavailable(message="Search is unavailable right now; please try again.")


def store_of(context: SearchContext) -> SearchStore:
    settings = context.settings
    assert isinstance(settings, SearchSettings)
    return store_for(settings.elasticsearch_url, settings.index_prefix)


def language_in(context: SearchContext, requested: str | None) -> str:
    return requested if requested else language_of(context.frontend.locale)


def site_settings_version() -> int:
    """An answer's title carries the site's name, which the process keeps (jobkit.site_settings)."""
    return SITE_SETTINGS.generation


def answers_of(context: SearchContext) -> AnswerCache:
    """The process's kept answers of the request's indices (ADR 0047)."""
    settings = context.settings
    assert isinstance(settings, SearchSettings)
    return answer_cache_for(settings.index_prefix, capacity=settings.answer_cache_size)


async def job_search(
    info: Info[SearchContext, None], data: JobSearchInput
) -> JobSearchResults | SearchErrors | SearchUnavailable:
    """The answer is the same for every caller of a site and language: kept until the index
    changes (results only; refusals and an unavailable index are asked again)."""
    context = info.context
    request = to_request(data, await site_geo(context.sessions, context.frontend.site))
    language = language_in(context, data.language)
    return await kept_search_answer(
        context,
        ("jobSearch", language, request),
        lambda: answer_job_search(context, request, language),
        JobSearchResults,
    )


async def kept_search_answer(
    context: SearchContext,
    asked: tuple[str, str, SearchRequest],
    compute: Callable[[], Awaitable[T]],
    results: type,
) -> T:
    """A search's answer (``asked``: the field, the language and the request): see
    :func:`kept_answer`."""
    field, language, request = asked
    return await kept_answer(context, (field, language, repr(request)), compute, results)


async def kept_answer(
    context: SearchContext,
    asked: tuple[Hashable, ...],
    compute: Callable[[], Awaitable[T]],
    results: type,
) -> T:
    """An answer the same for every caller of the site (``asked``: the field and its arguments,
    hashable): kept until the index changes when it is ``results``; a refusal or an unavailable
    index is asked again, and the response that carries it is not kept either."""

    async def make() -> tuple[T, bool]:
        answer = await compute()
        keep = isinstance(answer, results)
        if not keep:
            not_keepable()
        return answer, keep

    return await answers_of(context).answer(
        (asked[0], context.frontend.site, *asked[1:]),
        make,
        sessions=context.sessions,
        local=site_settings_version,
    )


async def answer_job_search(
    context: SearchContext, request: SearchRequest, language: str
) -> JobSearchResults | SearchErrors | SearchUnavailable:
    try:
        search, answer = await run_job_search(
            store_of(context), request, site=context.frontend.site
        )
    except domain_errors.SearchErrors as refused:
        return search_errors(refused)
    except (ApiError, TransportError) as error:
        return unavailable("job search", error)
    terms = await load_terms(context, facet_tids(search.kind, answer))
    geo = request.geo_location
    return JobSearchResults(
        hits=[
            job_hit(source, featured=str(source["id"]) in answer.featured, geo=geo)
            for source in answer.hits
        ],
        total=answer.total,
        facets=facets_of(search.kind, answer, terms, language),
        metadata=metadata(
            request,
            answer,
            page=search.offset // PAGE_SIZE + 1,
            page_size=PAGE_SIZE,
            noun="jobs",
            site_name=await site_name(context, site_settings, context.frontend.site),
        ),
    )
