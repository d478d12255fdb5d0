"""Masquerade over HTTP: only admin-like users act as others, and the token names the admin."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass

import httpx
import jwt
import pytest
from identity.domain.models import User
from identity.domain.service import register_user
from identity.domain.tokens import issue_token
from identity.main import create_app
from identity.settings import IdentitySettings
from jobkit.testing.server import free_port, serve
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration


@dataclass
class Identity:
    url: str
    settings: IdentitySettings
    app: object

    def token(self, user: User) -> str:
        key = self.app.state.signing_key  # type: ignore[attr-defined]
        return issue_token(user, session_id=str(uuid.uuid4()), key=key, settings=self.settings)


@pytest.fixture(scope="module")
async def identity(service_settings: IdentitySettings) -> AsyncIterator[Identity]:
    port = free_port()
    jwks = f"http://127.0.0.1:{port}/.well-known/jwks.json"
    settings = service_settings.model_copy(update={"jwks_url": jwks})
    app = create_app(settings)
    async with serve(app, port=port) as url:
        yield Identity(url=url, settings=settings, app=app)


async def _user(
    sessions: async_sessionmaker[AsyncSession], settings: IdentitySettings, roles: list[str]
) -> User:
    user = await register_user(
        sessions=sessions,
        settings=settings,
        email=f"m-{uuid.uuid4().hex[:8]}@example.org",
        password="a long enough password",
        first_name="Mas",
        last_name="Querade",
    )
    assert isinstance(user, User)
    async with sessions() as session, session.begin():
        stored = await session.get(User, user.id)
        assert stored is not None
        stored.roles = roles
    user.roles = roles
    return user


async def _masquerade(identity: Identity, token: str | None, target: str) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(base_url=identity.url) as client:
        return await client.post("/auth/masquerade", json={"user": target}, headers=headers)


async def test_an_admin_acts_as_an_applicant_and_the_token_names_the_admin(
    identity: Identity, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    admin = await _user(committed_sessions, identity.settings, ["administrator"])
    applicant = await _user(committed_sessions, identity.settings, ["applicant"])
    response = await _masquerade(identity, identity.token(admin), applicant.email.upper())
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["user"]["id"] == str(applicant.id)
    assert body["actorId"] == str(admin.id)
    claims = jwt.decode(body["accessToken"], options={"verify_signature": False})
    assert claims["sub"] == str(applicant.id)
    assert claims["masqueraded"] is True
    assert claims["act"] == {"sub": str(admin.id)}


async def test_the_rules_refuse_non_admins_admin_targets_chains_and_visitors(
    identity: Identity, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    admin = await _user(committed_sessions, identity.settings, ["site_admin"])
    other_admin = await _user(committed_sessions, identity.settings, ["job_editor"])
    recruiter = await _user(committed_sessions, identity.settings, ["recruiter"])
    applicant = await _user(committed_sessions, identity.settings, ["applicant"])

    refused = await _masquerade(identity, identity.token(recruiter), str(applicant.id))
    assert refused.status_code == 403
    assert refused.json()["message"] == "Only administrators can act as another user."
    as_admin = await _masquerade(identity, identity.token(admin), str(other_admin.id))
    assert as_admin.status_code == 403
    missing = await _masquerade(identity, identity.token(admin), "nobody@example.org")
    assert missing.json()["message"] == "No user with this email address or id exists."
    assert (await _masquerade(identity, None, str(applicant.id))).status_code == 401
    assert (await _masquerade(identity, "not-a-token", str(applicant.id))).status_code == 401

    masked = (await _masquerade(identity, identity.token(admin), str(recruiter.id))).json()
    chained = await _masquerade(identity, masked["accessToken"], str(applicant.id))
    assert chained.status_code == 403
