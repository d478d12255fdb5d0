"""Social sign-in over HTTP against a real local OpenID issuer (discovery + JWKS over HTTP)."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from fastapi import FastAPI
from identity.main import create_app
from identity.settings import IdentitySettings, OidcProvider
from jobkit.testing.server import free_port, serve
from jwt.algorithms import RSAAlgorithm

pytestmark = pytest.mark.integration

CLIENT_ID = "jobboard-web"


@dataclass
class Issuer:
    url: str
    key: rsa.RSAPrivateKey

    def id_token(self, **claims: Any) -> str:
        now = datetime.now(UTC)
        body = {
            "iss": self.url,
            "aud": CLIENT_ID,
            "iat": now,
            "exp": now + timedelta(minutes=5),
            **claims,
        }
        return jwt.encode(body, self.key, algorithm="RS256", headers={"kid": "k1"})


@pytest.fixture(scope="module")
async def issuer() -> AsyncIterator[Issuer]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    app = FastAPI()

    @app.get("/.well-known/openid-configuration")
    async def discovery() -> dict[str, str]:
        return {"issuer": url, "jwks_uri": f"{url}/jwks"}

    @app.get("/jwks")
    async def jwks() -> dict[str, object]:
        public = json.loads(RSAAlgorithm.to_jwk(key.public_key()))
        return {"keys": [{**public, "kid": "k1", "use": "sig", "alg": "RS256"}]}

    async with serve(app, port=port):
        yield Issuer(url=url, key=key)


@pytest.fixture(scope="module")
async def identity(service_settings: IdentitySettings, issuer: Issuer) -> AsyncIterator[str]:
    provider = OidcProvider(issuer=issuer.url, client_id=CLIENT_ID)
    settings = service_settings.model_copy(update={"oidc_providers": {"demo-sso": provider}})
    async with serve(create_app(settings)) as base_url:
        yield base_url


async def _social(base_url: str, token: str, role: str | None = None) -> httpx.Response:
    async with httpx.AsyncClient(base_url=base_url) as client:
        body = {"provider": "demo-sso", "id_token": token, "role": role}
        return await client.post("/auth/social", json=body)


def _person() -> tuple[str, str]:
    email = f"social-{uuid.uuid4().hex[:8]}@example.org"
    return f"sub-{uuid.uuid4().hex}", email


async def test_first_sign_in_creates_the_account_and_the_next_one_finds_it(
    identity: str, issuer: Issuer
) -> None:
    subject, email = _person()
    token = issuer.id_token(sub=subject, email=email, email_verified=True, name="Mae Jemison")
    first = await _social(identity, token, role="recruiter")
    assert first.status_code == 200, first.text
    answer = first.json()
    assert answer["isNewUser"] is True
    assert answer["user"] == {
        "id": answer["user"]["id"],
        "email": email,
        "name": "Mae Jemison",
        "roles": ["recruiter"],
        "emailVerified": True,
    }
    again = await _social(identity, issuer.id_token(sub=subject, email=email, email_verified=True))
    assert again.json()["isNewUser"] is False
    assert again.json()["user"]["id"] == answer["user"]["id"]


async def test_a_forged_expired_or_foreign_token_is_refused(identity: str, issuer: Issuer) -> None:
    subject, email = _person()
    other_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    forged = Issuer(url=issuer.url, key=other_key).id_token(sub=subject, email=email)
    past = datetime.now(UTC) - timedelta(hours=1)
    expired = issuer.id_token(sub=subject, email=email, exp=past, iat=past - timedelta(minutes=5))
    foreign = issuer.id_token(sub=subject, email=email, aud="someone-else")
    for token in (forged, expired, foreign, "not-a-jwt"):
        response = await _social(identity, token)
        assert response.status_code == 401, token
        assert response.json()["error"] == "AccessDenied"
    async with httpx.AsyncClient(base_url=identity) as client:
        unknown = await client.post("/auth/social", json={"provider": "nope", "id_token": forged})
    assert unknown.status_code == 401


async def test_an_unverified_address_cannot_take_over_an_existing_account(
    identity: str, issuer: Issuer
) -> None:
    subject, email = _person()
    owner = await _social(identity, issuer.id_token(sub=subject, email=email, email_verified=True))
    assert owner.status_code == 200
    intruder = issuer.id_token(sub=f"other-{subject}", email=email, email_verified=False)
    assert (await _social(identity, intruder)).status_code == 401
    vouched = issuer.id_token(sub=f"linked-{subject}", email=email, email_verified=True)
    linked = await _social(identity, vouched)
    assert linked.json()["user"]["id"] == owner.json()["user"]["id"]
