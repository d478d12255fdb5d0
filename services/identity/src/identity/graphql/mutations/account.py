"""The signed-in user's own account: profile, email (re-verified), password, deletion."""

from __future__ import annotations

import uuid
from typing import Annotated

import strawberry
from strawberry.types import Info

from identity.domain import account
from identity.domain.errors import AccountErrors as DomainAccountErrors
from identity.graphql.context import IdentityContext
from identity.graphql.mail_budget import mail_budget
from identity.graphql.types import AccountErrors, User
from identity.settings import IdentitySettings


def _caller(info: Info[IdentityContext, None]) -> tuple[uuid.UUID, str, IdentitySettings]:
    principal = info.context.require_principal()
    settings = info.context.settings
    assert isinstance(settings, IdentitySettings)
    # the actor is the admin really acting while masquerading
    return uuid.UUID(principal.user_id), principal.actor_id or principal.user_id, settings


@strawberry.type
class AccountUpdated:
    user: User


AccountResult = Annotated[AccountUpdated | AccountErrors, strawberry.union("AccountResult")]


def _answer(result: object) -> AccountResult:
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    assert not isinstance(result, uuid.UUID)
    return AccountUpdated(user=User.from_model(result, disclosed_to_caller=True))  # type: ignore[arg-type]


@strawberry.input
class UpdateProfileInput:
    first_name: str | None = None
    last_name: str | None = None
    display_name: str | None = strawberry.field(
        default=None, description="The name others see; an empty text goes back to first last."
    )


async def update_profile(
    info: Info[IdentityContext, None], input: UpdateProfileInput
) -> AccountResult:
    user_id, actor, settings = _caller(info)
    return _answer(
        await account.update_profile(
            sessions=info.context.sessions,
            settings=settings,
            user_id=user_id,
            first_name=input.first_name,
            last_name=input.last_name,
            display_name=input.display_name,
            actor=actor,
        )
    )


@strawberry.input
class ChangeEmailInput:
    email: str
    current_password: str


async def change_email(info: Info[IdentityContext, None], input: ChangeEmailInput) -> AccountResult:
    user_id, actor, settings = _caller(info)
    return _answer(
        await account.request_email_change(
            sessions=info.context.sessions,
            settings=settings,
            user_id=user_id,
            new_email=input.email,
            current_password=input.current_password,
            actor=actor,
            mail_budget=mail_budget(info),
        )
    )


@strawberry.input
class ChangePasswordInput:
    current_password: str
    new_password: str


async def change_password(
    info: Info[IdentityContext, None], input: ChangePasswordInput
) -> AccountResult:
    user_id, actor, settings = _caller(info)
    return _answer(
        await account.change_password(
            sessions=info.context.sessions,
            settings=settings,
            user_id=user_id,
            current_password=input.current_password,
            new_password=input.new_password,
            actor=actor,
            current_session_id=info.context.require_principal().session_id,
        )
    )


@strawberry.type
class AccountDeleted:
    id: strawberry.ID


DeleteAccountResult = Annotated[
    AccountDeleted | AccountErrors, strawberry.union("DeleteAccountResult")
]


async def delete_account(
    info: Info[IdentityContext, None], current_password: str
) -> DeleteAccountResult:
    user_id, actor, settings = _caller(info)
    result = await account.delete_account(
        sessions=info.context.sessions,
        settings=settings,
        user_id=user_id,
        current_password=current_password,
        actor=actor,
    )
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    return AccountDeleted(id=strawberry.ID(str(result)))
