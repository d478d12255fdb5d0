from __future__ import annotations

from typing import Annotated

import strawberry
from jobkit.graphql import parse_uuid
from strawberry.types import Info

from identity.domain.errors import AccountError as DomainAccountError
from identity.domain.errors import AccountErrorCode as DomainCode
from identity.domain.errors import AccountErrors as DomainAccountErrors
from identity.domain.sessions import set_blocked
from identity.graphql.context import IdentityContext
from identity.graphql.types import AccountErrors, User
from identity.settings import IdentitySettings


@strawberry.input
class SetUserBlockedInput:
    user_id: strawberry.ID
    blocked: bool = strawberry.field(
        description="True blocks the account (it cannot sign in, its sessions end); false lifts it."
    )


@strawberry.type
class SetUserBlockedSuccess:
    user: User
    blocked: bool


SetUserBlockedResult = Annotated[
    SetUserBlockedSuccess | AccountErrors, strawberry.union("SetUserBlockedResult")
]


async def set_user_blocked(
    info: Info[IdentityContext, None], input: SetUserBlockedInput
) -> SetUserBlockedResult:
    principal = info.context.require_principal()
    settings = info.context.settings
    assert isinstance(settings, IdentitySettings)
    user_id = parse_uuid(input.user_id)
    result = (
        await set_blocked(
            sessions=info.context.sessions,
            settings=settings,
            user_id=user_id,
            blocked=input.blocked,
            actor=principal.actor_id or principal.user_id,
        )
        if user_id is not None
        else DomainAccountErrors(
            [DomainAccountError(DomainCode.NOT_FOUND, "No such user.", "userId")]
        )
    )
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    return SetUserBlockedSuccess(
        user=User.from_model(result), blocked=result.blocked_at is not None
    )
