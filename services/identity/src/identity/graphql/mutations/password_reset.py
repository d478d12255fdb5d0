from __future__ import annotations

from typing import Annotated

import strawberry
from graphql import GraphQLError
from strawberry.types import Info

from identity.domain.errors import AccountErrors as DomainAccountErrors
from identity.domain.password_reset import REQUESTED
from identity.domain.password_reset import request_password_reset as ask_for_reset
from identity.domain.password_reset import reset_password as choose_password
from identity.domain.tokens import SigningKey
from identity.graphql.context import IdentityContext
from identity.graphql.mail_budget import mail_budget
from identity.graphql.types import AccountErrors, User
from identity.settings import IdentitySettings


@strawberry.type(description="The same answer whether an account exists for the address or not.")
class PasswordResetRequested:
    message: str


async def request_password_reset(
    info: Info[IdentityContext, None], email: str
) -> PasswordResetRequested:
    settings = info.context.settings
    assert isinstance(settings, IdentitySettings)
    # Over the address's or the client's mail budget, nothing is mailed and the answer is the
    # very same (ADR 0024): it never tells whether an account, or a mail, was there.
    if not await mail_budget(info)(email):
        return PasswordResetRequested(message=REQUESTED)
    message = await ask_for_reset(sessions=info.context.sessions, settings=settings, email=email)
    return PasswordResetRequested(message=message)


@strawberry.input
class ResetPasswordInput:
    token: str
    password: str


@strawberry.type
class ResetPasswordSuccess:
    user: User


ResetPasswordResult = Annotated[
    ResetPasswordSuccess | AccountErrors, strawberry.union("ResetPasswordResult")
]


async def reset_password(
    info: Info[IdentityContext, None], input: ResetPasswordInput
) -> ResetPasswordResult:
    settings = info.context.settings
    assert isinstance(settings, IdentitySettings)
    request = info.context.request
    assert request is not None
    key: SigningKey = request.app.state.signing_key
    result = await choose_password(
        sessions=info.context.sessions,
        settings=settings,
        key=key,
        token=input.token,
        password=input.password,
        current_session_id=_own_session(info),
    )
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    return ResetPasswordSuccess(user=User.from_model(result, disclosed_to_caller=True))


def _own_session(info: Info[IdentityContext, None]) -> str | None:
    """The caller's session, kept when they reset the password of the account they are in
    (a reset is usually made signed out: then every session ends)."""
    try:
        principal = info.context.principal
    except GraphQLError:
        return None
    return principal.session_id if principal is not None else None
