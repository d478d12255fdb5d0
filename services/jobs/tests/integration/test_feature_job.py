"""feature_job (the demo seed's and administrators' way to feature a job): once, with its event;
again while featured changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from jobkit.settings import ServiceSettings
from jobkit.testing.service import persist
from jobs.db import outbox
from jobs.domain import service
from jobs.domain.models import Job
from jobs.settings import JobsSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

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
        answer = await service.feature_job(
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
