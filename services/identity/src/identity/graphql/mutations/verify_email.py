from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from identity.domain.errors import AccountErrors as DomainAccountErrors
from identity.domain.tokens import SigningKey
from identity.domain.verification import verify_email as confirm_email
from identity.graphql.context import IdentityContext
from identity.graphql.types import AccountErrors, User
from identity.settings import IdentitySettings


@strawberry.type
class VerifyEmailSuccess:
    user: User


VerifyEmailResult = Annotated[
    VerifyEmailSuccess | AccountErrors, strawberry.union("VerifyEmailResult")
]


async def verify_email(info: Info[IdentityContext, None], token: str) -> VerifyEmailResult:
    settings = info.context.settings
    assert isinstance(settings, IdentitySettings)
    request = info.context.request
    assert request is not None
    key: SigningKey = request.app.state.signing_key
    result = await confirm_email(
        sessions=info.context.sessions, settings=settings, key=key, token=token
    )
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    # the link's holder proved they own the address: show them their account
    return VerifyEmailSuccess(user=User.from_model(result, disclosed_to_caller=True))
