"""Batched loads for search's resolvers: one query per request per kind."""

from jobkit.graphql import parse_uuid

from search.domain.models import LandingPage as LandingPageModel
from search.graphql.context import SearchContext


async def landing_page_by_id(context: SearchContext, id: object) -> LandingPageModel | None:
    if parse_uuid(id) is None:
        return None
    row: LandingPageModel | None = await context.load(LandingPageModel, id)
    return row
