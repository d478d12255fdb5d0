"""``python -m jobs.resync``: every job's current state goes out again as a snapshot at its
version, through the outbox."""

from __future__ import annotations

import pytest
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.service import persist
from jobs.db import outbox
from jobs.domain.models import Job
from jobs.resync import republish_snapshots
from jobs.settings import JobsSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import job, organization

pytestmark = pytest.mark.integration


async def test_every_job_is_sent_again_at_its_version(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, JobsSettings)
    org = organization()
    published = job(org, state="published", version=7)
    draft = job(org, state="draft", version=2)
    await persist(committed_sessions, org, published, draft)

    count = await republish_snapshots(
        sessions=committed_sessions, settings=service_settings, batch_size=1
    )

    assert count >= 2  # the database may hold other tests' jobs too
    async with committed_sessions() as session:
        rows = (
            await session.execute(
                select(outbox.c.key, outbox.c.event_type, outbox.c.body, outbox.c.topic).where(
                    outbox.c.key.in_([str(published.id), str(draft.id)])
                )
            )
        ).all()
    assert {(row.key, row.event_type) for row in rows} == {
        (str(published.id), "jobs.job.updated"),
        (str(draft.id), "jobs.job.updated"),
    }
    by_key = {row.key: EventEnvelope.from_bytes(row.body) for row in rows}
    assert by_key[str(published.id)].aggregate_version == 7
    assert by_key[str(published.id)].payload["state"] == "published"
    assert by_key[str(draft.id)].payload["state"] == "draft"
    assert by_key[str(draft.id)].actor == "system:resync"
    # the job's own last change, not the resync's moment
    async with committed_sessions() as session:
        changed = await session.scalar(select(Job.updated_at).where(Job.id == published.id))
    assert changed is not None
    assert by_key[str(published.id)].payload["updated_at"] == changed.isoformat()
    assert by_key[str(published.id)].occurred_at > changed
    assert {row.topic for row in rows} == {service_settings.topic("jobs.job")}
