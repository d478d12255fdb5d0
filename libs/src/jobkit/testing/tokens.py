"""Bearer tokens for tests: an RSA key, its JWKS served on a loopback port, and tokens signed
exactly as identity signs them, so a service under test verifies callers the way it does live."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa
from fastapi import FastAPI
from jwt.algorithms import RSAAlgorithm

from jobkit.testing.server import serve

KEY_ID = "test-key"


class TokenIssuer:
    def __init__(self, *, jwks_url: str, issuer: str, audience: str) -> None:
        self.jwks_url = jwks_url
        self.issuer = issuer
        self.audience = audience
        self._key = _KEY

    def token(
        self,
        user_id: str | uuid.UUID | None = None,
        roles: list[str] | tuple[str, ...] = ("applicant",),
        *,
        lifetime: timedelta = timedelta(minutes=10),
        **claims: Any,
    ) -> str:
        now = datetime.now(UTC)
        body = {
            "sub": str(user_id or uuid.uuid4()),
            "roles": list(roles),
            "site": "jobboard",
            "iss": self.issuer,
            "aud": self.audience,
            "iat": now,
            "exp": now + lifetime,
            # A session of its own, as identity's tokens have (ADR 0023).
            "sid": str(uuid.uuid4()),
            "sv": 0,
            **claims,
        }
        return jwt.encode(body, self._key, algorithm="RS256", headers={"kid": KEY_ID})


_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)


def _jwks() -> dict[str, Any]:
    public = json.loads(RSAAlgorithm.to_jwk(_KEY.public_key()))
    public.update({"kid": KEY_ID, "use": "sig", "alg": "RS256"})
    return {"keys": [public]}


@asynccontextmanager
async def token_issuer(*, issuer: str, audience: str) -> AsyncIterator[TokenIssuer]:
    app = FastAPI()

    @app.get("/.well-known/jwks.json")
    async def jwks() -> dict[str, Any]:
        return _jwks()

    async with serve(app) as base_url:
        yield TokenIssuer(
            jwks_url=f"{base_url}/.well-known/jwks.json", issuer=issuer, audience=audience
        )
