"""A deleted account in analytics (ADR 0036): its events stay for the dashboards with a random
id instead of the person's, its recorded cookie consent and the relay forwards naming it go;
nobody else's data changes; a second delivery changes nothing; the confirmation goes out."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
from analytics.db import outbox
from analytics.domain.models import AnalyticsEvent, RelayForward, VisitorConsent
from analytics.messaging.consumers import erasure_handlers
from analytics.settings import AnalyticsSettings
from jobkit import contracts
from jobkit.testing.erasure import confirmations, deletion_event, deliver
from jobkit.testing.service import persist
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration


def _event(user_id: str, key: str = "job_apply_complete") -> AnalyticsEvent:
    return AnalyticsEvent(
        source_event_id=uuid.uuid4(),
        key=key,
        site="jobboard",
        occurred_at=datetime.now(UTC),
        dimensions={"current_user_id": user_id, "entity_id": "job-1", "entity_type": "job"},
    )


def _forward(user_id: str) -> RelayForward:
    return RelayForward(
        destination="measurement",
        site="jobboard",
        event_key="sign_up",
        body={"user_id": user_id, "events": [{"name": "sign_up"}]},
        source_event_id=uuid.uuid4(),
    )


async def test_a_deleted_accounts_events_are_anonymized_once(
    service_settings: AnalyticsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    person, other = str(uuid.uuid4()), str(uuid.uuid4())
    applied, registered, theirs = _event(person), _event(person, "sign_up"), _event(other)
    mine_out, theirs_out = _forward(person), _forward(other)
    await persist(
        committed_sessions,
        applied,
        registered,
        theirs,
        mine_out,
        theirs_out,
        VisitorConsent(user_id=person, categories=["statistics"]),
        VisitorConsent(user_id=other, categories=["statistics"]),
    )
    handler = erasure_handlers(service_settings)[contracts.USER_DELETED]
    for _ in range(2):
        await deliver(committed_sessions, handler, deletion_event(person))

    async with committed_sessions() as session:
        rows = {
            row.id: row
            for row in await session.scalars(
                select(AnalyticsEvent).where(
                    AnalyticsEvent.id.in_([applied.id, registered.id, theirs.id])
                )
            )
        }
        ids = {rows[applied.id].dimensions["current_user_id"]}
        ids.add(rows[registered.id].dimensions["current_user_id"])
        assert len(ids) == 1  # one anonymous visitor's journey
        [stranger] = ids
        assert stranger.startswith("erased:")
        assert person not in stranger
        assert rows[applied.id].dimensions["entity_id"] == "job-1"
        assert rows[theirs.id].dimensions["current_user_id"] == other
        assert await session.get(VisitorConsent, person) is None
        assert await session.get(VisitorConsent, other) is not None
        assert await session.get(RelayForward, mine_out.id) is None
        assert await session.get(RelayForward, theirs_out.id) is not None

    done = await confirmations(committed_sessions, outbox, service="analytics", user_id=person)
    assert len(done) == 2
    assert done[0].payload["anonymized"] == {"analytics_events": 2}
    assert done[0].payload["erased"] == {"relay_forwards": 1, "visitor_consents": 1}
    assert (done[1].payload["anonymized"], done[1].payload["erased"]) == ({}, {})
