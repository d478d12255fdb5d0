"""Forgotten passwords: a reset link mailed on request, usable once, for one hour.

Asking never reveals whether an account exists (same answer, a mail only when it does). The
token is a JWT signed with identity's key carrying a fingerprint of the current password hash:
once the password changed, the link is spent. A request whose mail was not sent before the
password changed (the event delivered again after the link was used: the mailer died between
the relay's acceptance and its commit) is not mailed: a link made then would carry the new
password's fingerprint and work again (``reset_mail_due``).
"""

from __future__ import annotations

import hashlib
import uuid
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlencode

import jwt
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from jobkit.mail import compose
from jobkit.outbox import enqueue
from pydantic import BaseModel, Field, ValidationError
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.db import outbox
from identity.domain.errors import (
    LINK_EXPIRED,
    LINK_INVALID,
    AccountError,
    AccountErrorCode,
    AccountErrors,
)
from identity.domain.events import PasswordChanged, PasswordResetRequested
from identity.domain.models import User
from identity.domain.passwords import hash_password_off_loop
from identity.domain.service import PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH
from identity.domain.sessions import revoke_sessions
from identity.domain.throttle import account_key, clear
from identity.domain.tokens import LinkRequest, SigningKey, link_claims
from identity.settings import IdentitySettings

PURPOSE = "reset-password"
LIFETIME = timedelta(hours=1)
REQUESTED = "If an account exists for that address, we sent it a link to choose a new password."
LINK_SPENT = "This link was used already. Ask for a new one if you still need it."


class NewPassword(BaseModel):
    password: str = Field(min_length=PASSWORD_MIN_LENGTH, max_length=PASSWORD_MAX_LENGTH)


def _fingerprint(password_hash: str) -> str:
    return hashlib.sha256(password_hash.encode()).hexdigest()[:32]


def reset_token(
    user: User,
    *,
    key: SigningKey,
    settings: IdentitySettings,
    request: LinkRequest | None = None,
    lifetime: timedelta = LIFETIME,
) -> str:
    """The link's token for ``request`` (the reset's event; the same token each time it is made
    for it while the password is unchanged), unguessable without identity's key."""
    claims = {
        "sub": str(user.id),
        "purpose": PURPOSE,
        "pwd": _fingerprint(user.password_hash),
        "iss": settings.jwt_issuer,
        **link_claims(request or LinkRequest.now(), lifetime),
    }
    return jwt.encode(claims, key.private_key, algorithm="RS256", headers={"kid": key.key_id})


def reset_mail_due(user: User, requested_at: datetime) -> bool:
    """Whether a reset asked for at ``requested_at`` is still to be mailed: not once the
    password changed since (with that request's link or otherwise)."""
    return user.password_changed_at is None or user.password_changed_at < requested_at


def reset_mail(
    user: User, *, token: str, settings: IdentitySettings, message_key: str
) -> EmailMessage:
    link = f"{settings.site_url.rstrip('/')}/user/reset-password?{urlencode({'token': token})}"
    return compose(
        settings,
        to=user.email,
        message_key=message_key,
        subject="Choose a new password",
        text=f"Hello {user.first_name},\n\n"
        "someone (we hope you) asked to reset the password of your account. Choose a new one:\n\n"
        f"{link}\n\n"
        "The link works once, for one hour. If you did not ask, ignore this mail: your password\n"
        "stays as it is.\n",
    )


async def request_password_reset(
    *, sessions: async_sessionmaker[AsyncSession], settings: IdentitySettings, email: str
) -> str:
    """Queue the reset mail when the account exists; the answer is the same either way."""
    async with unit_of_work(sessions) as session:
        user = await session.scalar(
            select(User).where(func.lower(User.email) == email.strip().lower())
        )
        if user is not None:
            event = PasswordResetRequested(user_id=str(user.id)).envelope(
                aggregate_id=str(user.id), site=settings.site, actor=None
            )
            await enqueue(
                session, outbox, topic=settings.topic(PasswordResetRequested.topic), event=event
            )
    return REQUESTED


def _refused(code: AccountErrorCode, message: str, field: str = "token") -> AccountErrors:
    return AccountErrors([AccountError(code, message, field)])


def _claims(token: str, *, key: SigningKey, settings: IdentitySettings) -> dict[str, Any] | None:
    try:
        claims: dict[str, Any] = jwt.decode(
            token,
            key.private_key.public_key(),
            algorithms=["RS256"],
            issuer=settings.jwt_issuer,
            options={"require": ["sub", "exp", "pwd", "purpose"], "verify_exp": False},
        )
    except jwt.PyJWTError:
        return None
    return claims if claims.get("purpose") == PURPOSE else None


async def reset_password(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    key: SigningKey,
    token: str,
    password: str,
    current_session_id: str | None = None,
) -> User | AccountErrors:
    """Choose a new password with a mailed link; every session of the account ends but the
    caller's (``current_session_id``, when they are signed in as that account)."""
    claims = _claims(token, key=key, settings=settings)
    if claims is None:
        return _refused(AccountErrorCode.LINK_INVALID, LINK_INVALID)
    try:
        NewPassword(password=password)
    except ValidationError as error:
        return AccountErrors(errors_from_validation(error, AccountErrorCode))
    if datetime.fromtimestamp(int(claims["exp"]), UTC) <= datetime.now(UTC):
        return _refused(AccountErrorCode.LINK_EXPIRED, LINK_EXPIRED)
    try:
        user_id = uuid.UUID(str(claims["sub"]))
    except ValueError:
        return _refused(AccountErrorCode.LINK_INVALID, LINK_INVALID)
    new_hash = await hash_password_off_loop(password)
    async with unit_of_work(sessions) as session:
        user = await session.get(User, user_id, with_for_update=True)
        if user is None:
            return _refused(AccountErrorCode.LINK_INVALID, LINK_INVALID)
        if _fingerprint(user.password_hash) != claims["pwd"]:
            return _refused(AccountErrorCode.LINK_USED, LINK_SPENT)
        user.password_hash = new_hash
        user.password_changed_at = datetime.now(UTC)
        # the mailed link proves the address as well as the verification link would
        user.email_verified = True
        await clear(session, account_key(user.email))
        event = PasswordChanged(user_id=str(user.id)).envelope(
            aggregate_id=str(user.id), site=settings.site, actor=str(user.id)
        )
        await enqueue(session, outbox, topic=settings.topic(PasswordChanged.topic), event=event)
        await revoke_sessions(
            session,
            settings,
            user,
            reason="password_reset",
            actor=str(user.id),
            keep=current_session_id,
        )
        return user
