from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from identity.domain.errors import AccountErrors as DomainAccountErrors
from identity.domain.service import SignupRole
from identity.domain.service import sign_up as sign_up_visitor
from identity.graphql.context import IdentityContext
from identity.graphql.mail_budget import mail_budget
from identity.graphql.types import AccountErrors, SignUpRole
from identity.settings import IdentitySettings


@strawberry.input
class SignUpInput:
    email: str
    password: str
    first_name: str
    last_name: str
    role: SignUpRole = SignupRole.APPLICANT  # type: ignore[valid-type]
    captcha_token: str | None = strawberry.field(
        default=None, description="The captcha widget's answer, when the site asks for one."
    )
    accepted_consent_info_ids: list[strawberry.ID] = strawberry.field(
        default_factory=list,
        description=(
            "The REGISTRATION consent infos the visitor ticked (getGdprConsentInfos); every "
            "opt-in one is required."
        ),
    )


@strawberry.type(
    description=(
        "The sign-up was received: a mail is on its way to the address. The same answer whether "
        "or not the address already has an account (its owner is told by mail then), so it never "
        "reveals which addresses have one."
    )
)
class SignUpSuccess:
    email: str = strawberry.field(description="The address the mail goes to (normalized).")


SignUpResult = Annotated[SignUpSuccess | AccountErrors, strawberry.union("SignUpResult")]


async def sign_up(info: Info[IdentityContext, None], input: SignUpInput) -> SignUpResult:
    settings = info.context.settings
    assert isinstance(settings, IdentitySettings)
    result = await sign_up_visitor(
        sessions=info.context.sessions,
        settings=settings,
        site=info.context.frontend.site,
        email=input.email,
        password=input.password,
        first_name=input.first_name,
        last_name=input.last_name,
        role=SignupRole(input.role),
        captcha_token=input.captcha_token,
        remote_ip=info.context.client_ip,
        mail_budget=mail_budget(info),
        accepted_consent_info_ids=[str(value) for value in input.accepted_consent_info_ids],
    )
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    return SignUpSuccess(email=result.email)
