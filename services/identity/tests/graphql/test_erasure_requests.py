"""Administrators follow deleted accounts' erasures through GraphQL (ADR 0036): each request
with every eraser's state and counts; anyone else is refused."""

from __future__ import annotations

import uuid

import pytest
from identity.domain.account import delete_account
from identity.domain.models import User
from identity.domain.service import register_user
from identity.messaging.consumers import erasure_handlers
from identity.settings import IdentitySettings
from jobkit.contracts import ERASERS, erasure_completed, erasure_topic
from jobkit.events import EventEnvelope
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

QUERY = """query($pending: Boolean) { erasureRequests(pendingOnly: $pending, limit: 100) {
  total requests { userId requestedBy attempts completedAt
    services { service state confirmedAt erased { kind count } anonymized { kind count } } } } }"""
PASSWORD = "a long enough password"


async def _erased_account(
    sessions: async_sessionmaker[AsyncSession], settings: IdentitySettings
) -> uuid.UUID:
    user = await register_user(
        sessions=sessions,
        settings=settings,
        email=f"gone-{uuid.uuid4().hex[:8]}@example.org",
        password=PASSWORD,
        first_name="Ada",
        last_name="Lovelace",
    )
    assert isinstance(user, User)
    await delete_account(
        sessions=sessions,
        settings=settings,
        user_id=user.id,
        current_password=PASSWORD,
        actor=str(user.id),
    )
    return user.id


async def test_admins_see_each_services_progress(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    service_settings: IdentitySettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    user_id = await _erased_account(committed_sessions, service_settings)
    handler = erasure_handlers()[erasure_topic("jobs")][erasure_completed("jobs")]
    async with committed_sessions() as session, session.begin():
        await handler(
            session,
            EventEnvelope(
                type=erasure_completed("jobs"),
                aggregate_id=str(user_id),
                site="jobboard",
                payload={
                    "user_id": str(user_id),
                    "erased": {"bookmarks": 3, "applications": 1},
                    "anonymized": {"applications": 2},
                },
            ),
        )
    admin = graphql.as_user(tokens.token(str(uuid.uuid4()), ["administrator"]))
    answer = (await admin.data(QUERY, pending=True))["erasureRequests"]
    [request] = [r for r in answer["requests"] if r["userId"] == str(user_id)]
    assert request["requestedBy"] == str(user_id)
    assert request["attempts"] == 1
    assert request["completedAt"] is None
    by_service = {s["service"]: s for s in request["services"]}
    assert list(by_service) == list(ERASERS)
    jobs = by_service["jobs"]
    assert jobs["state"] == "CONFIRMED"
    assert jobs["confirmedAt"] is not None
    assert jobs["erased"] == [
        {"kind": "applications", "count": 1},
        {"kind": "bookmarks", "count": 3},
    ]
    assert jobs["anonymized"] == [{"kind": "applications", "count": 2}]
    assert {s["state"] for n, s in by_service.items() if n != "jobs"} == {"PENDING"}
    assert answer["total"] >= 1


async def test_others_are_refused(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    service_settings: IdentitySettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    await _erased_account(committed_sessions, service_settings)
    for roles in (["applicant"], ["recruiter"]):
        caller = graphql.as_user(tokens.token(str(uuid.uuid4()), roles))
        answer = await caller.execute(QUERY)
        assert answer["data"] is None
        assert answer["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    visitor = await graphql.execute(QUERY)
    assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


ERASE = """mutation($id: ID!) { eraseUser(userId: $id) { __typename
  ... on AccountDeleted { id } ... on AccountErrors { errors { field code } } } }"""


async def test_an_admin_erases_an_account_on_request(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    service_settings: IdentitySettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    user = await register_user(
        sessions=committed_sessions,
        settings=service_settings,
        email=f"asked-{uuid.uuid4().hex[:8]}@example.org",
        password=PASSWORD,
        first_name="Ada",
        last_name="Lovelace",
    )
    assert isinstance(user, User)
    applicant = graphql.as_user(tokens.token(str(uuid.uuid4()), ["applicant"]))
    refused = await applicant.execute(ERASE, id=str(user.id))
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"

    admin_id = str(uuid.uuid4())
    admin = graphql.as_user(tokens.token(admin_id, ["administrator"]))
    own = (await admin.data(ERASE, id=admin_id))["eraseUser"]
    assert own["errors"] == [{"field": "userId", "code": "FORBIDDEN"}]
    erased = (await admin.data(ERASE, id=str(user.id)))["eraseUser"]
    assert erased == {"__typename": "AccountDeleted", "id": str(user.id)}
    async with committed_sessions() as session:
        assert await session.get(User, user.id) is None
    answer = (await admin.data(QUERY, pending=True))["erasureRequests"]
    [request] = [r for r in answer["requests"] if r["userId"] == str(user.id)]
    assert request["requestedBy"] == admin_id
    again = (await admin.data(ERASE, id=str(user.id)))["eraseUser"]
    assert again["errors"][0]["code"] == "NOT_FOUND"
