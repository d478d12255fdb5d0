"""Mails asked for by anonymous requests are limited per recipient and per client, and the answer
never changes when a mail is held back (ADR 0024): password resets, the taken-address notice of
sign-up and of a change of address."""

from __future__ import annotations

import uuid

import pytest
from identity.db import outbox
from identity.domain.models import User
from identity.main import create_app
from identity.settings import IdentitySettings
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.identity.tests.factories import sign_up_input
from services.identity.tests.graphql.test_sign_up_and_user import SIGN_UP, _signed_up

pytestmark = pytest.mark.integration

RESET = "mutation($e: String!) { requestPasswordReset(email: $e) { message } }"
CHANGE_EMAIL = """mutation($i: ChangeEmailInput!) { changeEmail(input: $i) { __typename
  ... on AccountUpdated { user { pendingEmail } } } }"""


def from_client(graphql: GraphQLClient, forwarded_for: str) -> GraphQLClient:
    client = GraphQLClient(graphql.url)
    client.headers = graphql.headers | {"X-Forwarded-For": forwarded_for}
    return client


def a_client() -> str:
    return f"203.0.113.{uuid.uuid4().int % 250}, 198.51.{uuid.uuid4().int % 250}.7"


async def events(
    sessions: async_sessionmaker[AsyncSession], user_id: uuid.UUID, event_type: str
) -> int:
    async with sessions() as session:
        count = await session.scalar(
            select(func.count())
            .select_from(outbox)
            .where(outbox.c.key == str(user_id), outbox.c.event_type == event_type)
        )
    return int(count or 0)


async def test_reset_links_are_limited_per_address_with_the_same_answer_for_any_address(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: IdentitySettings,
) -> None:
    limit = service_settings.mail_limit_per_recipient
    user = await _signed_up(graphql, committed_sessions, email=f"r-{uuid.uuid4().hex[:8]}@x.org")
    answers = set()
    for attempt in range(limit + 3):
        # every request from somewhere else: only the recipient repeats
        caller = from_client(graphql, f"10.{attempt}.{uuid.uuid4().int % 250}.1")
        answers.add(
            (await caller.data(RESET, e=user.email.upper()))["requestPasswordReset"]["message"]
        )
        answers.add(
            (await caller.data(RESET, e=f"nobody-{attempt}@x.org"))["requestPasswordReset"][
                "message"
            ]
        )
    assert len(answers) == 1
    sent = await events(committed_sessions, user.id, "identity.user.password_reset_requested")
    assert sent == limit


async def test_reset_links_are_limited_per_client_whatever_it_forwards(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: IdentitySettings,
) -> None:
    settings = service_settings.model_copy(update={"mail_limit_per_client": 2})
    users = [
        await _signed_up(graphql, committed_sessions, email=f"c-{uuid.uuid4().hex[:8]}@x.org")
        for _ in range(3)
    ]
    browser = f"203.0.113.{uuid.uuid4().int % 250}"
    async with serve(create_app(settings)) as base_url:
        for index, user in enumerate(users):
            # the browser forges a new first hop each time; the web server appends the real one
            caller = from_client(
                GraphQLClient(f"{base_url}/graphql"), f"192.0.2.{index}, {browser}"
            )
            await caller.data(RESET, e=user.email)
    sent = [
        await events(committed_sessions, u.id, "identity.user.password_reset_requested")
        for u in users
    ]
    assert sent == [1, 1, 0]


async def test_taken_address_notices_of_sign_up_are_limited_per_address(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: IdentitySettings,
) -> None:
    limit = service_settings.mail_limit_per_recipient
    first = sign_up_input(email=f"t-{uuid.uuid4().hex[:8]}@x.org")
    owner = await _signed_up(from_client(graphql, a_client()), committed_sessions, **first)
    for _ in range(limit + 2):
        again = first | {"password": "another good password", "firstName": "Eve"}
        answer = await from_client(graphql, a_client()).data(SIGN_UP, input=again)
        assert answer == {"signUp": {"__typename": "SignUpSuccess", "email": owner.email}}
    notices = await events(committed_sessions, owner.id, "identity.user.taken_email_used")
    assert notices == limit
    async with committed_sessions() as session:
        accounts = await session.scalar(
            select(func.count()).select_from(User).where(User.email == owner.email)
        )
    assert accounts == 1


async def test_a_change_of_address_mails_the_address_within_its_budget_and_answers_the_same(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: IdentitySettings,
) -> None:
    limit = service_settings.mail_limit_per_recipient
    owner = await _signed_up(graphql, committed_sessions, email=f"o-{uuid.uuid4().hex[:8]}@x.org")
    askers = []
    for _ in range(limit + 1):
        data = sign_up_input(email=f"a-{uuid.uuid4().hex[:8]}@x.org")
        askers.append((await _signed_up(graphql, committed_sessions, **data), data["password"]))
    answers = []
    for asker, password in askers:
        me = from_client(graphql.as_user(tokens.token(asker.id, ["applicant"])), a_client())
        answer = await me.data(CHANGE_EMAIL, i={"email": owner.email, "currentPassword": password})
        answers.append(answer["changeEmail"])
    expected = {"__typename": "AccountUpdated", "user": {"pendingEmail": owner.email}}
    assert answers == [expected] * len(askers)
    notices = await events(committed_sessions, owner.id, "identity.user.taken_email_used")
    assert notices == limit
