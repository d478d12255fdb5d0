from __future__ import annotations

from typing import Annotated

import strawberry
from jobkit.graphql import parse_uuid
from strawberry.types import Info

from identity.domain.errors import AccountError as DomainAccountError
from identity.domain.errors import AccountErrorCode as DomainCode
from identity.domain.errors import AccountErrors as DomainAccountErrors
from identity.domain.service import change_roles
from identity.graphql.context import IdentityContext
from identity.graphql.types import AccountErrors, User
from identity.settings import IdentitySettings


@strawberry.input
class ChangeUserRolesInput:
    user_id: strawberry.ID
    roles: list[str]


@strawberry.type
class ChangeUserRolesSuccess:
    user: User


ChangeUserRolesResult = Annotated[
    ChangeUserRolesSuccess | AccountErrors, strawberry.union("ChangeUserRolesResult")
]


async def change_user_roles(
    info: Info[IdentityContext, None], input: ChangeUserRolesInput
) -> ChangeUserRolesResult:
    user_id = parse_uuid(input.user_id)
    principal = info.context.require_principal()
    settings = info.context.settings
    assert isinstance(settings, IdentitySettings)
    result = (
        await change_roles(
            sessions=info.context.sessions,
            settings=settings,
            user_id=user_id,
            roles=input.roles,
            actor=principal.user_id,
        )
        if user_id is not None
        else DomainAccountErrors(
            [DomainAccountError(DomainCode.NOT_FOUND, "No such user.", "user_id")]
        )
    )
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    return ChangeUserRolesSuccess(user=User.from_model(result))
