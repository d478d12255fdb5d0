"""setLegalHold / liftLegalHold: an administrator keeps a person's data from erasure while the
law requires it, and lets the erasure go on afterwards (ADR 0036)."""

from __future__ import annotations

from typing import Annotated

import strawberry
from jobkit.graphql import parse_uuid
from strawberry.types import Info

from identity.domain import legal_hold
from identity.domain.errors import AccountError as DomainAccountError
from identity.domain.errors import AccountErrorCode as DomainCode
from identity.domain.errors import AccountErrors as DomainAccountErrors
from identity.domain.models import User as UserModel
from identity.graphql.context import IdentityContext
from identity.graphql.types import AccountErrors
from identity.settings import IdentitySettings


@strawberry.type(description="The account's legal hold now: its reason, or none.")
class LegalHoldChanged:
    user_id: strawberry.ID
    reason: str | None


LegalHoldResult = Annotated[LegalHoldChanged | AccountErrors, strawberry.union("LegalHoldResult")]


def _no_such_user() -> DomainAccountErrors:
    return DomainAccountErrors(
        [DomainAccountError(DomainCode.NOT_FOUND, "No such user.", "userId")]
    )


async def set_legal_hold(
    info: Info[IdentityContext, None], user_id: strawberry.ID, reason: str
) -> LegalHoldResult:
    principal = info.context.require_principal()
    target = parse_uuid(user_id)
    result: UserModel | DomainAccountErrors = (
        await legal_hold.set_legal_hold(
            info.context.sessions,
            user_id=target,
            reason=reason,
            actor=principal.actor_id or principal.user_id,
        )
        if target is not None
        else _no_such_user()
    )
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    return LegalHoldChanged(user_id=strawberry.ID(str(result.id)), reason=result.legal_hold_reason)


async def lift_legal_hold(
    info: Info[IdentityContext, None], user_id: strawberry.ID
) -> LegalHoldResult:
    principal = info.context.require_principal()
    settings = info.context.settings
    assert isinstance(settings, IdentitySettings)
    target = parse_uuid(user_id)
    result = (
        await legal_hold.lift_legal_hold(
            info.context.sessions,
            settings,
            user_id=target,
            actor=principal.actor_id or principal.user_id,
        )
        if target is not None
        else _no_such_user()
    )
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    return LegalHoldChanged(user_id=strawberry.ID(str(result)), reason=None)
