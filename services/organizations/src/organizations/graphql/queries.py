from __future__ import annotations

import strawberry
from strawberry.types import Info

from organizations.graphql.context import OrganizationContext
from organizations.graphql.types import OrganizationProfile


@strawberry.type
class Query:
    @strawberry.field(description="One organization profile by id.")
    async def organization_profile(
        self, info: Info[OrganizationContext, None], id: strawberry.ID
    ) -> OrganizationProfile | None:
        return await OrganizationProfile.resolve_reference(info, id)
