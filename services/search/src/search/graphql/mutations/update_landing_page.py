"""updateLandingPage: admin-like users edit a landing page's title, intro and description."""

from __future__ import annotations

import uuid
from typing import Annotated

import strawberry
from jobkit.graphql import NotFound
from strawberry.types import Info

from search import errors as domain_errors
from search.graphql.context import SearchContext
from search.graphql.job_search import SearchErrors, search_errors
from search.graphql.types import LandingPage
from search.site.landing_pages import update_landing_page as update_page


@strawberry.input(description="A landing page's new texts.")
class UpdateLandingPageInput:
    id: strawberry.ID
    title: str
    intro: str = strawberry.field(
        default="", description="HTML; sanitized to the filtered format when saved."
    )
    description: str = strawberry.field(
        default="", description="Plain text (tags are dropped), at most 320 characters."
    )


@strawberry.type(description="The landing page as saved.")
class LandingPageSaved:
    landing_page: LandingPage


UpdateLandingPageResult = Annotated[
    LandingPageSaved | SearchErrors | NotFound, strawberry.union("UpdateLandingPageResult")
]


def _not_found() -> NotFound:
    return NotFound(message="There is no such landing page.", field="id")


async def update_landing_page(
    info: Info[SearchContext, None], input: UpdateLandingPageInput
) -> UpdateLandingPageResult:
    try:
        page_id = uuid.UUID(str(input.id))
    except ValueError:
        return _not_found()
    try:
        row = await update_page(
            sessions=info.context.sessions,
            page_id=page_id,
            title=input.title,
            intro=input.intro,
            description=input.description,
        )
    except domain_errors.SearchErrors as refused:
        return search_errors(refused)
    if row is None:
        return _not_found()
    return LandingPageSaved(landing_page=LandingPage.from_row(row))
