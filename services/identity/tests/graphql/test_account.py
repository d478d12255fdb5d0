"""A signed-in user's own account through GraphQL: profile, password, email (re-verified by the
mailed link's token), deletion; each refusal with its field and code."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from identity.domain.account import email_change_token
from identity.domain.models import User
from identity.domain.service import register_user
from identity.domain.tokens import SigningKey, issue_token
from identity.main import create_app
from identity.settings import IdentitySettings
from jobkit.db import make_sessionmaker
from jobkit.events import EventEnvelope
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import free_port, serve
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

pytestmark = pytest.mark.integration

PASSWORD = "a long enough password"
ME = "{ currentUser { id name displayName firstName lastName email pendingEmail emailVerified } }"
RESULT = """__typename
  ... on AccountUpdated { user { id displayName firstName email pendingEmail emailVerified } }
  ... on AccountErrors { errors { field code message } }"""
UPDATE_PROFILE = f"mutation($i: UpdateProfileInput!) {{ updateProfile(input: $i) {{ {RESULT} }} }}"
CHANGE_EMAIL = f"mutation($i: ChangeEmailInput!) {{ changeEmail(input: $i) {{ {RESULT} }} }}"
CHANGE_PASSWORD = (
    f"mutation($i: ChangePasswordInput!) {{ changePassword(input: $i) {{ {RESULT} }} }}"
)
VERIFY = """mutation($t: String!) { verifyEmail(token: $t) { __typename
  ... on VerifyEmailSuccess { user { email emailVerified } }
  ... on AccountErrors { errors { code } } } }"""
DELETE = """mutation($p: String!) { deleteAccount(currentPassword: $p) { __typename
  ... on AccountDeleted { id } ... on AccountErrors { errors { field code } } } }"""


@dataclass
class Identity:
    graphql: GraphQLClient
    settings: IdentitySettings
    key: SigningKey
    engine: AsyncEngine

    async def user(self) -> tuple[User, GraphQLClient]:
        user = await register_user(
            sessions=make_sessionmaker(self.engine),
            settings=self.settings,
            email=f"acct-{uuid.uuid4().hex[:8]}@example.org",
            password=PASSWORD,
            first_name="Ada",
            last_name="Lovelace",
        )
        assert isinstance(user, User)
        token = issue_token(
            user, session_id=str(uuid.uuid4()), key=self.key, settings=self.settings
        )
        return user, self.graphql.as_user(token)


@pytest.fixture(scope="module")
async def identity(
    service_settings: IdentitySettings, service_engine: AsyncEngine
) -> AsyncIterator[Identity]:
    # identity verifies the tokens it signs: its JWKS is its own
    port = free_port()
    settings = service_settings.model_copy(
        update={"jwks_url": f"http://127.0.0.1:{port}/.well-known/jwks.json"}
    )
    app = create_app(settings)
    async with serve(app, port=port) as url:
        yield Identity(
            GraphQLClient(f"{url}/graphql"), settings, app.state.signing_key, service_engine
        )


def _codes(answer: dict[str, object], name: str) -> list[tuple[str, str]]:
    errors = answer[name].get("errors", [])  # type: ignore[attr-defined]
    return [(e["field"], e["code"]) for e in errors]


async def test_a_user_changes_their_names(identity: Identity) -> None:
    _, me = await identity.user()
    changed = await me.data(UPDATE_PROFILE, i={"firstName": " Augusta ", "displayName": "A. L."})
    assert changed["updateProfile"]["user"]["firstName"] == "Augusta"
    assert (await me.data(ME))["currentUser"]["name"] == "A. L."
    cleared = await me.data(UPDATE_PROFILE, i={"displayName": ""})
    assert cleared["updateProfile"]["user"]["displayName"] == "Augusta Lovelace"
    refused = await me.data(UPDATE_PROFILE, i={"lastName": "  ", "firstName": "x" * 101})
    assert sorted(_codes(refused, "updateProfile")) == [
        ("firstName", "TOO_LONG"),
        ("lastName", "TOO_SHORT"),
    ]


async def test_a_new_email_counts_once_its_link_is_opened(identity: Identity) -> None:
    user, me = await identity.user()
    wrong = await me.data(CHANGE_EMAIL, i={"email": "new@example.org", "currentPassword": "nope"})
    assert _codes(wrong, "changeEmail") == [("currentPassword", "WRONG_PASSWORD")]
    invalid = await me.data(CHANGE_EMAIL, i={"email": "no-at-sign", "currentPassword": PASSWORD})
    assert _codes(invalid, "changeEmail") == [("email", "INVALID")]

    new_email = f"new-{uuid.uuid4().hex[:8]}@example.org"
    asked = await me.data(CHANGE_EMAIL, i={"email": new_email, "currentPassword": PASSWORD})
    assert asked["changeEmail"]["user"]["pendingEmail"] == new_email
    assert asked["changeEmail"]["user"]["email"] == user.email  # not yet
    async with identity.engine.connect() as connection:
        queued = await connection.scalar(
            text(
                "SELECT count(*) FROM outbox WHERE key = :id"
                " AND event_type = 'identity.user.email_change_requested'"
            ),
            {"id": str(user.id)},
        )
    assert queued == 1

    token = email_change_token(user, new_email, key=identity.key, settings=identity.settings)
    confirmed = await identity.graphql.data(VERIFY, t=token)
    assert confirmed["verifyEmail"]["user"] == {"email": new_email, "emailVerified": True}
    again = await identity.graphql.data(VERIFY, t=token)
    assert again["verifyEmail"]["errors"] == [{"code": "LINK_USED"}]
    assert (await me.data(ME))["currentUser"]["pendingEmail"] is None


async def test_a_link_for_an_abandoned_address_does_nothing(identity: Identity) -> None:
    user, me = await identity.user()
    first = f"first-{uuid.uuid4().hex[:8]}@example.org"
    second = f"second-{uuid.uuid4().hex[:8]}@example.org"
    await me.data(CHANGE_EMAIL, i={"email": first, "currentPassword": PASSWORD})
    await me.data(CHANGE_EMAIL, i={"email": second, "currentPassword": PASSWORD})
    stale = email_change_token(user, first, key=identity.key, settings=identity.settings)
    answer = await identity.graphql.data(VERIFY, t=stale)
    assert answer["verifyEmail"]["errors"] == [{"code": "LINK_INVALID"}]


async def _events(identity: Identity, key: uuid.UUID) -> list[tuple[str, bytes]]:
    async with identity.engine.connect() as connection:
        rows = await connection.execute(
            text("SELECT event_type, body FROM outbox WHERE key = :key ORDER BY id"),
            {"key": str(key)},
        )
        return [(row.event_type, row.body) for row in rows]


async def test_a_taken_address_gets_the_same_answer_and_its_owner_a_notice(
    identity: Identity,
) -> None:
    other, _ = await identity.user()
    free_user, free_me = await identity.user()
    user, me = await identity.user()
    free_address = f"free-{uuid.uuid4().hex[:8]}@example.org"
    free = await free_me.data(CHANGE_EMAIL, i={"email": free_address, "currentPassword": PASSWORD})
    taken = await me.data(
        CHANGE_EMAIL, i={"email": f" {other.email.upper()}", "currentPassword": PASSWORD}
    )

    # the same answer: the address asked for waits for its link, the account's stays
    for answer, asker, asked in ((free, free_user, free_address), (taken, user, other.email)):
        assert answer["changeEmail"] == {
            "__typename": "AccountUpdated",
            "user": {
                "id": str(asker.id),
                "displayName": "Ada Lovelace",
                "firstName": "Ada",
                "email": asker.email,
                "pendingEmail": asked,
                "emailVerified": False,
            },
        }
    assert (await me.data(ME))["currentUser"]["pendingEmail"] == other.email
    # no link for the taken address: its owner is told instead, and nothing else changes
    assert [event for event, _ in await _events(identity, user.id)] == ["identity.user.registered"]
    assert [event for event, _ in await _events(identity, free_user.id)] == [
        "identity.user.registered",
        "identity.user.email_change_requested",
    ]
    [_registered, (event_type, body)] = await _events(identity, other.id)
    assert event_type == "identity.user.taken_email_used"
    notice = EventEnvelope.from_bytes(body)
    assert notice.payload == {"user_id": str(other.id), "attempt": "change_email"}
    assert notice.actor == str(user.id)
    async with identity.engine.connect() as connection:
        owners = await connection.scalar(
            text("SELECT count(*) FROM users WHERE lower(email) = :email"), {"email": other.email}
        )
    assert owners == 1
    # and a link made up for it would not move the address either
    token = email_change_token(user, other.email, key=identity.key, settings=identity.settings)
    refused = await identity.graphql.data(VERIFY, t=token)
    assert refused["verifyEmail"]["errors"] == [{"code": "EMAIL_TAKEN"}]


async def test_a_password_change_needs_the_current_one(identity: Identity) -> None:
    _, me = await identity.user()
    wrong = await me.data(
        CHANGE_PASSWORD, i={"currentPassword": "guess", "newPassword": "another long password"}
    )
    assert _codes(wrong, "changePassword") == [("currentPassword", "WRONG_PASSWORD")]
    short = await me.data(CHANGE_PASSWORD, i={"currentPassword": PASSWORD, "newPassword": "x"})
    assert _codes(short, "changePassword") == [("newPassword", "TOO_SHORT")]
    ok = await me.data(
        CHANGE_PASSWORD, i={"currentPassword": PASSWORD, "newPassword": "another long password"}
    )
    assert ok["changePassword"]["__typename"] == "AccountUpdated"


async def test_deleting_the_account_asks_for_the_password_and_publishes_it(
    identity: Identity,
) -> None:
    user, me = await identity.user()
    wrong = await me.data(DELETE, p="guess")
    assert _codes(wrong, "deleteAccount") == [("currentPassword", "WRONG_PASSWORD")]
    deleted = await me.data(DELETE, p=PASSWORD)
    assert deleted["deleteAccount"] == {"__typename": "AccountDeleted", "id": str(user.id)}
    assert (await me.data(ME))["currentUser"] is None
    async with identity.engine.connect() as connection:
        events = await connection.scalar(
            text(
                "SELECT count(*) FROM outbox"
                " WHERE key = :id AND event_type = 'identity.user.deleted'"
            ),
            {"id": str(user.id)},
        )
    assert events == 1


async def test_visitors_cannot_change_an_account(identity: Identity) -> None:
    answer = await identity.graphql.execute(UPDATE_PROFILE, i={"firstName": "X"})
    assert answer["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
