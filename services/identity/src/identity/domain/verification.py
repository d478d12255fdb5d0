"""Email verification: a signed, expiring link mailed after sign-up, confirmed once.

The token is a JWT signed with identity's key (purpose ``verify-email``, the address it was sent
to, an expiry). The same page confirms a change of address (purpose ``change-email``, see
``domain/account.py``). It proves nothing once the address changed; a second use answers that the
address is already confirmed.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlencode

import jwt
from jobkit.db import unit_of_work
from jobkit.mail import compose
from jobkit.outbox import enqueue
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.db import outbox
from identity.domain.account import CHANGE_EMAIL_PURPOSE, confirm_email_change
from identity.domain.errors import (
    LINK_EXPIRED,
    LINK_INVALID,
    LINK_USED,
    AccountError,
    AccountErrorCode,
    AccountErrors,
)
from identity.domain.events import UserEmailVerified
from identity.domain.models import User
from identity.domain.tokens import LinkRequest, SigningKey, link_claims
from identity.settings import IdentitySettings

PURPOSE = "verify-email"


def verification_token(
    user: User,
    *,
    key: SigningKey,
    settings: IdentitySettings,
    request: LinkRequest | None = None,
    lifetime: timedelta | None = None,
) -> str:
    """The link's token for ``request`` (the registration event; the same token each time it
    is made for it), unguessable without identity's key, spent once the address is confirmed."""
    claims = {
        "sub": str(user.id),
        "email": user.email,
        "purpose": PURPOSE,
        "iss": settings.jwt_issuer,
        **link_claims(
            request or LinkRequest.now(),
            lifetime or timedelta(seconds=settings.email_verification_lifetime_seconds),
        ),
    }
    return jwt.encode(claims, key.private_key, algorithm="RS256", headers={"kid": key.key_id})


def verification_link(token: str, *, settings: IdentitySettings) -> str:
    return f"{settings.site_url.rstrip('/')}/user/verify-email?{urlencode({'token': token})}"


def verification_mail(
    user: User, *, link: str, settings: IdentitySettings, message_key: str
) -> EmailMessage:
    return compose(
        settings,
        to=user.email,
        message_key=message_key,
        subject="Confirm your email address",
        text=f"Hello {user.first_name},\n\n"
        "please confirm your email address to finish creating your account:\n\n"
        f"{link}\n\n"
        "The link works for 24 hours. If you did not sign up, ignore this mail.\n",
    )


def _refused(code: AccountErrorCode, message: str) -> AccountErrors:
    return AccountErrors([AccountError(code, message, "token")])


def _claims(token: str, *, key: SigningKey, settings: IdentitySettings) -> dict[str, Any] | None:
    """The token's claims when its signature holds (expired or not), else None."""
    try:
        claims: dict[str, Any] = jwt.decode(
            token,
            key.private_key.public_key(),
            algorithms=["RS256"],
            issuer=settings.jwt_issuer,
            options={"require": ["sub", "exp", "email", "purpose"], "verify_exp": False},
        )
    except jwt.PyJWTError:
        return None
    return claims if claims.get("purpose") in {PURPOSE, CHANGE_EMAIL_PURPOSE} else None


async def verify_email(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    key: SigningKey,
    token: str,
) -> User | AccountErrors:
    claims = _claims(token, key=key, settings=settings)
    if claims is None:
        return _refused(AccountErrorCode.LINK_INVALID, LINK_INVALID)
    if claims["purpose"] == CHANGE_EMAIL_PURPOSE:
        return await confirm_email_change(sessions=sessions, settings=settings, claims=claims)
    try:
        user_id = uuid.UUID(str(claims["sub"]))
    except ValueError:
        return _refused(AccountErrorCode.LINK_INVALID, LINK_INVALID)
    async with unit_of_work(sessions) as session:
        user = await session.get(User, user_id, with_for_update=True)
        if user is None or user.email != claims["email"]:
            return _refused(AccountErrorCode.LINK_INVALID, LINK_INVALID)
        if user.email_verified:
            return _refused(AccountErrorCode.LINK_USED, LINK_USED)
        if datetime.fromtimestamp(int(claims["exp"]), UTC) <= datetime.now(UTC):
            return _refused(AccountErrorCode.LINK_EXPIRED, LINK_EXPIRED)
        user.email_verified = True
        event = UserEmailVerified(user_id=str(user.id)).envelope(
            aggregate_id=str(user.id), site=settings.site, actor=str(user.id)
        )
        await enqueue(session, outbox, topic=settings.topic(UserEmailVerified.topic), event=event)
        return user
