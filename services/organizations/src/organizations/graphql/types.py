from __future__ import annotations

import strawberry
from strawberry.types import Info

from organizations.domain.errors import OrganizationsErrorCode
from organizations.domain.models import OrganizationProfile as OrganizationProfileModel
from organizations.graphql.context import OrganizationsContext
from organizations.graphql.dataloaders import load_profile

strawberry.enum(OrganizationsErrorCode, description="Why an organizations operation refused.")


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
        cls, info: Info[OrganizationsContext, None], id: strawberry.ID
    ) -> OrganizationProfile | None:
        row = await load_profile(info.context, id)
        return cls.from_model(row) if row is not None else None
