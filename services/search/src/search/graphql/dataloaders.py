"""Batched loads for search's resolvers: one query per request per kind."""

from search.domain.models import LandingPage as LandingPageModel
from search.graphql.context import SearchContext


async def landing_page_by_id(context: SearchContext, id: object) -> LandingPageModel | None:
    return await context.load(LandingPageModel, id)
