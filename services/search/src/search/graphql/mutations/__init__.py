"""The Mutation type: one mutation per module, their permissions declared here."""

from __future__ import annotations

import strawberry
from jobkit.permissions import AdminLike

from search.graphql.mutations import update_landing_page as landing_page


@strawberry.type
class Mutation:
    update_landing_page: landing_page.UpdateLandingPageResult = strawberry.mutation(
        resolver=landing_page.update_landing_page,
        description="New title, intro and meta description for a landing page (admin-like "
        "users only).",
        permission_classes=[AdminLike],
    )
