from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from identity.domain.errors import AccountErrors as DomainAccountErrors
from identity.domain.service import SignupRole, register_user
from identity.graphql.context import IdentityContext
from identity.graphql.types import AccountErrors, SignUpRole, User


@strawberry.input
class SignUpInput:
    email: str
    password: str
    first_name: str
    last_name: str
    role: SignUpRole = SignupRole.APPLICANT  # type: ignore[valid-type]


@strawberry.type
class SignUpSuccess:
    user: User


SignUpResult = Annotated[SignUpSuccess | AccountErrors, strawberry.union("SignUpResult")]


async def sign_up(info: Info[IdentityContext, None], input: SignUpInput) -> SignUpResult:
    result = await register_user(
        sessions=info.context.sessions,
        settings=info.context.settings,
        email=input.email,
        password=input.password,
        first_name=input.first_name,
        last_name=input.last_name,
        role=SignupRole(input.role),
    )
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    return SignUpSuccess(user=User.from_model(result, disclosed_to_caller=True))
