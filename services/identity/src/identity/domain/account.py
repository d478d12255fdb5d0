"""What a signed-in user changes about their own account: profile, email (re-verified), password,
and deleting it. Each use case opens one unit of work and writes its event with the state.

Changing the email does not change it yet: the new address gets a confirmation link
(``identity.user.email_change_requested`` -> the mailer) and becomes the account's address only
when the link is opened (``verifyEmail``), so nobody can move an account to an address they do not
control. Changing the email, the password and deleting the account ask for the current password.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Annotated, Any

import jwt
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from jobkit.mail import compose
from jobkit.outbox import enqueue
from jobkit.ratelimit import forget_person
from pydantic import BaseModel, EmailStr, Field, StringConstraints, ValidationError
from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.db import outbox, rate_limit_hits
from identity.domain.erasure import open_erasure
from identity.domain.errors import (
    EMAIL_TAKEN,
    LINK_EXPIRED,
    LINK_INVALID,
    LINK_USED,
    PASSWORD_TOO_SIMILAR,
    WRONG_PASSWORD,
    AccountError,
    AccountErrorCode,
    AccountErrors,
)
from identity.domain.events import (
    EmailChanged,
    EmailChangeRequested,
    PasswordChanged,
    UserUpdated,
)
from identity.domain.export import forget_exports
from identity.domain.models import LoginThrottle, User, UserConsentMark
from identity.domain.passwords import hash_password_off_loop, verify_password_off_loop
from identity.domain.service import PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH
from identity.domain.sessions import outdate_tokens, revoke_sessions
from identity.domain.taken_email import MailBudget, notify_owner, owner_of
from identity.domain.throttle import account_key
from identity.domain.tokens import LinkRequest, SigningKey, link_claims
from identity.settings import IdentitySettings

CHANGE_EMAIL_PURPOSE = "change-email"
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
OptionalName = Annotated[str, StringConstraints(strip_whitespace=True, max_length=100)]


class ProfileChange(BaseModel):
    first_name: Name | None = None
    last_name: Name | None = None
    # "" clears a chosen display name (back to "first last").
    display_name: OptionalName | None = None


def _not_found() -> AccountErrors:
    return AccountErrors([AccountError(AccountErrorCode.NOT_FOUND, "No such user.", None)])


def _wrong_password() -> AccountErrors:
    return AccountErrors(
        [AccountError(AccountErrorCode.WRONG_PASSWORD, WRONG_PASSWORD, "currentPassword")]
    )


async def _event(
    session: AsyncSession, settings: IdentitySettings, payload: Any, user: User, actor: str | None
) -> None:
    event = payload.envelope(aggregate_id=str(user.id), site=settings.site, actor=actor)
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)


async def update_profile(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    user_id: uuid.UUID,
    first_name: str | None,
    last_name: str | None,
    display_name: str | None,
    actor: str | None,
) -> User | AccountErrors:
    try:
        change = ProfileChange(
            first_name=first_name, last_name=last_name, display_name=display_name
        )
    except ValidationError as error:
        return AccountErrors(errors_from_validation(error, AccountErrorCode))
    async with unit_of_work(sessions) as session:
        user = await session.get(User, user_id, with_for_update=True)
        if user is None:
            return _not_found()
        changed: list[str] = []
        if change.first_name is not None and change.first_name != user.first_name:
            user.first_name = change.first_name
            changed.append("firstName")
        if change.last_name is not None and change.last_name != user.last_name:
            user.last_name = change.last_name
            changed.append("lastName")
        if change.display_name is not None:
            chosen = change.display_name or None
            if chosen != user.chosen_display_name:
                user.chosen_display_name = chosen
                changed.append("displayName")
        if changed:
            await _event(
                session, settings, UserUpdated(user_id=str(user.id), fields=changed), user, actor
            )
        return user


class NewEmail(BaseModel):
    email: EmailStr = Field(max_length=254)


async def request_email_change(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    user_id: uuid.UUID,
    new_email: str,
    current_password: str,
    actor: str | None,
    mail_budget: MailBudget | None = None,
) -> User | AccountErrors:
    """Remember the new address and have a confirmation link mailed to it.

    When the address belongs to another account, the answer is the same (the same work was done:
    the current password checked, the address remembered as pending), but its owner is mailed a
    notice instead of a link, so the address can never become this account's (ADR 0017). Over
    the address's ``mail_budget`` neither goes, and the answer is the same (ADR 0024)."""
    try:
        normalized = str(NewEmail(email=new_email.strip()).email).lower()
    except ValidationError as error:
        return AccountErrors(errors_from_validation(error, AccountErrorCode))
    async with sessions() as session:
        user = await session.get(User, user_id)
    if user is None:
        return _not_found()
    if not await verify_password_off_loop(
        current_password[:PASSWORD_MAX_LENGTH], user.password_hash
    ):
        return _wrong_password()
    # counted before the unit of work (its own transaction, not a second connection inside one)
    may_mail = mail_budget is None or await mail_budget(normalized)
    async with unit_of_work(sessions) as session:
        user = await session.get(User, user_id, with_for_update=True)
        if user is None:
            return _not_found()
        if normalized == user.email:
            return AccountErrors(
                [
                    AccountError(
                        AccountErrorCode.INVALID, "This is already your email address.", "email"
                    )
                ]
            )
        # Remembered either way, so the answer and the account page read the same whether the
        # address is free or taken (ADR 0017); a taken one never gets a link, only a notice.
        user.pending_email = normalized
        if not may_mail:
            return user
        owner = await owner_of(session, normalized)
        if owner is not None:
            await notify_owner(
                session,
                settings=settings,
                owner_id=owner,
                attempt="change_email",
                site=settings.site,
                actor=actor,
            )
            return user
        await _event(
            session,
            settings,
            EmailChangeRequested(user_id=str(user.id), new_email=normalized),
            user,
            actor,
        )
        return user


