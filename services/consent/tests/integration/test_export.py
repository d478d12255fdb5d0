"""A person's consents in their export (ADR 0038): every consent with the revision's texts they
agreed to, nobody else's; the part is stored under the export and announced through the outbox
with its size and digest; a request for other services is not ours."""

from __future__ import annotations

import hashlib
import uuid

import pytest
from consent.db import outbox
from consent.messaging.consumers import export_handlers
from consent.settings import ConsentSettings
from jobkit import contracts
from jobkit.export import export_storage
from jobkit.testing.erasure import deliver
from jobkit.testing.export import announcements, export_event, opened_part
from jobkit.testing.service import persist
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.consent.tests.factories import consent_info, user_consent

pytestmark = pytest.mark.integration


async def test_a_persons_consents_are_exported_with_their_texts(
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
    event = export_event(person, email="ada@example.org")
    handler = export_handlers(service_settings)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, event)

    [announced] = await announcements(committed_sessions, outbox, service="consent", user_id=person)
    assert announced.payload["export_id"] == event.payload["export_id"]
    assert announced.payload["counts"] == {"consents": 2}
    storage = export_storage(service_settings)
    stored = await storage.get(announced.payload["key"])
    assert announced.payload["size"] == len(stored)
    assert announced.payload["sha256"] == hashlib.sha256(stored).hexdigest()

    document, files = await opened_part(storage, announced.payload["key"])
    assert files == {}
    assert document["service"] == "consent"
    consents = document["consents"]
    assert sorted(item["type"] for item in consents) == ["PRIVACY_POLICY", "TERMS"]
    assert {item["address"] for item in consents} == {"ada@example.org"}
    assert sorted(item["revision"]["texts"]["en"] for item in consents) == ["Privacy", "Terms"]
    assert all(item["revision"]["number"] == 1 for item in consents)
    assert "bob@example.org" not in str(document)


async def test_a_request_for_other_services_is_not_ours(
    service_settings: ConsentSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    person = str(uuid.uuid4())
    handler = export_handlers(service_settings)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, export_event(person, services=["jobs"]))
    assert await announcements(committed_sessions, outbox, service="consent", user_id=person) == []
