"""Contact form mails through the real broker and a real SMTP server: the message reaches the
organization's contact person once with its file (the owner when the profile names nobody), the
sender's copy once, even when the event is delivered twice."""

from __future__ import annotations

import asyncio
import io
import uuid
from collections.abc import AsyncIterator, Iterator

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
from organizations.domain.contact import send_contact_message
from organizations.domain.events import CONTACT_TOPIC
from organizations.domain.models import ContactMessage
from organizations.main import create_app
from organizations.settings import OrganizationsSettings
from pypdf import PdfWriter
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.factories import profile

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def inbox() -> Iterator[Inbox]:
    with smtp_inbox() as handler:
        yield handler


@pytest.fixture(scope="module")
async def running(
    service_settings: ServiceSettings, run_prefix: str, inbox: Inbox
) -> AsyncIterator[tuple[OrganizationsSettings, str]]:
    assert isinstance(service_settings, OrganizationsSettings)
    settings = service_settings.model_copy(
        update={
            "run_background_workers": True,
            "kafka_topic_prefix": f"{run_prefix}contact.",
            "outbox_poll_interval_seconds": 0.05,
            "smtp_port": inbox.port,
        }
    )
    await ensure_topics(settings.kafka_bootstrap_servers, [settings.topic(CONTACT_TOPIC)])
    async with serve(create_app(settings)) as url:
        yield settings, url


@pytest.fixture
async def sessions(
    running: tuple[OrganizationsSettings, str],
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


async def test_a_message_is_mailed_once_to_the_contact_person_with_a_copy(
    running: tuple[OrganizationsSettings, str],
    sessions: async_sessionmaker[AsyncSession],
    inbox: Inbox,
) -> None:
    settings, url = running
    contact = f"people-{uuid.uuid4().hex[:6]}@example.org"
    org, published = profile(
        contact_persons=[
            {"first_name": "No", "last_name": "Address", "email": None},
            {"first_name": "Mia", "last_name": "Lopez", "email": contact},
        ]
    )
    await persist(sessions, org)
    await persist(sessions, published)
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        uploaded = await client.post(
            "/uploads",
            data={"purpose": "contact_attachment"},
            files={"file": ("Portfolio.pdf", pdf(), "application/pdf")},
        )
    assert uploaded.status_code == 201, uploaded.text
    sender = f"sam-{uuid.uuid4().hex[:6]}@example.org"
    message = await send_contact_message(
        sessions=sessions,
        settings=settings,
        principal=None,
        organization_id=org.id,
        data={
            "name": "Sam Rivera",
            "email": sender,
            "subject": "Volunteering",
            "body": "Do you take volunteers?",
            "copy": True,
            "attachments": [uploaded.json()["id"]],
        },
    )
    assert isinstance(message, ContactMessage)

    [mail] = await inbox.wait_for(contact, 1)
    assert str(mail["Subject"]) == "Contact form: Volunteering"
    assert str(mail["Reply-To"]) == sender
    body = mail.get_body(preferencelist=("plain",))
    assert body is not None
    assert "Do you take volunteers?" in body.get_content()
    [attachment] = list(mail.iter_attachments())
    assert attachment.get_filename() == "Portfolio.pdf"
    [copy] = await inbox.wait_for(sender, 1)
    assert str(copy["Subject"]) == f"Your message to {org.name}: Volunteering"

    # the same event delivered again: no second mail
    records = await read_topic(
        settings.kafka_bootstrap_servers, settings.topic(CONTACT_TOPIC), expect=1
    )
    [event] = [
        e
        for e in (EventEnvelope.from_bytes(r.value) for r in records)
        if e.aggregate_id == str(message.id)
    ]
    assert event.type == "organizations.contact.message_sent"
    assert "Do you take" not in event.to_bytes().decode()  # the text stays in the database
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-redeliver")
    await producer.start()
    try:
        await producer.send_and_wait(
            settings.topic(CONTACT_TOPIC), event.to_bytes(), key=event.aggregate_id.encode()
        )
    finally:
        await producer.stop()
    await asyncio.sleep(3)
    assert len(inbox.to(contact)) == 1
    assert len(inbox.to(sender)) == 1


async def test_without_a_contact_person_the_owner_gets_it_and_no_copy_unless_asked(
    running: tuple[OrganizationsSettings, str],
    sessions: async_sessionmaker[AsyncSession],
    inbox: Inbox,
) -> None:
    settings, _ = running
    owner = f"owner-{uuid.uuid4().hex[:6]}@example.org"
    org, published = profile()
    org.owner_email = owner
    await persist(sessions, org)
    await persist(sessions, published)
    sender = f"kim-{uuid.uuid4().hex[:6]}@example.org"
    message = await send_contact_message(
        sessions=sessions,
        settings=settings,
        principal=Principal(user_id=str(uuid.uuid4()), roles=frozenset({"applicant"})),
        organization_id=org.id,
        data={"name": "Kim", "email": sender, "subject": "Hello", "body": "Hi!"},
    )
    assert isinstance(message, ContactMessage)
    [mail] = await inbox.wait_for(owner, 1)
    assert str(mail["Subject"]) == "Contact form: Hello"
    await asyncio.sleep(2)
    assert inbox.to(sender) == []
