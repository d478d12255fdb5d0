from __future__ import annotations

import strawberry
from strawberry.types import Info

from identity.domain.models import User as UserModel
from identity.graphql.context import IdentityContext
from identity.graphql.types import User


@strawberry.type
class Query:
    @strawberry.field(description="The signed-in user, or null for visitors.")
    async def current_user(self, info: Info[IdentityContext, None]) -> User | None:
        principal = info.context.principal
        if principal is None:
            return None
        user = await info.context.load(UserModel, principal.user_id)
        return User.from_model(user) if user is not None else None
