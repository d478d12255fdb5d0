"""An administrator archives a reported job: the reason reaches its recruiter by mail through
the real broker and a real SMTP server (ADR 0030)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime

import pytest
from jobkit.auth import Principal
from jobkit.db import make_engine, make_sessionmaker
from jobkit.kafka import ensure_topics
from jobkit.settings import ServiceSettings
from jobkit.testing.server import serve
from jobkit.testing.service import persist
from jobkit.testing.smtp import Inbox, smtp_inbox
from jobs.domain import reports
from jobs.domain.events import JOB_TOPIC
from jobs.domain.models import Job, JobReport
from jobs.main import create_app
from jobs.settings import JobsSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import job, organization

pytestmark = pytest.mark.integration

ADMIN = Principal(user_id=str(uuid.uuid4()), roles=frozenset({"site_admin"}))


@pytest.fixture(scope="module")
def inbox() -> Iterator[Inbox]:
    with smtp_inbox() as handler:
        yield handler


@pytest.fixture(scope="module")
async def running(
    service_settings: ServiceSettings, run_prefix: str, inbox: Inbox
) -> AsyncIterator[JobsSettings]:
    assert isinstance(service_settings, JobsSettings)
    settings = service_settings.model_copy(
        update={
            "run_background_workers": True,
            "kafka_topic_prefix": f"{run_prefix}jobreports.",
            "outbox_poll_interval_seconds": 0.05,
            "smtp_port": inbox.port,
        }
    )
    await ensure_topics(settings.kafka_bootstrap_servers, [settings.topic(JOB_TOPIC)])
    async with serve(create_app(settings)):
        yield settings


@pytest.fixture
async def sessions(running: JobsSettings) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = make_engine(running.database_url)
    yield make_sessionmaker(engine)
    await engine.dispose()


async def test_archiving_a_reported_job_mails_the_reason_to_its_recruiter(
    running: JobsSettings, sessions: async_sessionmaker[AsyncSession], inbox: Inbox
) -> None:
    org = organization()
    recruiter = f"recruiter-{uuid.uuid4().hex[:6]}@example.org"
    posting = job(
        org,
        state="published",
        published_at=datetime.now(UTC),
        owner_email=recruiter,
        title="Night Watch Coordinator",
    )
    await persist(sessions, org, posting)
    for index in range(2):
        report = await reports.report_job(
            sessions=sessions,
            settings=running,
            principal=Principal(user_id=str(uuid.uuid4()), roles=frozenset({"applicant"})),
            job_id=posting.id,
            reason="scam",
            client_ip=f"192.0.2.{index}",
        )
        assert isinstance(report, JobReport)

    archived = await reports.archive_reported_job(
        sessions=sessions,
        settings=running,
        principal=ADMIN,
        job_id=posting.id,
        reason="The address and the pay do not exist; please contact us.",
    )
    assert isinstance(archived, Job)
    assert archived.state == "archived"
    async with sessions() as session:
        resolutions = list(
            await session.scalars(
                select(JobReport.resolution).where(JobReport.job_id == posting.id)
            )
        )
    assert resolutions == ["archived", "archived"]

    [mail] = await inbox.wait_for(recruiter, 1)
    assert str(mail["Subject"]) == "Your job \u201cNight Watch Coordinator\u201d was taken offline"
    assert "The address and the pay do not exist; please contact us." in mail.get_content()