def email_change_token(
    user: User,
    new_email: str,
    *,
    key: SigningKey,
    settings: IdentitySettings,
    request: LinkRequest | None = None,
) -> str:
    """The link's token for ``request`` (the change's event; the same token each time it is
    made for it), unguessable without identity's key."""
    claims = {
        "sub": str(user.id),
        "email": new_email,
        "purpose": CHANGE_EMAIL_PURPOSE,
        "iss": settings.jwt_issuer,
        **link_claims(
            request or LinkRequest.now(),
            timedelta(seconds=settings.email_verification_lifetime_seconds),
        ),
    }
    return jwt.encode(claims, key.private_key, algorithm="RS256", headers={"kid": key.key_id})


def email_change_mail(
    user: User, new_email: str, *, link: str, settings: IdentitySettings, message_key: str
) -> EmailMessage:
    return compose(
        settings,
        to=new_email,
        message_key=message_key,
        subject="Confirm your new email address",
        text=f"Hello {user.first_name},\n\n"
        "you asked to use this address for your job board account. Confirm it here:\n\n"
        f"{link}\n\n"
        "The link works for 24 hours. Until then you sign in with your current address. "
        "If you did not ask for this, ignore this mail.\n",
    )


async def confirm_email_change(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    claims: dict[str, Any],
) -> User | AccountErrors:
    """The link's new address becomes the account's (once; it proves the address works)."""

    def refused(code: AccountErrorCode, message: str) -> AccountErrors:
        return AccountErrors([AccountError(code, message, "token")])

    try:
        user_id = uuid.UUID(str(claims["sub"]))
    except ValueError:
        return refused(AccountErrorCode.LINK_INVALID, LINK_INVALID)
    new_email = str(claims["email"])
    async with unit_of_work(sessions) as session:
        user = await session.get(User, user_id, with_for_update=True)
        if user is None:
            return refused(AccountErrorCode.LINK_INVALID, LINK_INVALID)
        if user.email == new_email:
            return refused(AccountErrorCode.LINK_USED, LINK_USED)
        if user.pending_email != new_email:
            return refused(AccountErrorCode.LINK_INVALID, LINK_INVALID)
        if datetime.fromtimestamp(int(claims["exp"]), UTC) <= datetime.now(UTC):
            return refused(AccountErrorCode.LINK_EXPIRED, LINK_EXPIRED)
        if await owner_of(session, new_email) is not None:  # taken since the link was mailed
            return AccountErrors(
                [
                    AccountError(
                        AccountErrorCode.EMAIL_TAKEN, EMAIL_TAKEN.format(email=new_email), "token"
                    )
                ]
            )
        user.email = new_email
        user.pending_email = None
        user.email_verified = True
        await _event(session, settings, EmailChanged(user_id=str(user.id)), user, str(user.id))
        return user


