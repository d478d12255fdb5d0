"""Jobs created at the same moment with the same title each get their own slug (the claims of one
base slug wait for each other) instead of one of them failing on the unique index."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from jobkit.auth import Principal
from jobkit.settings import ServiceSettings
from jobkit.testing.service import persist
from jobs.domain import creation
from jobs.domain.models import Job
from jobs.settings import JobsSettings
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import add_member, organization

pytestmark = pytest.mark.integration


async def test_same_title_at_once_gets_distinct_slugs(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, JobsSettings)
    org = organization()
    await persist(committed_sessions, org)
    member = uuid.uuid4()
    await add_member(committed_sessions, org, member)
    principal = Principal(user_id=str(member), roles=frozenset({"recruiter"}))
    title = f"Field Officer {uuid.uuid4().hex[:6]}"

    created = await asyncio.gather(
        *(
            creation.create_job(
                sessions=committed_sessions,
                settings=service_settings,
                principal=principal,
                organization_id=org.id,
                title=title,
                type="job_per_template",
            )
            for _ in range(6)
        )
    )

    assert all(isinstance(job, Job) for job in created), created
    slugs = {job.slug for job in created if isinstance(job, Job)}
    assert len(slugs) == 6
