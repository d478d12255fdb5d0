"""Application mails through the real broker and a real SMTP server: an EMAIL-workflow
application reaches the job's addresses once, with its file attached, and the applicant's
confirmation once, even when the event is delivered twice; a status change that carries a
message reaches the applicant, once."""

from __future__ import annotations

import asyncio
import io
import uuid
from collections.abc import AsyncIterator, Iterator
from email.message import EmailMessage

import httpx
import pytest
from jobkit.auth import Principal
from jobkit.db import make_engine, make_sessionmaker
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.settings import ServiceSettings
from jobkit.testing.kafka import read_topic
from jobkit.testing.server import serve
from jobkit.testing.service import persist
from jobkit.testing.smtp import Inbox, smtp_inbox
from jobs.domain import applications
from jobs.domain.events import APPLICATION_TOPIC
from jobs.domain.models import Application
from jobs.main import create_app
from jobs.settings import JobsSettings
from pypdf import PdfWriter
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import add_member, job, organization

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def inbox() -> Iterator[Inbox]:
    with smtp_inbox() as handler:
        yield handler


@pytest.fixture(scope="module")
async def running(
    service_settings: ServiceSettings, run_prefix: str, inbox: Inbox
) -> AsyncIterator[tuple[JobsSettings, str]]:
    assert isinstance(service_settings, JobsSettings)
    settings = service_settings.model_copy(
        update={
            "run_background_workers": True,
            "kafka_topic_prefix": f"{run_prefix}jobmails.",
            "outbox_poll_interval_seconds": 0.05,
            "smtp_port": inbox.port,
        }
    )
    await ensure_topics(
        settings.kafka_bootstrap_servers,
        [settings.topic(APPLICATION_TOPIC), settings.topic("jobs.job")],
    )
    async with serve(create_app(settings)) as url:
        yield settings, url


@pytest.fixture
async def sessions(
    running: tuple[JobsSettings, str],
) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = make_engine(running[0].database_url)
    yield make_sessionmaker(engine)
    await engine.dispose()


def pdf() -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(100, 100)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


async def _mails(inbox: Inbox, address: str, count: int) -> list[EmailMessage]:
    return await inbox.wait_for(address, count)


async def test_an_email_application_is_mailed_once_with_its_file(
    running: tuple[JobsSettings, str], sessions: async_sessionmaker[AsyncSession], inbox: Inbox
) -> None:
    settings, url = running
    org = organization()
    recruiters = f"hiring-{uuid.uuid4().hex[:6]}@example.org"
    email_job = job(
        org, state="published", application_workflow="email", application_emails=[recruiters]
    )
    await persist(sessions, org, email_job)
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        uploaded = await client.post(
            "/uploads",
            data={"purpose": "application_attachment"},
            files={"file": ("My CV.pdf", pdf(), "application/pdf")},
        )
    assert uploaded.status_code == 201
    applicant = f"lee-{uuid.uuid4().hex[:6]}@example.org"
    application = await applications.apply_to_job(
        sessions=sessions,
        settings=settings,
        principal=None,
        job_id=email_job.id,
        data={
            "first_name": "Lee",
            "last_name": "Park",
            "email_address": applicant,
            "attachments": [{"upload_id": uploaded.json()["id"], "kind": "cv"}],
        },
    )
    assert isinstance(application, Application)

    [mail] = await _mails(inbox, recruiters, 1)
    assert "Lee Park" in str(mail["Subject"])
    [attachment] = list(mail.iter_attachments())
    assert attachment.get_content_type() == "application/pdf"
    assert attachment.get_filename() == "My CV.pdf"
    [confirmation] = await _mails(inbox, applicant, 1)
    assert "Your application" in str(confirmation["Subject"])

    # the same event delivered again: no second mail
    records = await read_topic(
        settings.kafka_bootstrap_servers, settings.topic(APPLICATION_TOPIC), expect=1
    )
    [event] = [
        e
        for e in (EventEnvelope.from_bytes(r.value) for r in records)
        if e.aggregate_id == str(application.id)
    ]
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-redeliver")
    await producer.start()
    try:
        await producer.send_and_wait(
            settings.topic(APPLICATION_TOPIC), event.to_bytes(), key=event.aggregate_id.encode()
        )
    finally:
        await producer.stop()
    await asyncio.sleep(3)
    assert len(inbox.to(recruiters)) == 1
    assert len(inbox.to(applicant)) == 1


async def test_a_status_change_with_a_message_is_mailed_to_the_applicant_once(
    running: tuple[JobsSettings, str], sessions: async_sessionmaker[AsyncSession], inbox: Inbox
) -> None:
    settings, _ = running
    org = organization()
    on_site = job(org, state="published", application_workflow="internal", title="Field Nurse")
    await persist(sessions, org, on_site)
    recruiter = uuid.uuid4()
    await add_member(sessions, org, recruiter)
    principal = Principal(user_id=str(recruiter), roles=frozenset({"recruiter"}))
    applicant = f"mo-{uuid.uuid4().hex[:6]}@example.org"
    application = await applications.apply_to_job(
        sessions=sessions,
        settings=settings,
        principal=None,
        job_id=on_site.id,
        data={"first_name": "Mo", "last_name": "Reyes", "email_address": applicant},
    )
    assert isinstance(application, Application)
    await _mails(inbox, applicant, 1)  # the confirmation

    # without a message: the status changes, nobody is mailed
    reviewed = await applications.change_status(
        sessions=sessions,
        settings=settings,
        principal=principal,
        application_id=application.id,
        status="reviewed",
    )
    assert isinstance(reviewed, Application)
    # with one: the applicant reads it, once
    shortlisted = await applications.change_status(
        sessions=sessions,
        settings=settings,
        principal=principal,
        application_id=application.id,
        status="shortlisted",
        message="  We would like to meet you on Tuesday.  ",
    )
    assert isinstance(shortlisted, Application)
    mails = await _mails(inbox, applicant, 2)
    status_mail = mails[1]
    assert str(status_mail["Subject"]) == "Your application for Field Nurse was shortlisted"
    body = status_mail.get_content()
    assert "We would like to meet you on Tuesday." in body
    assert "Hello Mo," in body
    await asyncio.sleep(2)
    assert len(inbox.to(applicant)) == 2