class PasswordChange(BaseModel):
    new_password: str = Field(min_length=PASSWORD_MIN_LENGTH, max_length=PASSWORD_MAX_LENGTH)


async def change_password(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    user_id: uuid.UUID,
    current_password: str,
    new_password: str,
    actor: str | None,
    current_session_id: str | None,
) -> User | AccountErrors:
    """Every other session of the account ends; the caller's own (``current_session_id``) stays."""
    try:
        PasswordChange(new_password=new_password)
    except ValidationError as error:
        return AccountErrors(errors_from_validation(error, AccountErrorCode))
    async with sessions() as session:
        user = await session.get(User, user_id)
    if user is None:
        return _not_found()
    local_part = user.email.split("@", 1)[0].lower()
    if len(local_part) >= 4 and local_part in new_password.lower():
        return AccountErrors(
            [
                AccountError(
                    AccountErrorCode.PASSWORD_TOO_SIMILAR, PASSWORD_TOO_SIMILAR, "newPassword"
                )
            ]
        )
    if not await verify_password_off_loop(
        current_password[:PASSWORD_MAX_LENGTH], user.password_hash
    ):
        return _wrong_password()
    new_hash = await hash_password_off_loop(new_password)
    async with unit_of_work(sessions) as session:
        user = await session.get(User, user_id, with_for_update=True)
        if user is None:
            return _not_found()
        user.password_hash = new_hash  # also spends any password reset link (its fingerprint)
        user.password_changed_at = datetime.now(UTC)
        await _event(session, settings, PasswordChanged(user_id=str(user.id)), user, actor)
        await revoke_sessions(
            session,
            settings,
            user,
            reason="password_changed",
            actor=actor,
            keep=current_session_id,
        )
        return user


async def delete_account(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    user_id: uuid.UUID,
    current_password: str,
    actor: str | None,
) -> uuid.UUID | AccountErrors:
    """Delete the account (its social links go with it); other services follow the event and
    confirm (the erasure saga, ADR 0036)."""
    async with sessions() as session:
        user = await session.get(User, user_id)
    if user is None:
        return _not_found()
    if not await verify_password_off_loop(
        current_password[:PASSWORD_MAX_LENGTH], user.password_hash
    ):
        return _wrong_password()
    return await _erase_account(sessions=sessions, settings=settings, user_id=user_id, actor=actor)


async def erase_user(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    user_id: uuid.UUID,
    actor: str,
) -> uuid.UUID | AccountErrors:
    """An administrator deletes an account on the person's request (``eraseUser``): the same
    erasure as ``deleteAccount``, the administrator recorded as who asked. Their own account
    goes through ``deleteAccount`` (with its password)."""
    if str(user_id) == actor:
        return AccountErrors(
            [
                AccountError(
                    AccountErrorCode.FORBIDDEN,
                    "Delete your own account from your account page.",
                    "userId",
                )
            ]
        )
    return await _erase_account(sessions=sessions, settings=settings, user_id=user_id, actor=actor)


async def _erase_account(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    user_id: uuid.UUID,
    actor: str | None,
) -> uuid.UUID | AccountErrors:
    async with unit_of_work(sessions) as session:
        user = await session.get(User, user_id, with_for_update=True)
        if user is None:
            return _not_found()
        await erase_in(session, settings, user, actor=actor)
        return user_id


async def erase_in(
    session: AsyncSession, settings: IdentitySettings, user: User, *, actor: str | None
) -> None:
    """In the caller's transaction: the account goes, and the erasure saga asks every service
    to erase or anonymize the person's data and confirm."""
    await open_erasure(session, settings, user, actor=actor)
    # Its exports (requests, parts and archives) go too: a copy of what is being erased.
    await forget_exports(session, settings, user)
    # Its session rows go with it; every service refuses its tokens from the events on.
    await revoke_sessions(session, settings, user, reason="deleted", actor=actor)
    await outdate_tokens(session, settings, user, reason="deleted", actor=actor)
    # What identity keeps by the account's id or address besides the account: the consent marks
    # (consent's events, read for the re-consent), the rate limits' and the sign-in throttle's
    # counters. They would otherwise outlive it (ADR 0036: the person's data goes).
    await session.execute(delete(UserConsentMark).where(UserConsentMark.user_id == user.id))
    await forget_person(session, rate_limit_hits, user_id=str(user.id), email=user.email)
    await session.execute(delete(LoginThrottle).where(LoginThrottle.key == account_key(user.email)))
    await session.delete(user)
