"""Sessions end (ADR 0023): identity running with its outbox relay and its own revocation
consumer on real Kafka, signing in through ``POST /auth/credentials`` as the web server does.
Each case waits (generous deadline) until a copied token is refused by identity's GraphQL, and
checks what must keep working: the caller's own session after a password change, a renewed
token after a role change."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from identity.domain.models import User, UserSession
from identity.domain.password_reset import reset_token
from identity.domain.service import register_user
from identity.domain.tokens import SigningKey, issue_token
from identity.main import create_app
from identity.settings import SERVICE_DIR, IdentitySettings
from jobkit.db import make_engine, make_sessionmaker
from jobkit.kafka import ensure_topics
from jobkit.settings import ServiceSettings, database_name
from jobkit.testing.database import temporary_database
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import free_port, serve
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

PASSWORD = "a long enough password"
NEW_PASSWORD = "another long password"
ME = "{ currentUser { id roles { targetId } } }"
CHANGE_PASSWORD = """mutation($i: ChangePasswordInput!) { changePassword(input: $i) {
  __typename ... on AccountErrors { errors { code } } } }"""
RESET_PASSWORD = """mutation($i: ResetPasswordInput!) { resetPassword(input: $i) {
  __typename ... on AccountErrors { errors { code } } } }"""
DELETE = """mutation($p: String!) { deleteAccount(currentPassword: $p) { __typename } }"""
CHANGE_ROLES = """mutation($i: ChangeUserRolesInput!) { changeUserRoles(input: $i) {
  __typename } }"""
BLOCK = """mutation($i: SetUserBlockedInput!) { setUserBlocked(input: $i) { __typename
  ... on SetUserBlockedSuccess { blocked } ... on AccountErrors { errors { code } } } }"""


@dataclass
class Running:
    url: str
    settings: IdentitySettings
    key: SigningKey
    sessions: async_sessionmaker[AsyncSession]

    async def account(self) -> User:
        user = await register_user(
            sessions=self.sessions,
            settings=self.settings,
            email=f"sess-{uuid.uuid4().hex[:8]}@example.org",
            password=PASSWORD,
            first_name="Sess",
            last_name="Ion",
        )
        assert isinstance(user, User)
        return user

    async def sign_in(self, user: User, password: str = PASSWORD) -> httpx.Response:
        async with httpx.AsyncClient(base_url=self.url, timeout=30) as client:
            return await client.post(
                "/auth/credentials",
                json={"email": user.email, "password": password, "user_agent": "pytest"},
            )

    async def token(self, user: User) -> str:
        answer = await self.sign_in(user)
        assert answer.status_code == 200, answer.text
        token: str = answer.json()["accessToken"]
        return token

    async def post(self, path: str, token: str) -> httpx.Response:
        async with httpx.AsyncClient(base_url=self.url, timeout=30) as client:
            return await client.post(path, headers={"Authorization": f"Bearer {token}"})

    def graphql(self, token: str | None = None) -> GraphQLClient:
        return GraphQLClient(f"{self.url}/graphql", token=token)

    def admin(self) -> GraphQLClient:
        admin = User(id=uuid.uuid4(), roles=["administrator"], site=self.settings.site)
        token = issue_token(
            admin, session_id=str(uuid.uuid4()), key=self.key, settings=self.settings
        )
        return self.graphql(token)


@pytest.fixture(scope="module")
async def running(service_settings: ServiceSettings, run_prefix: str) -> AsyncIterator[Running]:
    assert isinstance(service_settings, IdentitySettings)
    port = free_port()
    async with temporary_database(service_settings, service_dir=SERVICE_DIR) as url:
        settings = service_settings.model_copy(
            update={
                "db_name": database_name(url),
                "run_background_workers": True,
                "kafka_topic_prefix": f"{run_prefix}sessions.",
                "outbox_poll_interval_seconds": 0.05,
                # identity verifies the tokens it signs: its JWKS is its own
                "jwks_url": f"http://127.0.0.1:{port}/.well-known/jwks.json",
            }
        )
        await ensure_topics(
            settings.kafka_bootstrap_servers,
            [settings.topic("identity.session"), settings.topic("identity.user")],
        )
        engine = make_engine(settings.database_url)
        app = create_app(settings)
        async with serve(app, port=port) as base_url:
            yield Running(base_url, settings, app.state.signing_key, make_sessionmaker(engine))
        await engine.dispose()


def _refused(body: dict[str, Any]) -> bool:
    errors = body.get("errors") or []
    return any(error["extensions"].get("code") == "UNAUTHENTICATED" for error in errors)


async def _eventually(check: Callable[[], Awaitable[bool]], what: str, timeout: float = 60) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        if await check():
            return
        await asyncio.sleep(0.2)
    raise AssertionError(f"{what} within {timeout} s")


async def _until_refused(client: GraphQLClient) -> None:
    async def refused() -> bool:
        return _refused(await client.execute(ME))

    await _eventually(refused, "the token was not refused")


async def _works(client: GraphQLClient) -> bool:
    body = await client.execute(ME)
    return not body.get("errors") and body["data"]["currentUser"] is not None


async def test_sign_out_ends_that_session_only(running: Running) -> None:
    user = await running.account()
    token, other = await running.token(user), await running.token(user)
    copied, kept = running.graphql(token), running.graphql(other)
    assert await _works(copied)

    assert (await running.post("/auth/signout", token)).status_code == 204
    await _until_refused(copied)
    assert await _works(kept)
    # signing out again changes nothing; an ended session is not renewed
    assert (await running.post("/auth/signout", token)).status_code == 204
    assert (await running.post("/auth/refresh", token)).json()["error"] == "SessionEnded"
    async with running.sessions() as session:
        rows = (
            await session.scalars(select(UserSession).where(UserSession.user_id == user.id))
        ).all()
    assert sorted(r.revoked_reason or "open" for r in rows) == ["open", "sign_out"]
    assert {r.user_agent for r in rows} == {"pytest"}


async def test_sign_out_needs_a_token_identity_signed(running: Running) -> None:
    async with httpx.AsyncClient(base_url=running.url) as client:
        assert (await client.post("/auth/signout")).status_code == 401
        forged = await client.post("/auth/signout", headers={"Authorization": "Bearer x.y.z"})
    assert forged.status_code == 401


async def test_a_password_change_ends_every_other_session(running: Running) -> None:
    user = await running.account()
    mine, copied = (
        running.graphql(await running.token(user)),
        running.graphql(await running.token(user)),
    )
    changed = await mine.data(
        CHANGE_PASSWORD, i={"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD}
    )
    assert changed["changePassword"]["__typename"] == "AccountUpdated"
    await _until_refused(copied)
    assert await _works(mine)


async def test_a_password_reset_ends_every_session(running: Running) -> None:
    user = await running.account()
    copied = running.graphql(await running.token(user))
    link = reset_token(user, key=running.key, settings=running.settings)
    reset = await running.graphql().data(
        RESET_PASSWORD, i={"token": link, "password": NEW_PASSWORD}
    )
    assert reset["resetPassword"]["__typename"] == "ResetPasswordSuccess"
    await _until_refused(copied)
    assert (await running.sign_in(user, NEW_PASSWORD)).status_code == 200


async def test_deleting_the_account_ends_every_session(running: Running) -> None:
    user = await running.account()
    token = await running.token(user)
    mine, copied = running.graphql(token), running.graphql(await running.token(user))
    deleted = await mine.data(DELETE, p=PASSWORD)
    assert deleted["deleteAccount"]["__typename"] == "AccountDeleted"
    await _until_refused(copied)
    await _until_refused(mine)
    assert (await running.post("/auth/refresh", token)).status_code == 401


async def test_a_block_ends_every_session_and_sign_in(running: Running) -> None:
    user = await running.account()
    token = await running.token(user)
    copied = running.graphql(token)
    admin = running.admin()
    blocked = await admin.data(BLOCK, i={"userId": str(user.id), "blocked": True})
    assert blocked["setUserBlocked"] == {"__typename": "SetUserBlockedSuccess", "blocked": True}
    await _until_refused(copied)
    assert (await running.post("/auth/refresh", token)).json()["error"] == "SessionEnded"
    # refused like a wrong password: nothing tells a blocked account apart
    refused = await running.sign_in(user)
    assert (refused.status_code, refused.json()["error"]) == (401, "CredentialsSignin")

    lifted = await admin.data(BLOCK, i={"userId": str(user.id), "blocked": False})
    assert lifted["setUserBlocked"]["blocked"] is False
    assert await _works(running.graphql(await running.token(user)))


async def test_only_admins_block_and_not_themselves(running: Running) -> None:
    user = await running.account()
    me = running.graphql(await running.token(user))
    body = await me.execute(BLOCK, i={"userId": str(user.id), "blocked": True})
    assert body["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    admin = await running.account()
    admin_user = User(id=admin.id, roles=["administrator"], site=running.settings.site)
    as_admin = running.graphql(
        issue_token(
            admin_user, session_id=str(uuid.uuid4()), key=running.key, settings=running.settings
        )
    )
    itself = await as_admin.data(BLOCK, i={"userId": str(admin.id), "blocked": True})
    assert itself["setUserBlocked"]["errors"] == [{"code": "FORBIDDEN"}]
    unknown = await as_admin.data(BLOCK, i={"userId": str(uuid.uuid4()), "blocked": True})
    assert unknown["setUserBlocked"]["errors"] == [{"code": "NOT_FOUND"}]


async def test_a_role_change_outdates_tokens_and_the_session_renews(running: Running) -> None:
    user = await running.account()
    token = await running.token(user)
    copied = running.graphql(token)
    changed = await running.admin().data(
        CHANGE_ROLES, i={"userId": str(user.id), "roles": ["recruiter"]}
    )
    assert changed["changeUserRoles"]["__typename"] == "ChangeUserRolesSuccess"
    await _until_refused(copied)

    renewed = await running.post("/auth/refresh", token)
    assert renewed.status_code == 200, renewed.text
    assert renewed.json()["user"]["roles"] == ["recruiter"]
    fresh = running.graphql(renewed.json()["accessToken"])
    assert (await fresh.data(ME))["currentUser"]["roles"] == [{"targetId": "recruiter"}]
    # the same session: signing out with the renewed token ends the old one's session too
    assert (await running.post("/auth/signout", renewed.json()["accessToken"])).status_code == 204
    await _until_refused(fresh)
    assert (await running.post("/auth/refresh", token)).status_code == 401
