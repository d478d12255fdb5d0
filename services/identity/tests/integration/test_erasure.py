"""The erasure saga, identity's side (ADR 0036): deleting an account opens a request that asks
every eraser; confirmations are recorded once and close the request with the last one; services
that have not confirmed in time are asked again, one replica at a time."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from identity.db import outbox, rate_limit_hits
from identity.domain.account import delete_account
from identity.domain.consent import apply_consent_given
from identity.domain.erasure import RETRY_LOCK, ask_again
from identity.domain.models import (
    ErasureConfirmation,
    ErasureRequest,
    LoginThrottle,
    User,
    UserConsentMark,
)
from identity.domain.service import register_user
from identity.domain.throttle import account_key
from identity.messaging.consumers import erasure_handlers
from identity.settings import IdentitySettings
from jobkit.contracts import ERASERS, erasure_completed, erasure_topic
from jobkit.events import EventEnvelope
from jobkit.ratelimit import recipient_key
from sqlalchemy import insert, select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

PASSWORD = "a long enough password"


async def _deleted_user(
    sessions: async_sessionmaker[AsyncSession], settings: IdentitySettings
) -> uuid.UUID:
    user = await register_user(
        sessions=sessions,
        settings=settings,
        email=f"erase-{uuid.uuid4().hex[:8]}@example.org",
        password=PASSWORD,
        first_name="Ada",
        last_name="Lovelace",
    )
    assert isinstance(user, User)
    deleted = await delete_account(
        sessions=sessions,
        settings=settings,
        user_id=user.id,
        current_password=PASSWORD,
        actor=str(user.id),
    )
    assert deleted == user.id
    return user.id


async def _requests_published(
    sessions: async_sessionmaker[AsyncSession], user_id: uuid.UUID
) -> list[EventEnvelope]:
    async with sessions() as session:
        bodies = await session.scalars(
            select(outbox.c.body)
            .where(outbox.c.key == str(user_id), outbox.c.event_type == "identity.user.deleted")
            .order_by(outbox.c.id)
        )
        return [EventEnvelope.from_bytes(body) for body in bodies]


async def _confirm(
    sessions: async_sessionmaker[AsyncSession], user_id: uuid.UUID, service: str
) -> None:
    handler = erasure_handlers()[erasure_topic(service)][erasure_completed(service)]
    event = EventEnvelope(
        type=erasure_completed(service),
        aggregate_id=str(user_id),
        site="jobboard",
        payload={"user_id": str(user_id), "erased": {"rows": 2}, "anonymized": {}},
    )
    async with sessions() as session, session.begin():
        await handler(session, event)


async def _request(
    sessions: async_sessionmaker[AsyncSession], user_id: uuid.UUID
) -> tuple[ErasureRequest, set[str]]:
    async with sessions() as session:
        request = await session.get(ErasureRequest, user_id)
        assert request is not None
        confirmed = set(
            await session.scalars(
                select(ErasureConfirmation.service).where(ErasureConfirmation.user_id == user_id)
            )
        )
        return request, confirmed


async def test_deleting_an_account_asks_every_eraser(
    service_settings: IdentitySettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    user_id = await _deleted_user(committed_sessions, service_settings)
    [event] = await _requests_published(committed_sessions, user_id)
    assert event.payload["user_id"] == str(user_id)
    assert event.payload["services"] == list(ERASERS)
    assert event.payload["email"].startswith("erase-")
    request, confirmed = await _request(committed_sessions, user_id)
    assert request.requested_by == str(user_id)
    assert request.attempts == 1
    assert request.completed_at is None
    assert confirmed == set()


async def test_confirmations_are_recorded_once_and_missing_ones_asked_again(
    service_settings: IdentitySettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    user_id = await _deleted_user(committed_sessions, service_settings)
    late = "analytics"
    for service in ERASERS:
        if service != late:
            await _confirm(committed_sessions, user_id, service)
    await _confirm(committed_sessions, user_id, "jobs")  # again: harmless
    request, confirmed = await _request(committed_sessions, user_id)
    assert confirmed == set(ERASERS) - {late}
    assert request.completed_at is None

    # not yet due: nobody is asked again
    await ask_again(committed_sessions, service_settings)
    assert len(await _requests_published(committed_sessions, user_id)) == 1

    later = datetime.now(UTC) + timedelta(seconds=service_settings.erasure_retry_after_seconds + 1)
    assert await ask_again(committed_sessions, service_settings, now=later) >= 1
    first, retry = await _requests_published(committed_sessions, user_id)
    assert retry.payload["services"] == [late]
    assert retry.payload["email"] == first.payload["email"]
    assert retry.id != first.id
    request, _ = await _request(committed_sessions, user_id)
    assert request.attempts == 2
    # asked at ``later``: the same moment finds it not due again
    await ask_again(committed_sessions, service_settings, now=later)
    assert len(await _requests_published(committed_sessions, user_id)) == 2

    await _confirm(committed_sessions, user_id, late)
    request, confirmed = await _request(committed_sessions, user_id)
    assert confirmed == set(ERASERS)
    assert request.completed_at is not None
    assert request.email is None  # the address goes once every eraser is done
    much_later = later + timedelta(days=30)
    await ask_again(committed_sessions, service_settings, now=much_later)
    assert len(await _requests_published(committed_sessions, user_id)) == 2


async def test_a_confirmation_of_an_unknown_request_changes_nothing(
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    stranger = uuid.uuid4()
    await _confirm(committed_sessions, stranger, "jobs")
    async with committed_sessions() as session:
        assert await session.get(ErasureRequest, stranger) is None
        assert (
            await session.scalar(
                select(ErasureConfirmation).where(ErasureConfirmation.user_id == stranger)
            )
        ) is None


async def test_one_replica_at_a_time_asks_again(
    service_settings: IdentitySettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    user_id = await _deleted_user(committed_sessions, service_settings)
    later = datetime.now(UTC) + timedelta(seconds=service_settings.erasure_retry_after_seconds + 1)
    async with committed_sessions() as other, other.begin():
        # another replica is in the middle of the step
        assert await other.scalar(text("SELECT pg_try_advisory_xact_lock(:k)"), {"k": RETRY_LOCK})
        assert await ask_again(committed_sessions, service_settings, now=later) == 0
    assert len(await _requests_published(committed_sessions, user_id)) == 1
    assert await ask_again(committed_sessions, service_settings, now=later) >= 1
    assert len(await _requests_published(committed_sessions, user_id)) == 2


async def test_the_account_takes_its_consent_marks_and_counters_with_it(
    service_settings: IdentitySettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    """What identity keeps by the account's id or address besides the account (the consent
    marks read from consent's events, the rate limits' and the sign-in throttle's counters)
    goes in the deletion's transaction; a consent event read after it marks nothing again."""
    email = f"erase-{uuid.uuid4().hex[:8]}@example.org"
    user = await register_user(
        sessions=committed_sessions,
        settings=service_settings,
        email=email,
        password=PASSWORD,
        first_name="Ada",
        last_name="Lovelace",
    )
    assert isinstance(user, User)
    other = uuid.uuid4()
    info = uuid.uuid4()
    now = datetime.now(UTC)
    counters = {
        f"mail:account:{user.id}": True,
        recipient_key(email): True,
        f"mail:account:{other}": False,
    }
    async with committed_sessions() as session, session.begin():
        for who in (user.id, other):
            session.add(
                UserConsentMark(user_id=who, info_id=info, revision_id=uuid.uuid4(), given_at=now)
            )
        session.add(LoginThrottle(key=account_key(email), failures=1, window_started_at=now))
        await session.execute(
            insert(rate_limit_hits),
            [{"key": key, "window_start": now, "count": 1} for key in counters],
        )

    deleted = await delete_account(
        sessions=committed_sessions,
        settings=service_settings,
        user_id=user.id,
        current_password=PASSWORD,
        actor=str(user.id),
    )
    assert deleted == user.id

    def given() -> EventEnvelope:
        return EventEnvelope(
            type="consent.consent.given",
            aggregate_id=str(user.id),
            site="jobboard",
            payload={
                "consent_id": str(uuid.uuid4()),
                "user_id": str(user.id),
                "info_id": str(info),
                "revision_id": str(uuid.uuid4()),
                "type": "PRIVACY_POLICY",
                "placement": "REGISTRATION",
                "source": "user",
            },
        )

    async with committed_sessions() as session, session.begin():
        await apply_consent_given(session, given())  # given just before, read after
    async with committed_sessions() as session:
        marked = set(
            await session.scalars(
                select(UserConsentMark.user_id).where(UserConsentMark.info_id == info)
            )
        )
        assert marked == {other}
        assert await session.get(LoginThrottle, account_key(email)) is None
        left = set(
            await session.scalars(
                select(rate_limit_hits.c.key).where(rate_limit_hits.c.key.in_(counters))
            )
        )
    assert left == {key for key, theirs in counters.items() if not theirs}
