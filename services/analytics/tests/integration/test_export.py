"""A person's data in analytics in their export (ADR 0038): the events tied to their account
(type, subject, time, site; none of the other dimensions), their recorded cookie consent and the
relay forwards naming them, nobody else's; the part is stored under the export and announced
through the outbox with its size, digest and counts; a request for other services is not ours."""

from __future__ import annotations

import hashlib
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from analytics.db import outbox
from analytics.domain.models import AnalyticsEvent, RelayForward, VisitorConsent
from analytics.messaging.consumers import export_handlers
from analytics.settings import AnalyticsSettings
from jobkit import contracts
from jobkit.export import export_storage
from jobkit.testing.erasure import deliver
from jobkit.testing.export import announcements, export_event, opened_part
from jobkit.testing.service import persist
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration


def _event(user_id: str, key: str, *, minutes_ago: int = 0) -> AnalyticsEvent:
    return AnalyticsEvent(
        source_event_id=uuid.uuid4(),
        key=key,
        site="jobboard",
        occurred_at=datetime.now(UTC) - timedelta(minutes=minutes_ago),
        dimensions={
            "current_user_id": user_id,
            "entity_id": "job-1",
            "entity_type": "job",
            "organization_id": "org-1",
            "application_id": f"application-of-{user_id}",
        },
    )


def _forward(user_id: str) -> RelayForward:
    return RelayForward(
        destination="measurement",
        site="jobboard",
        event_key="sign_up",
        body={"user_id": user_id, "events": [{"name": "sign_up"}]},
        source_event_id=uuid.uuid4(),
    )


async def test_a_persons_events_consent_and_forwards_are_exported(
    service_settings: AnalyticsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    person, other = str(uuid.uuid4()), str(uuid.uuid4())
    await persist(
        committed_sessions,
        _event(person, "sign_up", minutes_ago=10),
        _event(person, "job_apply_complete"),
        _event(other, "job_bookmark"),
        _forward(person),
        _forward(other),
        VisitorConsent(user_id=person, categories=["C0002"]),
        VisitorConsent(user_id=other, categories=["C0004"]),
    )
    event = export_event(person, email="ada@example.org")
    handler = export_handlers(service_settings)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, event)

    [announced] = await announcements(
        committed_sessions, outbox, service="analytics", user_id=person
    )
    assert announced.payload["export_id"] == event.payload["export_id"]
    assert announced.payload["counts"] == {
        "analytics_events": 2,
        "visitor_consents": 1,
        "relay_forwards": 1,
    }
    storage = export_storage(service_settings)
    stored = await storage.get(announced.payload["key"])
    assert announced.payload["size"] == len(stored)
    assert announced.payload["sha256"] == hashlib.sha256(stored).hexdigest()

    document, files = await opened_part(storage, announced.payload["key"])
    assert files == {}
    assert document["service"] == "analytics"
    events = document["analytics_events"]
    assert [item["type"] for item in events] == ["sign_up", "job_apply_complete"]  # oldest first
    assert all(item["site"] == "jobboard" and item["occurred_at"] for item in events)
    assert events[0]["subject"] == {"type": "job", "id": "job-1", "organization_id": "org-1"}
    assert "application-of" not in str(events)  # the other dimensions stay out
    [consent] = document["visitor_consents"]
    assert consent["categories"] == ["C0002"]
    assert consent["updated_at"]
    [forward] = document["relay_forwards"]
    assert (forward["destination"], forward["event"], forward["state"]) == (
        "measurement",
        "sign_up",
        "waiting",
    )
    assert forward["body"]["user_id"] == person
    text = str(document)
    assert other not in text
    assert "job_bookmark" not in text
    assert "C0004" not in text


async def test_a_request_for_other_services_is_not_ours(
    service_settings: AnalyticsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    person = str(uuid.uuid4())
    await persist(committed_sessions, _event(person, "sign_up"))
    handler = export_handlers(service_settings)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, export_event(person, services=["jobs"]))
    assert (
        await announcements(committed_sessions, outbox, service="analytics", user_id=person) == []
    )
