"""eraseUser: an administrator deletes an account on the person's request (ADR 0036)."""

from __future__ import annotations

import strawberry
from jobkit.graphql import parse_uuid
from strawberry.types import Info

from identity.domain import account
from identity.domain.errors import AccountError as DomainAccountError
from identity.domain.errors import AccountErrorCode as DomainCode
from identity.domain.errors import AccountErrors as DomainAccountErrors
from identity.graphql.context import IdentityContext
from identity.graphql.mutations.account import AccountDeleted, DeleteAccountResult
from identity.graphql.types import AccountErrors
from identity.settings import IdentitySettings


async def erase_user(
    info: Info[IdentityContext, None], user_id: strawberry.ID
) -> DeleteAccountResult:
    principal = info.context.require_principal()
    settings = info.context.settings
    assert isinstance(settings, IdentitySettings)
    target = parse_uuid(user_id)
    result = (
        await account.erase_user(
            sessions=info.context.sessions,
            settings=settings,
            user_id=target,
            actor=principal.actor_id or principal.user_id,
        )
        if target is not None
        else DomainAccountErrors(
            [DomainAccountError(DomainCode.NOT_FOUND, "No such user.", "userId")]
        )
    )
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    return AccountDeleted(id=strawberry.ID(str(result)))
