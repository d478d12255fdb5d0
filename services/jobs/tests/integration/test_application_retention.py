"""The sites' retention rule for applications (jobs.domain.retention), with the clock moved
forward: applications to a job closed longer than its site keeps them are anonymized and their
files deleted; open jobs' and recently closed jobs' applications stay; a site's own period
applies; a second run changes nothing; a replica holding the lock makes another skip."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from jobkit.db import unit_of_work
from jobkit.testing.service import persist
from jobkit.uploads.storage import LocalDiskStorage, storage_from_settings
from jobs.db import uploads
from jobs.domain.models import Application, ApplicationAttachment, Job, SiteSetting
from jobs.domain.retention import anonymize_old_applications
from jobs.settings import JobsSettings
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import job, organization
from services.jobs.tests.integration.test_erasure import _application, _upload

pytestmark = pytest.mark.integration

OTHER_SITE = f"retention-{uuid.uuid4().hex[:8]}"


async def _closed(
    sessions: async_sessionmaker[AsyncSession], row: Job, state: str, at: datetime
) -> None:
    async with unit_of_work(sessions) as session:
        await session.execute(
            update(Job)
            .where(Job.id == row.id)
            .values(state=state, expires_at=at if state == "expired" else None, updated_at=at)
        )


async def test_applications_to_long_closed_jobs_are_anonymized_with_their_files(
    service_settings: JobsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    sessions = committed_sessions
    storage = storage_from_settings(service_settings)
    assert isinstance(storage, LocalDiskStorage)
    # the clock moved a day forward, the jobs closed relative to it (other tests' jobs, closed
    # today if at all, stay within the year)
    now = datetime.now(UTC) + timedelta(days=1)
    org = organization()
    expired_long_ago, archived_long_ago, closed_lately, still_open, other_site = (
        job(org),
        job(org),
        job(org),
        job(org, state="published"),
        job(org, site=OTHER_SITE),
    )
    await persist(
        sessions, org, expired_long_ago, archived_long_ago, closed_lately, still_open, other_site
    )
    await _closed(sessions, expired_long_ago, "expired", now - timedelta(days=400))
    await _closed(sessions, archived_long_ago, "archived", now - timedelta(days=366))
    await _closed(sessions, closed_lately, "expired", now - timedelta(days=300))
    await _closed(sessions, other_site, "archived", now - timedelta(days=40))
    applications = {
        name: _application(row, str(uuid.uuid4()), f"{name}-{uuid.uuid4().hex[:6]}@example.org")
        for name, row in (
            ("expired", expired_long_ago),
            ("archived", archived_long_ago),
            ("lately", closed_lately),
            ("open", still_open),
            ("other site", other_site),
        )
    }
    await persist(sessions, *applications.values())
    cv = await _upload(sessions, storage, str(applications["expired"].applicant_id))
    kept_cv = await _upload(sessions, storage, str(applications["lately"].applicant_id))
    await persist(
        sessions,
        ApplicationAttachment(upload_id=cv, application_id=applications["expired"].id, kind="cv"),
        ApplicationAttachment(
            upload_id=kept_cv, application_id=applications["lately"].id, kind="cv"
        ),
    )
    # the other site keeps applications 30 days (the platform's default is a year)
    async with unit_of_work(sessions) as session:
        await session.execute(
            insert(SiteSetting).values(
                site=OTHER_SITE, key="retention", name="closed_job_application_days", value=30
            )
        )
    try:
        # another replica is applying the rule: this one skips
        async with sessions() as holder, holder.begin():
            await holder.execute(
                select(func.pg_advisory_xact_lock(func.hashtext("jobs:retention")))
            )
            assert await anonymize_old_applications(sessions, storage, now=now) == 0

        assert await anonymize_old_applications(sessions, storage, now=now) == 3
        assert await anonymize_old_applications(sessions, storage, now=now) == 0  # done once

        async with sessions() as session:
            for name, application in applications.items():
                row = await session.get(Application, application.id)
                assert row is not None
                gone = name in {"expired", "archived", "other site"}
                assert (row.email == f"erased:{row.id}") is gone, name
                assert (row.first_name == "" and row.notes is None) is gone, name
                assert row.status == "shortlisted"  # the organization's statistics stay
            files = set(await session.scalars(select(uploads.c.id)))
        assert cv not in files
        assert kept_cv in files
        assert not storage.path(f"{cv}/original.pdf").exists()
        assert storage.path(f"{kept_cv}/original.pdf").exists()
    finally:
        async with unit_of_work(sessions) as session:
            await session.execute(delete(SiteSetting).where(SiteSetting.site == OTHER_SITE))
