"""Credentials sign-in over HTTP, throttled per account and per client address across two identity
processes sharing one database."""

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
ACCOUNT_LIMIT = 10
ADDRESS_LIMIT = 15  # production: 100 per address in 15 minutes; smaller here, the rule is the same


@pytest.fixture(scope="module")
async def two_replicas(service_settings: IdentitySettings) -> AsyncIterator[list[str]]:
    settings = service_settings.model_copy(
        update={
            "login_account_failure_limit": ACCOUNT_LIMIT,
            "login_address_failure_limit": ADDRESS_LIMIT,
        }
    )
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
    # a slow answer on a busy machine (password hashing) is not a wrong one
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as client:
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


async def test_failures_for_many_accounts_from_one_address_lock_that_address_on_both_replicas(
    two_replicas: list[str],
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: IdentitySettings,
) -> None:
    address = f"10.2.{uuid.uuid4().int % 250}.7"
    known = [await _account(committed_sessions, service_settings) for _ in range(3)]
    statuses = []
    for attempt in range(ADDRESS_LIMIT + 5):
        # a different account each time (real ones and unknown addresses alike), so no account
        # reaches its own limit: only the address rule can lock
        email = (
            known[attempt]
            if attempt < len(known)
            else f"spray-{attempt}-{uuid.uuid4().hex[:6]}@x.org"
        )
        replica = two_replicas[attempt % 2]
        statuses.append((await _sign_in(replica, email, f"guess {attempt}", address)).status_code)
    assert statuses[:ADDRESS_LIMIT] == [401] * ADDRESS_LIMIT
    assert statuses[ADDRESS_LIMIT:] == [429] * 5

    for replica in two_replicas:
        # even a right password is refused from this address, on either replica
        locked = await _sign_in(replica, known[0], PASSWORD, address)
        assert locked.status_code == 429
        assert int(locked.headers["Retry-After"]) > 0
        assert "Too many failed sign-in attempts" in locked.json()["message"]
    # the accounts themselves are not locked: from another address they sign in
    elsewhere = await _sign_in(two_replicas[1], known[0], PASSWORD, "10.3.0.1")
    assert elsewhere.status_code == 200, elsewhere.text


async def test_a_caller_that_is_not_a_trusted_proxy_cannot_choose_the_address_it_is_counted_as(
    service_settings: IdentitySettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    # A deployment whose proxies live elsewhere: this test's loopback client is then a stranger,
    # and the address in the body or in X-Forwarded-For is whatever it likes to claim.
    settings = service_settings.model_copy(
        update={"login_address_failure_limit": ADDRESS_LIMIT, "trusted_proxies": ["192.0.2.0/24"]}
    )
    known = await _account(committed_sessions, service_settings)
    statuses = []
    async with (
        serve(create_app(settings)) as base_url,
        httpx.AsyncClient(base_url=base_url, timeout=30) as c,
    ):
        for attempt in range(ADDRESS_LIMIT + 2):
            forged = f"10.4.{attempt}.1"
            answer = await c.post(
                "/auth/credentials",
                json={
                    "email": f"forger-{attempt}-{uuid.uuid4().hex[:6]}@x.org",
                    "password": "guess",
                    "client_address": forged,
                },
                headers={"X-Forwarded-For": forged},
            )
            statuses.append(answer.status_code)
        assert statuses[:ADDRESS_LIMIT] == [401] * ADDRESS_LIMIT
        assert statuses[ADDRESS_LIMIT:] == [429] * 2
        # the address it really comes from is locked, whatever it claims next
        locked = await c.post(
            "/auth/credentials",
            json={"email": known, "password": PASSWORD, "client_address": "10.4.250.1"},
            headers={"X-Forwarded-For": "10.4.250.1"},
        )
        assert locked.status_code == 429
