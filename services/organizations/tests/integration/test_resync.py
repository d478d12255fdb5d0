"""``python -m organizations.resync``: every profile's current state goes out again as a snapshot
at its version, through the outbox."""

from __future__ import annotations

import pytest
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.service import persist
from organizations.db import outbox
from organizations.resync import republish_snapshots
from organizations.settings import OrganizationsSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.factories import profile

pytestmark = pytest.mark.integration


async def test_every_profile_is_sent_again_at_its_version(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, OrganizationsSettings)
    organization, published = profile(name="Resync Harbor", version=4)
    await persist(committed_sessions, organization)
    await persist(committed_sessions, published)

    count = await republish_snapshots(
        sessions=committed_sessions, settings=service_settings, batch_size=1
    )

    assert count >= 1
    async with committed_sessions() as session:
        rows = (
            await session.execute(
                select(outbox.c.event_type, outbox.c.body).where(outbox.c.key == str(published.id))
            )
        ).all()
    assert [row.event_type for row in rows] == ["organizations.profile.updated"]
    event = EventEnvelope.from_bytes(rows[0].body)
    assert event.aggregate_version == 4
    assert event.payload["published"] is True
    assert event.payload["name"] == "Resync Harbor"
