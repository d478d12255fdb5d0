"""The demo seed's applications (scripts/demo/seed_applications.py): every status, files, the
demo applicants' own; run twice, nothing doubles."""

from __future__ import annotations

import uuid

import pytest
from jobkit.settings import ServiceSettings
from jobkit.testing.service import persist
from jobs.domain.models import Application, ApplicationAttachment
from jobs.settings import JobsSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.demo.seed_applications import seed_demo_applications
from services.jobs.tests.factories import job, organization, question

pytestmark = pytest.mark.integration


async def test_the_demo_applications_cover_every_status_once(
    service_settings: ServiceSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    assert isinstance(service_settings, JobsSettings)
    org = organization()
    jobs = [
        job(
            org,
            state="published",
            application_qualifying_questions=[question("Licence?", "yes_no", knock_out=["no"])],
        )
        for _ in range(2)
    ]
    await persist(committed_sessions, org, *jobs)
    applicant = uuid.uuid4()
    applicants = {"applicant@jobboard.example": applicant}

    first = await seed_demo_applications(
        sessions=committed_sessions, settings=service_settings, applicants=applicants
    )
    assert set(first) == {"new", "reviewed", "shortlisted", "rejected", "hired"}
    again = await seed_demo_applications(
        sessions=committed_sessions, settings=service_settings, applicants=applicants
    )
    assert again == first
    async with committed_sessions() as session:
        mine = await session.scalar(
            select(func.count())
            .select_from(Application)
            .where(Application.applicant_id == str(applicant))
        )
        files = await session.scalar(select(func.count()).select_from(ApplicationAttachment))
    assert mine == 1
    assert files == sum(first.values())
