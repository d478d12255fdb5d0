"""Credentials sign-in over HTTP, throttled across two identity processes sharing one database."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import httpx
import pytest
from identity.domain.service import register_user
from identity.main import create_app
from identity.settings import IdentitySettings
from jobkit.auth import JwtVerifier
from jobkit.testing.server import serve
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
async def two_replicas(service_settings: IdentitySettings) -> AsyncIterator[list[str]]:
    settings = service_settings.model_copy(update={"login_account_failure_limit": 10})
    first, second = create_app(settings), create_app(settings)
    second.state.signing_key = first.state.signing_key  # replicas share the deployed key
    async with serve(first) as one, serve(second) as two:
        yield [one, two]


async def _account(sessions: async_sessionmaker[AsyncSession], settings: IdentitySettings) -> str:
    email = f"signin-{uuid.uuid4().hex[:8]}@example.org"
    user = await register_user(
        sessions=sessions,
        settings=settings,
        email=email,
        password=PASSWORD,
        first_name="Sig",
        last_name="Nin",
    )
    assert not isinstance(user, Exception)
    return email


async def _sign_in(base_url: str, email: str, password: str, address: str) -> httpx.Response:
    async with httpx.AsyncClient(base_url=base_url) as client:
        return await client.post(
            "/auth/credentials",
            json={"email": email, "password": password, "client_address": address},
        )


async def test_a_good_password_gets_a_token_every_service_accepts(
    two_replicas: list[str],
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: IdentitySettings,
) -> None:
    email = await _account(committed_sessions, service_settings)
    response = await _sign_in(two_replicas[0], email.upper(), PASSWORD, "10.0.0.1")
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["user"]["email"] == email
    assert body["user"]["roles"] == ["applicant"]
    verifier = JwtVerifier(
        jwks_url=f"{two_replicas[1]}/.well-known/jwks.json",
        issuer=service_settings.jwt_issuer,
        audience=service_settings.jwt_audience,
    )
    principal = await verifier.verify(body["accessToken"])
    assert principal.user_id == body["user"]["id"]


async def test_wrong_password_and_unknown_email_get_the_same_answer(
    two_replicas: list[str],
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: IdentitySettings,
) -> None:
    email = await _account(committed_sessions, service_settings)
    wrong = await _sign_in(two_replicas[0], email, "not it at all", "10.0.0.2")
    unknown = await _sign_in(two_replicas[0], f"nobody-{email}", PASSWORD, "10.0.0.2")
    assert wrong.status_code == unknown.status_code == 401
    assert (
        wrong.json()
        == unknown.json()
        == {
            "error": "CredentialsSignin",
            "message": "The email address or password is incorrect.",
        }
    )
    bad_body = await _sign_in(two_replicas[0], "", "", "10.0.0.2")
    assert bad_body.status_code == 422


async def test_twenty_rapid_failures_spread_over_two_replicas_lock_the_account(
    two_replicas: list[str],
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: IdentitySettings,
) -> None:
    email = await _account(committed_sessions, service_settings)
    statuses = []
    for attempt in range(20):
        replica = two_replicas[attempt % 2]
        address = f"10.1.{attempt}.1"  # a different address each time: the account rule holds
        statuses.append((await _sign_in(replica, email, f"guess {attempt}", address)).status_code)
    assert statuses[:10] == [401] * 10
    assert statuses[10:] == [429] * 10
    # locked: even the right password is refused now, on either replica
    for replica in two_replicas:
        locked = await _sign_in(replica, email, PASSWORD, "10.9.9.9")
        assert locked.status_code == 429
        assert int(locked.headers["Retry-After"]) > 0
        assert "Too many failed sign-in attempts" in locked.json()["message"]
