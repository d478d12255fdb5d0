from __future__ import annotations

import strawberry
from strawberry.types import Info

from identity.domain.models import User as UserModel
from identity.graphql.context import IdentityContext


@strawberry.type(description="A role held by a user; target_id is the role's machine name.")
class Role:
    target_id: str = strawberry.field(name="targetId")


@strawberry.federation.type(keys=["id"], description="A person with an account on the site.")
class User:
    id: strawberry.ID
    name: str
    email: str
    display_name: str
    first_name: str
    last_name: str
    roles: list[Role]
    email_verified: bool

    @classmethod
    def from_model(cls, user: UserModel) -> User:
        return cls(
            id=strawberry.ID(str(user.id)),
            name=user.display_name,
            email=user.email,
            display_name=user.display_name,
            first_name=user.first_name,
            last_name=user.last_name,
            roles=[Role(target_id=role) for role in user.roles],
            email_verified=user.email_verified,
        )

    @classmethod
    async def resolve_reference(
        cls, info: Info[IdentityContext, None], id: strawberry.ID
    ) -> User | None:
        user = await info.context.load(UserModel, id)
        return cls.from_model(user) if user is not None else None
