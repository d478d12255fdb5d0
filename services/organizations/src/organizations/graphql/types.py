from __future__ import annotations

import strawberry
from jobkit.permissions import SelfOrAdminLike
from strawberry.permission import PermissionExtension
from strawberry.types import Info

from organizations.domain.models import OrganizationProfile as ProfileModel
from organizations.graphql.context import OrganizationContext
from organizations.graphql.dataloaders import organization_of, profile_by_id


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


@strawberry.federation.type(
    keys=["id"], description="An organization: the employer behind a profile and its jobs."
)
class Organization:
    id: strawberry.ID
    name: str
    owner_id: strawberry.ID

    @classmethod
    def from_model(cls, row: ProfileModel) -> Organization:
        return cls(
            id=strawberry.ID(str(row.id)),
            name=row.name,
            owner_id=strawberry.ID(str(row.owner_id)),
        )

    @classmethod
    async def resolve_reference(
        cls, info: Info[OrganizationContext, None], id: strawberry.ID
    ) -> Organization | None:
        row = await profile_by_id(info.context, id)
        return cls.from_model(row) if row is not None else None


@strawberry.federation.type(keys=["id"], description="A person with an account on the site.")
class User:
    id: strawberry.ID

    @strawberry.field(
        description="The organization the user runs (owner); only for the user and admins.",
        extensions=[PermissionExtension([SelfOrAdminLike()], fail_silently=True)],
    )
    async def organization(self, info: Info[OrganizationContext, None]) -> Organization | None:
        row = await organization_of(info.context, self.id)
        return Organization.from_model(row) if row is not None else None

    @strawberry.field(
        description="The organization the user currently works for; only for the user and admins.",
        extensions=[PermissionExtension([SelfOrAdminLike()], fail_silently=True)],
    )
    async def active_organization(
        self, info: Info[OrganizationContext, None]
    ) -> Organization | None:
        row = await organization_of(info.context, self.id)
        return Organization.from_model(row) if row is not None else None

    @classmethod
    def resolve_reference(cls, id: strawberry.ID) -> User:
        return cls(id=id)
