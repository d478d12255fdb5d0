"""organizationSearch's GraphQL surface: jobSearch's request shape (no geo, range or sorts) in,
hits as OrganizationProfile references with teaser data and open job counts out."""

from __future__ import annotations

from typing import Annotated, Any

import strawberry
from elasticsearch import ApiError, TransportError
from jobkit.graphql import site_name
from jobkit.input_conversion import converted_once
from strawberry.types import Info

from search import errors as domain_errors
from search.db import site_settings
from search.engine.organization_search import ORGANIZATION_PAGE_SIZE, run_organization_search
from search.engine.request import SearchRequest
from search.graphql.context import SearchContext
from search.graphql.job_search import (
    SearchConditionGroupInput,
    SearchErrors,
    SearchFacet,
    SearchFacetInput,
    SearchFulltextInput,
    SearchMetadata,
    SearchUnavailable,
    condition_groups,
    facet_requests,
    facet_tids,
    facets_of,
    kept_search_answer,
    language_in,
    load_terms,
    metadata,
    search_errors,
    store_of,
    unavailable,
)
from search.graphql.types import OrganizationProfile
from search.taxonomy.vocabulary import TermLabels, label_in


@converted_once  # ADR 0065, as JobSearchInput
@strawberry.input(
    description="The organization search request: 12 a page; facets occupations, industry, "
    "fieldsOfStudy (OR within, AND across, counts ignore their own selection)."
)
class OrganizationSearchInput:
    language: str | None = None
    facets: list[SearchFacetInput] = strawberry.field(default_factory=list)
    condition_groups: list[SearchConditionGroupInput] = strawberry.field(default_factory=list)
    fulltext: SearchFulltextInput | None = None
    page: int = 1


@strawberry.type(description="One organization result: the profile entity plus teaser data.")
class OrganizationSearchHit:
    organization: OrganizationProfile
    name: str
    slug: str
    logo_url: str | None
    snippet: str
    industry: str | None = strawberry.field(description="The industry's label.")
    occupations: list[str] = strawberry.field(description="The occupational fields' labels.")
    countries: list[str] = strawberry.field(description="ISO 3166-1 alpha-2 codes.")
    open_jobs: int = strawberry.field(
        description="Number of findable jobs of this organization (from the jobs index)."
    )
    featured: bool = strawberry.field(
        description="Featured organizations fill positions 0-4 of page 1."
    )


@strawberry.type(description="A page of organization results.")
class OrganizationSearchResults:
    hits: list[OrganizationSearchHit]
    total: int
    facets: list[SearchFacet]
    metadata: SearchMetadata


OrganizationSearchResult = Annotated[
    OrganizationSearchResults | SearchErrors | SearchUnavailable,
    strawberry.union("OrganizationSearchResult"),
]


def to_request(data: OrganizationSearchInput) -> SearchRequest:
    return SearchRequest(
        language=data.language or "en",
        facets=facet_requests(data.facets),
        condition_groups=condition_groups(data.condition_groups),
        fulltext=data.fulltext.keys if data.fulltext else None,
        page=data.page,
    )


def _labels(tids: list[Any], terms: dict[int, TermLabels], language: str) -> list[str]:
    return [label_in(terms[tid], language) for tid in tids if tid in terms]


def _hit(
    source: dict[str, Any],
    *,
    terms: dict[int, TermLabels],
    language: str,
    open_jobs: int,
    featured: bool,
) -> OrganizationSearchHit:
    industry = _labels([source.get("industry_tid")], terms, language)
    return OrganizationSearchHit(
        organization=OrganizationProfile(id=strawberry.ID(str(source["id"]))),
        name=str(source["name"]),
        slug=str(source["slug"]),
        logo_url=source.get("logo_url"),
        snippet=str(source.get("snippet") or ""),
        industry=industry[0] if industry else None,
        occupations=_labels(list(source.get("occupation_tids") or []), terms, language),
        countries=list(source.get("countries") or []),
        open_jobs=open_jobs,
        featured=featured,
    )


async def organization_search(
    info: Info[SearchContext, None], data: OrganizationSearchInput
) -> OrganizationSearchResults | SearchErrors | SearchUnavailable:
    """Kept like jobSearch's answers (the same for every caller of a site and language)."""
    context = info.context
    request = to_request(data)
    language = language_in(context, data.language)
    return await kept_search_answer(
        context,
        ("organizationSearch", language, request),
        lambda: answer_organization_search(context, request, language),
        OrganizationSearchResults,
    )


async def answer_organization_search(
    context: SearchContext, request: SearchRequest, language: str
) -> OrganizationSearchResults | SearchErrors | SearchUnavailable:
    try:
        search, answer, counts = await run_organization_search(
            store_of(context), request, site=context.frontend.site
        )
    except domain_errors.SearchErrors as refused:
        return search_errors(refused)
    except (ApiError, TransportError) as error:
        return unavailable("organization search", error)
    hit_tids = {
        tid
        for source in answer.hits
        for tid in [source.get("industry_tid"), *(source.get("occupation_tids") or [])]
        if isinstance(tid, int)
    }
    terms = await load_terms(context, facet_tids(search.kind, answer) | hit_tids)
    return OrganizationSearchResults(
        hits=[
            _hit(
                source,
                terms=terms,
                language=language,
                open_jobs=counts.get(str(source["organization_id"]), 0),
                featured=str(source["id"]) in answer.featured,
            )
            for source in answer.hits
        ],
        total=answer.total,
        facets=facets_of(search.kind, answer, terms, language),
        metadata=metadata(
            request,
            answer,
            page=search.offset // ORGANIZATION_PAGE_SIZE + 1,
            page_size=ORGANIZATION_PAGE_SIZE,
            noun="organizations",
            site_name=await site_name(context, site_settings, context.frontend.site),
        ),
    )
