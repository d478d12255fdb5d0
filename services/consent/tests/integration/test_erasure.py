"""A deleted account's consents (ADR 0036): kept as the proof of lawful processing, without the
person (no address, a random id shared by their history); nobody else's changes; a second delivery
changes nothing; the confirmation goes out through the outbox."""

from __future__ import annotations

import uuid

import pytest
from consent.db import outbox
from consent.domain.models import UserConsent
from consent.messaging.consumers import identity_handlers
from consent.settings import ConsentSettings
from jobkit import contracts
from jobkit.testing.erasure import confirmations, deletion_event, deliver
from jobkit.testing.service import persist
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.consent.tests.factories import consent_info, user_consent

pytestmark = pytest.mark.integration


async def test_a_deleted_accounts_consents_are_anonymized_once(
    service_settings: ConsentSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    first, second = consent_info("Privacy"), consent_info("Terms", type="TERMS")
    await persist(committed_sessions, *first, *second)
    person, other = str(uuid.uuid4()), str(uuid.uuid4())
    await persist(
        committed_sessions,
        user_consent(person, *first, "ada@example.org"),
        user_consent(person, *second, "ada@example.org"),
        user_consent(other, *first, "bob@example.org"),
    )
    handler = identity_handlers(service_settings)[contracts.USER_DELETED]
    for _ in range(2):
        await deliver(committed_sessions, handler, deletion_event(person))

    async with committed_sessions() as session:
        kept = list(
            await session.scalars(
                select(UserConsent).where(
                    UserConsent.info_id.in_([first[0].id, second[0].id])  # type: ignore[attr-defined]
                )
            )
        )
    theirs = [row for row in kept if row.user_id != other]
    assert len(theirs) == 2
    assert {row.mail for row in theirs} == {""}
    assert len({row.user_id for row in theirs}) == 1
    assert theirs[0].user_id.startswith("erased:")
    assert person not in theirs[0].user_id
    [bobs] = [row for row in kept if row.user_id == other]
    assert bobs.mail == "bob@example.org"

    done = await confirmations(committed_sessions, outbox, service="consent", user_id=person)
    assert len(done) == 2
    assert done[0].payload["anonymized"] == {"user_consents": 2}
    assert done[1].payload["anonymized"] == {}  # the second delivery found nothing left


async def test_a_request_for_other_services_is_not_ours(
    service_settings: ConsentSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    info = consent_info()
    await persist(committed_sessions, *info)
    person = str(uuid.uuid4())
    await persist(committed_sessions, user_consent(person, *info, "ada@example.org"))
    handler = identity_handlers(service_settings)[contracts.USER_DELETED]
    await deliver(committed_sessions, handler, deletion_event(person, services=["jobs"]))
    async with committed_sessions() as session:
        assert await session.scalar(select(UserConsent.mail).where(UserConsent.user_id == person))
    assert await confirmations(committed_sessions, outbox, service="consent", user_id=person) == []
