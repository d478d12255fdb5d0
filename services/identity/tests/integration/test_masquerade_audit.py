"""Writes made while masquerading land in the audit log, attributed to the admin: the mutation's
service records them (jobkit.audit) through its outbox and the real broker, identity's consumer
stores them, admins read them with auditLog."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
from identity.domain.models import User
from identity.domain.service import register_user
from identity.domain.tokens import issue_token
from identity.main import create_app
from identity.settings import IdentitySettings
from jobkit.db import make_sessionmaker
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import free_port, serve
from sqlalchemy.ext.asyncio import AsyncEngine

pytestmark = pytest.mark.integration

AUDIT = """query($user: ID) { auditLog(limit: 10, userId: $user) { total entries {
  admin { id email } user { id email }
  service operationName fields variables outcome errors } } }"""
UPDATE = """mutation Rename($i: UpdateProfileInput!) { updateProfile(input: $i) { __typename } }"""


@dataclass
class Running:
    graphql: GraphQLClient
    settings: IdentitySettings
    app: Any
    engine: AsyncEngine

    async def user(self, roles: list[str]) -> User:
        sessions = make_sessionmaker(self.engine)
        user = await register_user(
            sessions=sessions,
            settings=self.settings,
            email=f"audit-{uuid.uuid4().hex[:8]}@example.org",
            password="a long enough password",
            first_name="Au",
            last_name="Dit",
        )
        assert isinstance(user, User)
        async with sessions() as session, session.begin():
            stored = await session.get(User, user.id)
            assert stored is not None
            stored.roles = roles
        user.roles = roles
        return user

    def token(self, user: User) -> str:
        return issue_token(
            user,
            session_id=str(uuid.uuid4()),
            key=self.app.state.signing_key,
            settings=self.settings,
        )


@pytest.fixture(scope="module")
async def running(
    service_settings: IdentitySettings, service_engine: AsyncEngine, run_prefix: str
) -> AsyncIterator[Running]:
    port = free_port()
    settings = service_settings.model_copy(
        update={
            "jwks_url": f"http://127.0.0.1:{port}/.well-known/jwks.json",
            "run_background_workers": True,
            "kafka_topic_prefix": f"{run_prefix}audit.",
        }
    )
    app = create_app(settings)
    async with serve(app, port=port) as url:
        yield Running(GraphQLClient(f"{url}/graphql"), settings, app, service_engine)


async def _entries(admin: GraphQLClient, user_id: str, count: int) -> list[dict[str, Any]]:
    deadline = asyncio.get_running_loop().time() + 60
    while asyncio.get_running_loop().time() < deadline:
        log = (await admin.data(AUDIT, user=user_id))["auditLog"]
        entries: list[dict[str, Any]] = log["entries"]
        if len(entries) >= count and all(e["outcome"] != "attempted" for e in entries):
            return entries
        await asyncio.sleep(0.3)
    raise AssertionError("the audit log did not receive the writes within 60 s")


async def test_a_masqueraded_write_is_attributed_to_the_admin(running: Running) -> None:
    admin = await running.user(["administrator"])
    applicant = await running.user(["applicant"])
    as_applicant = running.graphql.as_user(
        issue_token(
            applicant,
            session_id=str(uuid.uuid4()),
            key=running.app.state.signing_key,
            settings=running.settings,
            masqueraded=True,
            actor_id=str(admin.id),
        )
    )
    renamed = await as_applicant.data(UPDATE, i={"firstName": "Renamed"})
    assert renamed["updateProfile"]["__typename"] == "AccountUpdated"
    # a read while masquerading is not a write: not recorded
    await as_applicant.data("{ currentUser { id } }")

    admin_client = running.graphql.as_user(running.token(admin))
    [entry] = await _entries(admin_client, str(applicant.id), 1)
    assert entry["admin"] == {"id": str(admin.id), "email": admin.email}
    assert entry["user"]["id"] == str(applicant.id)
    assert entry["service"] == "identity"
    assert entry["operationName"] == "Rename"
    assert entry["fields"] == ["updateProfile"]
    assert entry["variables"] == ["i"]  # names only, never values
    assert entry["outcome"] == "succeeded"


async def test_the_applicants_own_writes_are_not_audited(running: Running) -> None:
    admin = await running.user(["administrator"])
    applicant = await running.user(["applicant"])
    await running.graphql.as_user(running.token(applicant)).data(UPDATE, i={"lastName": "Own"})
    await asyncio.sleep(1.0)
    log = await running.graphql.as_user(running.token(admin)).data(AUDIT, user=str(applicant.id))
    assert log["auditLog"]["total"] == 0


async def test_only_admins_read_the_audit_log(running: Running) -> None:
    recruiter = await running.user(["recruiter"])
    refused = await running.graphql.as_user(running.token(recruiter)).execute(AUDIT)
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    visitor = await running.graphql.execute(AUDIT)
    assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
