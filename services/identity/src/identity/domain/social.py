"""Social sign-in: identity checks the provider's ID token itself, then finds, links or creates
the user. The web server only relays the token; it is never trusted for who the user is."""

from __future__ import annotations

import asyncio
import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import httpx
import jwt
from jobkit.db import unit_of_work
from jobkit.outbox import enqueue
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.db import outbox
from identity.domain.consent import (
    missing_consent,
    record_registration_consent,
    registration_infos,
)
from identity.domain.errors import CONSENT_REQUIRED
from identity.domain.events import UserLoggedIn, UserRegistered
from identity.domain.models import SocialAccount, User
from identity.domain.passwords import hash_password_off_loop
from identity.domain.service import SignupRole
from identity.settings import IdentitySettings, OidcProvider

CLOCK_TOLERANCE_SECONDS = 15


class SocialSignInError(Exception):
    """The ID token is not one identity accepts (unknown provider, bad signature, expired...)."""


class SocialConsentRequired(SocialSignInError):
    """A new account without the required REGISTRATION consent: nothing was created."""


@dataclass(frozen=True)
class SocialProfile:
    provider: str
    subject: str
    email: str
    email_verified: bool
    first_name: str
    last_name: str


class IdTokenVerifier:
    """Verifies ID tokens against each configured issuer's published keys (cached per issuer)."""

    def __init__(self, providers: dict[str, OidcProvider]) -> None:
        self._providers = providers
        self._jwks: dict[str, jwt.PyJWKClient] = {}
        self._lock = asyncio.Lock()

    async def _keys(self, provider: OidcProvider) -> jwt.PyJWKClient:
        async with self._lock:
            client = self._jwks.get(provider.issuer)
            if client is None:
                discovery = f"{provider.issuer.rstrip('/')}/.well-known/openid-configuration"
                async with httpx.AsyncClient(timeout=5) as http:
                    response = await http.get(discovery)
                    response.raise_for_status()
                jwks_uri = str(response.json()["jwks_uri"])
                client = jwt.PyJWKClient(jwks_uri, cache_keys=True, lifespan=300, timeout=5)
                self._jwks[provider.issuer] = client
            return client

    async def verify(self, provider_id: str, id_token: str) -> SocialProfile:
        provider = self._providers.get(provider_id)
        if provider is None:
            raise SocialSignInError(f"Unknown provider {provider_id!r}")
        try:
            keys = await self._keys(provider)
            key = await asyncio.to_thread(keys.get_signing_key_from_jwt, id_token)
            claims: dict[str, Any] = jwt.decode(
                id_token,
                key.key,
                algorithms=["RS256", "RS384", "RS512", "ES256", "ES384", "PS256"],
                audience=provider.client_id,
                issuer=provider.issuer,
                leeway=CLOCK_TOLERANCE_SECONDS,
                options={"require": ["sub", "exp", "iat", "iss", "aud"]},
            )
        except (httpx.HTTPError, KeyError, ValueError, jwt.PyJWTError) as error:
            raise SocialSignInError(f"ID token refused: {error}") from error
        email = str(claims.get("email") or "").strip().lower()
        if not email:
            raise SocialSignInError("The provider did not share an email address")
        name = str(claims.get("name") or "").strip()
        first = str(claims.get("given_name") or name.split(" ")[0] or email.split("@")[0])
        last = str(claims.get("family_name") or " ".join(name.split(" ")[1:]) or "")
        return SocialProfile(
            provider=provider_id,
            subject=str(claims["sub"]),
            email=email,
            email_verified=claims.get("email_verified") is True,
            first_name=first[:100],
            last_name=last[:100],
        )


async def sign_in_social(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    profile: SocialProfile,
    role: str | None,
    accepted_consent_info_ids: Sequence[str] = (),
) -> tuple[User, bool]:
    """The user for a verified social profile, and whether this sign-in created the account.

    An account already linked to the provider's subject signs in. Otherwise an account with the
    same address is linked, but only when the provider vouches for the address (so a provider
    account cannot take over someone else's). Otherwise a new applicant (or recruiter, when the
    sign-up page asked for one) is created with a random password they can reset later, once
    it agreed to the required REGISTRATION consent infos (ticked on the sign-up page), which
    are recorded in the same transaction (ADR 0009).
    """
    signup_role = SignupRole.RECRUITER if role == SignupRole.RECRUITER else SignupRole.APPLICANT
    unusable_password = await hash_password_off_loop(secrets.token_urlsafe(32))
    async with unit_of_work(sessions) as session:
        link = await session.get(SocialAccount, (profile.provider, profile.subject))
        user = await session.get(User, link.user_id) if link is not None else None
        created = False
        if user is None:
            user = await session.scalar(select(User).where(func.lower(User.email) == profile.email))
            if user is not None and not profile.email_verified:
                raise SocialSignInError("The provider did not verify this email address")
            if user is None:
                infos = await registration_infos(session)
                if missing_consent(infos, accepted_consent_info_ids) is not None:
                    raise SocialConsentRequired(CONSENT_REQUIRED)
                user = User(
                    id=uuid.uuid4(),
                    email=profile.email,
                    password_hash=unusable_password,
                    first_name=profile.first_name,
                    last_name=profile.last_name,
                    roles=[signup_role.value],
                    email_verified=profile.email_verified,
                    signup_method=f"social:{profile.provider}",
                    site=settings.site,
                )
                session.add(user)
                await session.flush()
                created = True
                registered = UserRegistered(
                    user_id=str(user.id), roles=user.roles, signup_method=user.signup_method
                ).envelope(aggregate_id=str(user.id), site=settings.site, actor=str(user.id))
                topic = settings.topic(UserRegistered.topic)
                await enqueue(session, outbox, topic=topic, event=registered)
                await record_registration_consent(
                    session, settings=settings, user=user, infos=infos, site=settings.site
                )
            session.add(
                SocialAccount(provider=profile.provider, subject=profile.subject, user_id=user.id)
            )
        if user.blocked_at is not None:
            raise SocialSignInError("The account is blocked")
        logged_in = UserLoggedIn(user_id=str(user.id), method=f"social:{profile.provider}")
        event = logged_in.envelope(
            aggregate_id=str(user.id), site=settings.site, actor=str(user.id)
        )
        await enqueue(session, outbox, topic=settings.topic(UserLoggedIn.topic), event=event)
        return user, created
