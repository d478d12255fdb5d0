"""Legal holds (ADR 0036): an account under a hold can still be deleted, but its erasure request
waits holding the reason and no service is asked, not even by the retries; lifting the hold asks
every service; placing and lifting are in the audit log; only administrators may do either."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from identity.db import outbox
from identity.domain.account import delete_account
from identity.domain.erasure import ask_again
from identity.domain.legal_hold import lift_legal_hold, set_legal_hold
from identity.domain.models import AuditEntry, ErasureRequest, User
from identity.domain.service import register_user
from identity.settings import IdentitySettings
from jobkit.contracts import ERASERS
from jobkit.events import EventEnvelope
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

PASSWORD = "a long enough password"


async def _person(sessions: async_sessionmaker[AsyncSession], settings: IdentitySettings) -> User:
    user = await register_user(
        sessions=sessions,
        settings=settings,
        email=f"held-{uuid.uuid4().hex[:8]}@example.org",
        password=PASSWORD,
        first_name="Ada",
        last_name="Lovelace",
    )
    assert isinstance(user, User)
    return user


async def _asked(sessions: async_sessionmaker[AsyncSession], user_id: uuid.UUID) -> list[list[str]]:
    async with sessions() as session:
        bodies = await session.scalars(
            select(outbox.c.body)
            .where(outbox.c.key == str(user_id), outbox.c.event_type == "identity.user.deleted")
            .order_by(outbox.c.id)
        )
        return [EventEnvelope.from_bytes(body).payload["services"] for body in bodies]


async def test_a_held_account_is_deleted_but_erased_only_once_the_hold_is_lifted(
    service_settings: IdentitySettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    user = await _person(committed_sessions, service_settings)
    admin = str(uuid.uuid4())
    held = await set_legal_hold(
        committed_sessions, user_id=user.id, reason="  Court order 12/2026  ", actor=admin
    )
    assert isinstance(held, User)
    assert held.legal_hold_reason == "Court order 12/2026"

    deleted = await delete_account(
        sessions=committed_sessions,
        settings=service_settings,
        user_id=user.id,
        current_password=PASSWORD,
        actor=str(user.id),
    )
    assert deleted == user.id
    async with committed_sessions() as session:
        assert await session.get(User, user.id) is None  # the account itself goes
        request = await session.get(ErasureRequest, user.id)
    assert request is not None
    assert request.held_reason == "Court order 12/2026"
    assert request.email == user.email  # kept to erase by address once released
    assert await _asked(committed_sessions, user.id) == []
    # the retries leave it alone, however long it waits
    later = datetime.now(UTC) + timedelta(days=30)
    await ask_again(committed_sessions, service_settings, now=later)
    assert await _asked(committed_sessions, user.id) == []

    lifted = await lift_legal_hold(
        committed_sessions, service_settings, user_id=user.id, actor=admin
    )
    assert lifted == user.id
    assert await _asked(committed_sessions, user.id) == [list(ERASERS)]
    async with committed_sessions() as session:
        request = await session.get(ErasureRequest, user.id)
        assert request is not None
        assert request.held_reason is None
        assert request.attempts == 1
        operations = list(
            await session.scalars(
                select(AuditEntry.operation_name)
                .where(AuditEntry.user_id == user.id)
                .order_by(AuditEntry.attempted_at)
            )
        )
    assert operations == ["setLegalHold", "liftLegalHold"]
    # nothing left to lift
    again = await lift_legal_hold(
        committed_sessions, service_settings, user_id=user.id, actor=admin
    )
    assert not isinstance(again, uuid.UUID)
    assert [error.code for error in again.errors] == ["NOT_FOUND"]


async def test_a_hold_lifted_before_the_deletion_leaves_the_erasure_as_usual(
    service_settings: IdentitySettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    user = await _person(committed_sessions, service_settings)
    admin = str(uuid.uuid4())
    await set_legal_hold(committed_sessions, user_id=user.id, reason="Audit", actor=admin)
    assert (
        await lift_legal_hold(committed_sessions, service_settings, user_id=user.id, actor=admin)
        == user.id
    )
    await delete_account(
        sessions=committed_sessions,
        settings=service_settings,
        user_id=user.id,
        current_password=PASSWORD,
        actor=str(user.id),
    )
    assert await _asked(committed_sessions, user.id) == [list(ERASERS)]


async def test_a_hold_needs_a_reason_and_an_account(
    service_settings: IdentitySettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    user = await _person(committed_sessions, service_settings)
    admin = str(uuid.uuid4())
    for reason, code in (("   ", "REQUIRED"), ("x" * 501, "TOO_LONG")):
        refused = await set_legal_hold(
            committed_sessions, user_id=user.id, reason=reason, actor=admin
        )
        assert not isinstance(refused, User)
        assert [(e.code, e.field) for e in refused.errors] == [(code, "reason")]
    unknown = await set_legal_hold(
        committed_sessions, user_id=uuid.uuid4(), reason="Audit", actor=admin
    )
    assert not isinstance(unknown, User)
    assert [e.code for e in unknown.errors] == ["NOT_FOUND"]


SET = """mutation($id: ID!, $reason: String!) { setLegalHold(userId: $id, reason: $reason) {
  __typename ... on LegalHoldChanged { userId reason }
  ... on AccountErrors { errors { field code message } } } }"""
LIFT = """mutation($id: ID!) { liftLegalHold(userId: $id) { __typename
  ... on LegalHoldChanged { userId reason } } }"""
HELD = """{ erasureRequests(pendingOnly: true, limit: 100) { requests { userId heldReason } } }"""


async def test_through_graphql_only_administrators_hold_and_see_the_hold(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    service_settings: IdentitySettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    user = await _person(committed_sessions, service_settings)
    admin = graphql.as_user(tokens.token(str(uuid.uuid4()), ["administrator"]))
    placed = (await admin.data(SET, id=str(user.id), reason="Dispute"))["setLegalHold"]
    assert placed == {"__typename": "LegalHoldChanged", "userId": str(user.id), "reason": "Dispute"}
    await delete_account(
        sessions=committed_sessions,
        settings=service_settings,
        user_id=user.id,
        current_password=PASSWORD,
        actor=str(user.id),
    )
    requests = (await admin.data(HELD))["erasureRequests"]["requests"]
    [mine] = [r for r in requests if r["userId"] == str(user.id)]
    assert mine["heldReason"] == "Dispute"
    for roles in (["applicant"], ["recruiter"]):
        caller = graphql.as_user(tokens.token(str(uuid.uuid4()), roles))
        for document, variables in ((SET, {"reason": "x"}), (LIFT, {})):
            answer = await caller.execute(document, id=str(user.id), **variables)
            assert answer["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    visitor = await graphql.execute(LIFT, id=str(user.id))
    assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    lifted = (await admin.data(LIFT, id=str(user.id)))["liftLegalHold"]
    assert lifted == {"__typename": "LegalHoldChanged", "userId": str(user.id), "reason": None}
