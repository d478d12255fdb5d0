"""The demo seed's feature_job (scripts/demo/seed_jobs.py): once, with its event;
again while featured changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from jobkit.settings import ServiceSettings
from jobkit.testing.service import persist
from jobs.db import outbox
from jobs.domain.models import Job
from jobs.settings import JobsSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.demo.seed_jobs import feature_job
from services.jobs.tests.factories import job, organization

pytestmark = pytest.mark.integration


async def test_featuring_a_job_twice_writes_once(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, JobsSettings)
    org = organization()
    row = job(org)
    await persist(committed_sessions, org, row)
    now = datetime.now(UTC)
    until = now + timedelta(days=30)
    for _ in range(2):
        answer = await feature_job(
            sessions=committed_sessions,
            settings=service_settings,
            job_id=row.id,
            until=until,
            now=now,
        )
        assert isinstance(answer, Job)
    assert answer.featured_until == until
    assert answer.version == row.version + 1
    async with committed_sessions() as session:
        events = await session.scalar(
            select(func.count()).where(
                outbox.c.key == str(row.id), outbox.c.event_type == "jobs.job.updated"
            )
        )
    assert events == 1
