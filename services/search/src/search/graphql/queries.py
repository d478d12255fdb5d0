from __future__ import annotations

import strawberry
from jobkit.permissions import RecruiterScope
from strawberry.types import Info

from search.engine.places import suggest
from search.graphql.alerts import AlertQueries
from search.graphql.context import SearchContext
from search.graphql.dataloaders import remember_terms
from search.graphql.job_search import JobSearchInput, JobSearchResult, job_search
from search.graphql.organization_search import (
    OrganizationSearchInput,
    OrganizationSearchResult,
    organization_search,
)
from search.graphql.recommendations import RecommendationQueries
from search.graphql.resume_alerts import ResumeAlertQueries
from search.graphql.resume_search import ResumeSearchInput, ResumeSearchResult, resume_search
from search.graphql.types import (
    ROUTE_REFERENCES,
    ContentResponse,
    ErrorResponse,
    LandingPage,
    LocationSuggestion,
    RedirectResponse,
    RouteResponse,
    Term,
)
from search.site.routes import LANDING_PAGE
from search.site.service import find_route
from search.taxonomy.vocabulary import find_terms, language_of, terms_by_alias, vocabulary_names


@strawberry.type
class Query(RecommendationQueries, AlertQueries, ResumeAlertQueries):
    @strawberry.field(
        name="jobSearch",
        description="Published, unexpired jobs matching the search request (spec 3): hits as "
        "Job references with teaser data, total, facet counts, metadata. 10 a page.",
    )
    async def job_search(
        self, info: Info[SearchContext, None], input: JobSearchInput
    ) -> JobSearchResult:
        return await job_search(info, input)

    @strawberry.field(
        name="organizationSearch",
        description="Published organization profiles matching the request: hits as "
        "OrganizationProfile references with teaser data and open job counts, total, facet "
        "counts (occupations, industry, fieldsOfStudy), metadata. 12 a page; featured first.",
    )
    async def organization_search(
        self, info: Info[SearchContext, None], input: OrganizationSearchInput
    ) -> OrganizationSearchResult:
        return await organization_search(info, input)

    @strawberry.field(
        name="resumeSearch",
        description="Findable, complete resumes matching the request, for recruiters and "
        "administrators: hits with public fields only (never a name, phone, birthday, home "
        "address or email), total, facet counts, metadata. 10 a page. ResumeSearchOff when the "
        "site's resume feature is off.",
        permission_classes=[RecruiterScope],
    )
    async def resume_search(
        self, info: Info[SearchContext, None], input: ResumeSearchInput
    ) -> ResumeSearchResult:
        return await resume_search(info, input)

    @strawberry.field(
        description="Places whose name starts with `text` (accent and case insensitive), "
        "biggest cities first; countries and states before cities with equal prefix match. "
        "1 <= len(text) <= 100; at most `limit` (1..20) answers. Empty list for no match, "
        "never an error."
    )
    async def location_suggestions(
        self, text: str, limit: int = 10, language: str | None = None
    ) -> list[LocationSuggestion]:
        return [LocationSuggestion.from_place(place) for place in await suggest(text, limit)]

    @strawberry.field(description="What a public path shows: content, a redirect or an error.")
    async def route(
        self, info: Info[SearchContext, None], slug: str, language: str | None = None
    ) -> RouteResponse:
        async with info.context.sessions() as session:
            route = await find_route(session, slug=slug, language=language or "en")
        if route is None:
            return ErrorResponse(code=404, reason="Not found")
        if route.gone:  # deleted content (ADR 0025), like an expired job's page
            return ErrorResponse(code=410, reason="Gone")
        if route.redirect_target is not None:
            return RedirectResponse(code=route.redirect_code or 301, target=route.redirect_target)
        if route.content_type == LANDING_PAGE:
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

    @strawberry.field(
        description="A vocabulary's terms in order; `search` matches part of the label in any "
        "case (for autocomplete), labels starting with it first. At most 500 a page."
    )
    async def terms(
        self,
        info: Info[SearchContext, None],
        vocabulary: str,
        search: str | None = None,
        parent_tid: int | None = None,
        limit: int | None = 100,
        offset: int | None = 0,
    ) -> list[Term]:
        language = language_of(info.context.frontend.locale)
        async with info.context.sessions() as session:
            rows = await find_terms(
                session,
                vocabulary=vocabulary,
                language=language,
                search=search,
                parent_tid=parent_tid,
                limit=100 if limit is None else limit,
                offset=offset or 0,
            )
        remember_terms(info.context, rows)
        return [Term.from_row(row, language) for row in rows]

    @strawberry.field(
        description="Terms whose path alias (in `language`, else English) is one of `aliases`, "
        "in the order asked; unknown aliases are left out. Used by /jobs/{alias}[/{alias}] to "
        "select facet values (a term's vocabulary names its facet: occupational_fields -> "
        "occupations, industries -> industry, employment_types -> employmentType, "
        "years_of_experience -> yearsOfExperience, remote_options -> remoteOptions)."
    )
    async def terms_by_alias(
        self, info: Info[SearchContext, None], aliases: list[str], language: str | None = None
    ) -> list[Term]:
        language = language or language_of(info.context.frontend.locale)
        async with info.context.sessions() as session:
            rows = await terms_by_alias(session, aliases, language)
        remember_terms(info.context, rows)
        return [Term.from_row(row, language) for row in rows]

    @strawberry.field(description="A term by id, or null.")
    async def term(self, info: Info[SearchContext, None], tid: int) -> Term | None:
        return await Term.resolve_reference(info, tid)

    @strawberry.field(description="The names of the vocabularies that have terms.")
    async def vocabularies(self, info: Info[SearchContext, None]) -> list[str]:
        async with info.context.sessions() as session:
            return await vocabulary_names(session)
