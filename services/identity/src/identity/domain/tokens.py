"""Session tokens: RS256 JWTs signed with identity's key and published as a JWKS."""

from __future__ import annotations

import json
import logging
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from jobkit.events import EventEnvelope
from jwt.algorithms import RSAAlgorithm

from identity.domain.models import User
from identity.settings import IdentitySettings

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SigningKey:
    """The key that signs tokens now, and the public keys of retired ones.

    Rotation: copy the published ``/.well-known/jwks.json`` into the file named by
    ``IDENTITY_JWT_RETIRED_PUBLIC_KEYS_FILE``, then start identity with a new private key and a new
    ``IDENTITY_JWT_KEY_ID``. New tokens use the new key; tokens signed before still verify
    everywhere (services look keys up by ``kid``) until they expire, then drop the file.
    """

    key_id: str
    private_key: rsa.RSAPrivateKey
    retired_jwks: tuple[dict[str, Any], ...] = field(default=())

    @classmethod
    def from_settings(cls, settings: IdentitySettings) -> SigningKey:
        pem = settings.private_key_pem()
        if pem is None:
            # Development only (settings refuse this in production): tokens die with the process.
            log.warning("no IDENTITY_JWT_PRIVATE_KEY set; using a throwaway development key")
            return cls(settings.jwt_key_id, rsa.generate_private_key(65537, 2048))
        key = serialization.load_pem_private_key(pem.encode(), password=None)
        if not isinstance(key, rsa.RSAPrivateKey):
            raise ValueError("the identity signing key must be an RSA private key")
        retired: tuple[dict[str, Any], ...] = ()
        if settings.jwt_retired_public_keys_file is not None:
            published = json.loads(settings.jwt_retired_public_keys_file.read_text())
            retired = tuple(
                {k: v for k, v in jwk.items() if k not in {"d", "p", "q", "dp", "dq", "qi"}}
                for jwk in published.get("keys", [])
                if jwk.get("kid") != settings.jwt_key_id
            )
        return cls(settings.jwt_key_id, key, retired)

    def jwks(self) -> dict[str, Any]:
        public = json.loads(RSAAlgorithm.to_jwk(self.private_key.public_key()))
        public.update({"kid": self.key_id, "use": "sig", "alg": "RS256"})
        return {"keys": [public, *self.retired_jwks]}


def issue_token(
    user: User,
    *,
    session_id: str,
    key: SigningKey,
    settings: IdentitySettings,
    masqueraded: bool = False,
    actor_id: str | None = None,
    expires_at: datetime | None = None,
) -> str:
    """An access token for ``user`` in the session ``session_id`` (``sid``) with the account's
    session version (``sv``), so it can be ended (ADR 0023); while masquerading, ``act.sub``
    names the real admin (RFC 8693 actor claim), so every service can attribute writes to them,
    and the session is the admin's. ``expires_at`` (a renewed session's first deadline) is
    sooner than the usual lifetime."""
    now = datetime.now(UTC)
    claims = {
        "sub": str(user.id),
        "email": user.email,
        "email_verified": bool(user.email_verified),
        "roles": list(user.roles),
        "site": user.site,
        "iss": settings.jwt_issuer,
        "aud": settings.jwt_audience,
        "iat": now,
        "exp": token_deadline(settings, expires_at),
        "masqueraded": masqueraded,
        "sid": session_id,
        "sv": user.session_version or 0,
    }
    if actor_id is not None:
        claims["act"] = {"sub": actor_id}
    return jwt.encode(claims, key.private_key, algorithm="RS256", headers={"kid": key.key_id})


@dataclass(frozen=True)
class LinkRequest:
    """What a mailed link (verification, password reset, change of address) answers: the event
    that asked for the mail, its id and when it was asked. A link made for the same request is
    the same token every time it is made (RS256 signs deterministically), so a mail sent again
    after the mailer died between the relay's acceptance and its commit carries the link of the
    first, not a second one."""

    id: str
    at: datetime

    @classmethod
    def of(cls, event: EventEnvelope) -> LinkRequest:
        return cls(id=str(event.id), at=event.occurred_at)

    @classmethod
    def now(cls) -> LinkRequest:
        """A request of its own, made now (a link made outside the mailer: tests, scripts)."""
        return cls(id=uuid.uuid4().hex, at=datetime.now(UTC))


def link_claims(
    request: LinkRequest, lifetime: timedelta, *, now: datetime | None = None
) -> dict[str, Any]:
    """The id, issue time and expiry of a mailed link answering ``request``: it counts from the
    request (the same claims however often the mail is made). A mail made so late that less
    than half its lifetime would be left (the mailer or the relay was down that long) counts
    from the last half-lifetime step before ``now`` instead: late links still work for at least
    half their lifetime, and never longer than one made now."""
    issued = request.at
    if lifetime > timedelta(0):
        step = lifetime / 2
        late = (now or datetime.now(UTC)) - request.at
        if late >= step:
            issued = request.at + step * (late // step)
    return {"jti": request.id, "iat": issued, "exp": issued + lifetime}


def token_deadline(settings: IdentitySettings, expires_at: datetime | None = None) -> datetime:
    deadline = datetime.now(UTC) + timedelta(seconds=settings.token_lifetime_seconds)
    return min(deadline, expires_at) if expires_at is not None else deadline
