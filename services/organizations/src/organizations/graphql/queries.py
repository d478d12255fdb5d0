"""Organizations' queries: resolvers here, bound to ``Query`` with their descriptions and rules."""

from __future__ import annotations

import strawberry
from strawberry.types import Info

from organizations.graphql.context import OrganizationsContext
from organizations.graphql.types import OrganizationProfile


async def organization_profile(
    info: Info[OrganizationsContext, None], id: strawberry.ID
) -> OrganizationProfile | None:
    return await OrganizationProfile.resolve_reference(info, id)


@strawberry.type
class Query:
    organization_profile: OrganizationProfile | None = strawberry.field(
        resolver=organization_profile, description="One organization profile by id."
    )
