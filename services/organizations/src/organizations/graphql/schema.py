from __future__ import annotations

import strawberry
from jobkit.graphql import ServiceContext
from jobkit.schema import build_schema
from strawberry.types import Info

from organizations.domain.models import OrganizationProfile as OrganizationProfileModel


@strawberry.federation.type(
    keys=["id"],
    description="An organization's public profile; its form groups arrive with the profile issues.",
)
class OrganizationProfile:
    id: strawberry.ID
    name: str

    @classmethod
    def from_model(cls, row: OrganizationProfileModel) -> OrganizationProfile:
        return cls(id=strawberry.ID(str(row.id)), name=row.name)

    @classmethod
    async def resolve_reference(
        cls, info: Info[ServiceContext, None], id: strawberry.ID
    ) -> OrganizationProfile | None:
        row = await info.context.load(OrganizationProfileModel, id)
        return cls.from_model(row) if row is not None else None


@strawberry.type
class Query:
    @strawberry.field(description="One organization profile by id.")
    async def organization_profile(
        self, info: Info[ServiceContext, None], id: strawberry.ID
    ) -> OrganizationProfile | None:
        return await OrganizationProfile.resolve_reference(info, id)


schema = build_schema(query=Query)
