from __future__ import annotations

import strawberry
from strawberry.types import Info

from organizations.domain.models import OrganizationProfile as ProfileModel
from organizations.graphql.context import OrganizationContext
from organizations.graphql.dataloaders import profile_by_id


@strawberry.federation.type(
    keys=["id"],
    description="An organization's public profile; its form groups arrive with the profile issues.",
)
class OrganizationProfile:
    id: strawberry.ID
    name: str

    @classmethod
    def from_model(cls, row: ProfileModel) -> OrganizationProfile:
        return cls(id=strawberry.ID(str(row.id)), name=row.name)

    @classmethod
    async def resolve_reference(
        cls, info: Info[OrganizationContext, None], id: strawberry.ID
    ) -> OrganizationProfile | None:
        row = await profile_by_id(info.context, id)
        return cls.from_model(row) if row is not None else None
