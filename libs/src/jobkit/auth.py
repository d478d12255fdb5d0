"""The authenticated principal, from a bearer JWT signed by identity and checked against its JWKS.

Roles follow the spec: administrator, site_admin and job_editor are admin-like; a user may act on
an entity they own or when admin-like. A token names its session (``sid``) and the account's
session version (``sv``); with a revocation check (jobkit.revocations, ADR 0023) a token whose
session ended or whose version is outdated is refused like an expired one.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Protocol

import jwt

ADMIN_LIKE_ROLES = frozenset({"administrator", "site_admin", "job_editor"})
RECRUITER_ROLES = frozenset({"recruiter"}) | ADMIN_LIKE_ROLES


class AuthenticationError(Exception):
    """The bearer token is missing where required, malformed, expired or not ours."""


@dataclass(frozen=True)
class Principal:
    user_id: str
    roles: frozenset[str] = field(default_factory=frozenset)
    site: str | None = None
    masqueraded: bool = False
    # While masquerading: the admin really acting (the token's RFC 8693 ``act.sub`` claim).
    actor_id: str | None = None
    # The account's address when the token was issued (identity's ``email`` claim).
    email: str | None = None
    # Whether the account proved that address (identity's ``email_verified`` claim).
    email_verified: bool = False
    # The session the token belongs to (``sid``) and the account's session version (``sv``).
    session_id: str | None = None
    session_version: int = 0

    @property
    def is_admin_like(self) -> bool:
        return bool(self.roles & ADMIN_LIKE_ROLES)

    @property
    def is_recruiter(self) -> bool:
        return bool(self.roles & RECRUITER_ROLES)

    def can_act_on(self, owner_id: str | None) -> bool:
        return self.is_admin_like or (owner_id is not None and owner_id == self.user_id)


class RevocationCheck(Protocol):
    async def is_revoked(self, *, user_id: str, session_id: str, session_version: int) -> bool:
        """Whether the session ended or the account's tokens of this version are outdated."""
        ...


SESSION_ENDED = "The session has ended; sign in again."
# Signing keys kept by id (identity's JWKS holds the current key and, after a rotation, the one
# before): PyJWKClient's own default.
MAX_SIGNING_KEYS = 16


class JwtVerifier:
    """Verifies RS256 tokens against identity's JWKS; keys are cached and refreshed on rotation.

    With ``revocations`` a token must name its session, and one that ended is refused."""

    def __init__(
        self,
        *,
        jwks_url: str,
        issuer: str,
        audience: str,
        leeway: int = 15,
        revocations: RevocationCheck | None = None,
    ) -> None:
        self._jwks = jwt.PyJWKClient(
            jwks_url, cache_keys=True, max_cached_keys=MAX_SIGNING_KEYS, lifespan=300, timeout=5
        )
        # The keys the client has found, by key id: it keeps a found key for good (an LRU of
        # MAX_SIGNING_KEYS without expiry), so a token of a known key is checked on the event
        # loop; only an unknown key id goes to the client, in a thread (it may fetch the JWKS).
        self._keys: dict[str, jwt.PyJWK] = {}
        self._issuer = issuer
        self._audience = audience
        self._leeway = leeway
        self._revocations = revocations

    async def verify(self, token: str) -> Principal:
        principal = await self.verify_signature(token)
        if self._revocations is not None:
            if principal.session_id is None:
                raise AuthenticationError(SESSION_ENDED)
            if await self._revocations.is_revoked(
                user_id=principal.user_id,
                session_id=principal.session_id,
                session_version=principal.session_version,
            ):
                raise AuthenticationError(SESSION_ENDED)
        return principal

    async def verify_signature(self, token: str) -> Principal:
        """The token's principal if identity signed it and it has not expired, whether or not
        its session has ended since (identity's own sign-out and renewal look at the session)."""
        try:
            signing_key = await self._signing_key(token)
            claims = jwt.decode(
                token,
                signing_key.key,
                algorithms=["RS256"],
                audience=self._audience,
                issuer=self._issuer,
                leeway=self._leeway,
                options={"require": ["sub", "exp", "iat"]},
            )
        except (jwt.PyJWTError, jwt.PyJWKClientError) as error:
            raise AuthenticationError(f"Invalid token: {error}") from error
        return Principal(
            user_id=str(claims["sub"]),
            roles=frozenset(claims.get("roles", [])),
            site=claims.get("site"),
            masqueraded=bool(claims.get("masqueraded", False)),
            actor_id=_actor(claims),
            email=claims.get("email") if isinstance(claims.get("email"), str) else None,
            email_verified=claims.get("email_verified") is True,
            session_id=claims["sid"] if isinstance(claims.get("sid"), str) else None,
            session_version=_version(claims),
        )

    async def _signing_key(self, token: str) -> jwt.PyJWK:
        kid = jwt.get_unverified_header(token).get("kid")
        key = self._keys.get(kid) if isinstance(kid, str) else None
        if key is None:
            key = await asyncio.to_thread(self._jwks.get_signing_key_from_jwt, token)
            if isinstance(kid, str) and len(self._keys) < MAX_SIGNING_KEYS:
                self._keys[kid] = key
        return key


def _version(claims: dict[str, Any]) -> int:
    version = claims.get("sv", 0)
    return version if isinstance(version, int) and not isinstance(version, bool) else 0


def _actor(claims: dict[str, Any]) -> str | None:
    act = claims.get("act")
    if isinstance(act, dict) and isinstance(act.get("sub"), str):
        return str(act["sub"])
    return None


def bearer_token(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise AuthenticationError("The Authorization header must be 'Bearer <token>'")
    return token.strip()
