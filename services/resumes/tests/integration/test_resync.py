"""``python -m resumes.resync``: every resume's public state goes out again as a snapshot at its
version and with its own last update (so resume alerts see nothing new), through the outbox, and
never a private field."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.service import persist
from resumes.db import outbox
from resumes.resync import republish_snapshots
from resumes.settings import ResumesSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.resumes.tests.factories import resume

pytestmark = pytest.mark.integration


async def test_every_resume_is_sent_again_at_its_version_without_private_fields(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, ResumesSettings)
    changed = datetime.now(UTC) - timedelta(days=12)
    findable = resume(version=5, updated_at=changed)
    hidden = resume(findable=False, version=2, updated_at=changed)
    await persist(committed_sessions, findable, hidden)

    count = await republish_snapshots(
        sessions=committed_sessions, settings=service_settings, batch_size=1
    )

    assert count >= 2  # the database may hold other tests' resumes too
    async with committed_sessions() as session:
        rows = (
            await session.execute(
                select(outbox.c.key, outbox.c.event_type, outbox.c.body, outbox.c.topic).where(
                    outbox.c.key.in_([str(findable.id), str(hidden.id)])
                )
            )
        ).all()
    assert {(row.key, row.event_type) for row in rows} == {
        (str(findable.id), "resumes.resume.updated"),
        (str(hidden.id), "resumes.resume.updated"),
    }
    by_key = {row.key: EventEnvelope.from_bytes(row.body) for row in rows}
    sent = by_key[str(findable.id)]
    assert sent.aggregate_version == 5
    assert sent.payload["searchable"] is True
    assert by_key[str(hidden.id)].payload["searchable"] is False
    # the resume's own last change, not the resync's moment
    assert datetime.fromisoformat(sent.payload["updated_at"]) == changed
    for secret in ("Private-Lovelace", "1234567", "1990-05-17", "Potsdam", "applicant-"):
        assert secret not in row_text(rows)
    assert {row.topic for row in rows} == {service_settings.topic("resumes.resume")}


def row_text(rows: list[object]) -> str:
    return " ".join(str(getattr(row, "body", b"").decode()) for row in rows)
