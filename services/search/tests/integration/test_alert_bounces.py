"""Bounce notices received on the bounce address (ADR 0034), against the real PostgreSQL and
real SMTP: alert mails leave with a VERP envelope sender; a delivery status notification
(RFC 3464) sent over SMTP to the mailer's receiver counts a permanent failure like an SMTP
refusal and pauses the address after the limit; a transient one and a forged address change
nothing."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import aiosmtplib
import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from jobkit.db import unit_of_work
from jobkit.testing.server import free_port
from pydantic import SecretStr
from search.alerts import bounces, mailer
from search.alerts.models import AlertBounce, AlertMail, SavedSearch
from search.alerts.searches import stored_query
from search.engine.indexing.indexer import index_job
from search.engine.indexing.store import SearchStore
from search.engine.request import SearchRequest
from search.settings import SearchSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.factories import job_payload

pytestmark = pytest.mark.integration

DOMAIN = "bounces.jobboard.example"


@pytest.fixture
def settings(service_settings: SearchSettings) -> SearchSettings:
    return service_settings.model_copy(
        update={
            "alert_bounce_domain": DOMAIN,
            "alert_bounce_limit": 2,
            "alert_signing_secret": SecretStr("bounce-test-signing-secret-0123456789"),
        }
    )


@pytest.fixture
async def receiver(
    committed_sessions: async_sessionmaker[AsyncSession], settings: SearchSettings
) -> AsyncIterator[int]:
    port = free_port()
    server = await bounces.serve_bounces(committed_sessions, settings, port=port)
    try:
        yield port
    finally:
        server.close()
        await server.wait_closed()


async def _sent_mail(
    sessions: async_sessionmaker[AsyncSession], email: str, job_id: str = "j"
) -> AlertMail:
    """A running alert of ``email`` and a mail of it already handed to SMTP."""
    now = datetime.now(UTC)
    alert = SavedSearch(
        id=uuid.uuid4(),
        site="jobboard",
        email=email,
        name="Nurses",
        language="en",
        query=stored_query(SearchRequest(fulltext="nurse")),
        frequency="daily",
        paused=False,
        confirmed_at=now,
        created_at=now - timedelta(days=3),
        checked_until=now,
        version=1,
    )
    mail = AlertMail(
        id=uuid.uuid4(),
        email=email,
        kind="digest",
        content={"sections": [{"alert_id": str(alert.id), "job_ids": [job_id], "total": 1}]},
        state="sent",
        sent_at=now,
    )
    async with unit_of_work(sessions) as session:
        session.add(alert)
        session.add(mail)
    return mail


def _dsn(recipient: str, *, action: str, status: str) -> str:
    """A delivery status notification as a remote mail server sends one (RFC 3464)."""
    code = status.replace(".", "")[:3]
    return (
        "From: Mail Delivery System <MAILER-DAEMON@mx.example.org>\r\n"
        "Subject: Delivery Status Notification\r\n"
        "MIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"\r\n'
        "\r\n"
        "--b1\r\n"
        "Content-Type: text/plain\r\n"
        "\r\n"
        f"Your message to {recipient} could not be delivered.\r\n"
        "--b1\r\n"
        "Content-Type: message/delivery-status\r\n"
        "\r\n"
        "Reporting-MTA: dns; mx.example.org\r\n"
        "\r\n"
        f"Final-Recipient: rfc822; {recipient}\r\n"
        f"Action: {action}\r\n"
        f"Status: {status}\r\n"
        f"Diagnostic-Code: smtp; {code} mailbox unavailable\r\n"
        "\r\n"
        "--b1--\r\n"
    )


async def _notify(port: int, to: str, notice: str) -> None:
    """Deliver the notice as mail servers do: from the null sender (``MAIL FROM:<>``)."""
    client = aiosmtplib.SMTP(hostname="127.0.0.1", port=port, timeout=30)
    await client.connect()
    try:
        await client.sendmail("", [to], f"To: {to}\r\n" + notice)
    finally:
        await client.quit()


async def _state(
    sessions: async_sessionmaker[AsyncSession], email: str
) -> tuple[int, bool, str | None]:
    async with sessions() as session:
        failures = await session.scalar(
            select(AlertBounce.failures).where(AlertBounce.email == email)
        )
        alerts = list(await session.scalars(select(SavedSearch).where(SavedSearch.email == email)))
        assert len({(a.paused, a.paused_reason) for a in alerts}) == 1  # all alike
        return int(failures or 0), alerts[0].paused, alerts[0].paused_reason


async def test_alert_mails_leave_with_a_bounce_address_of_their_own(
    committed_sessions: async_sessionmaker[AsyncSession],
    settings: SearchSettings,
    store: SearchStore,
) -> None:
    job = job_payload(title="Night nurse", published_at=datetime.now(UTC).isoformat())
    async with unit_of_work(committed_sessions) as session:
        await index_job(store, session, job, "jobs.job.published")
    await store.refresh("jobs")
    senders: list[str] = []

    class Relay:
        async def handle_DATA(  # noqa: N802
            self, server: SMTP, session: Session, envelope: Envelope
        ) -> str:
            senders.append(str(envelope.mail_from))
            return "250 OK"

    port = free_port()
    controller = Controller(Relay(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        email = f"verp-{uuid.uuid4().hex[:8]}@example.org"
        mail = await _sent_mail(committed_sessions, email, job.job_id)
        async with unit_of_work(committed_sessions) as session:
            (await session.get(AlertMail, mail.id)).state = "pending"  # type: ignore[union-attr]
        relay = settings.model_copy(update={"smtp_port": port})
        assert await mailer.send_pending(committed_sessions, store, relay) == 1
    finally:
        controller.stop()
    assert senders == [bounces.bounce_address(settings, mail.id)]
    assert senders[0].endswith(f"@{DOMAIN}")
    assert len(senders[0].partition("@")[0]) <= 64
    assert bounces.mail_of(settings, senders[0].upper()) == mail.id


async def test_permanent_notices_pause_the_address_after_the_limit(
    committed_sessions: async_sessionmaker[AsyncSession], settings: SearchSettings, receiver: int
) -> None:
    email = f"gone-{uuid.uuid4().hex[:8]}@example.org"
    first = await _sent_mail(committed_sessions, email)
    second = await _sent_mail(committed_sessions, email)
    notice = _dsn(email, action="failed", status="5.1.1")
    await _notify(receiver, str(bounces.bounce_address(settings, first.id)), notice)
    assert await _state(committed_sessions, email) == (1, False, None)
    # the same notice again counts nothing more (one mail, one failure)
    await _notify(
        receiver,
        str(bounces.bounce_address(settings, first.id)),
        _dsn(email, action="failed", status="5.1.1"),
    )
    assert (await _state(committed_sessions, email))[0] == 1
    await _notify(
        receiver,
        str(bounces.bounce_address(settings, second.id)),
        _dsn(email, action="failed", status="5.2.1"),
    )
    failures, paused, reason = await _state(committed_sessions, email)
    assert (failures, paused) == (2, True)
    assert reason is not None
    assert "5.2.1" in reason


async def test_transient_notices_and_forged_addresses_change_nothing(
    committed_sessions: async_sessionmaker[AsyncSession], settings: SearchSettings, receiver: int
) -> None:
    email = f"full-{uuid.uuid4().hex[:8]}@example.org"
    mail = await _sent_mail(committed_sessions, email)
    for _ in range(3):
        await _notify(
            receiver,
            str(bounces.bounce_address(settings, mail.id)),
            _dsn(email, action="delayed", status="4.2.2"),
        )
    assert await _state(committed_sessions, email) == (0, False, None)
    # a bounce address with a forged mac (or for a mail of ours but signed with another key)
    real = str(bounces.bounce_address(settings, mail.id))
    forged = real.replace(real.split("@")[0][-16:], "0" * 16)
    other_key = settings.model_copy(update={"alert_signing_secret": SecretStr("x" * 40)})
    for address in (forged, str(bounces.bounce_address(other_key, mail.id))):
        with pytest.raises(aiosmtplib.SMTPRecipientsRefused):
            for _ in range(3):
                await _notify(receiver, address, _dsn(email, action="failed", status="5.1.1"))
    assert await _state(committed_sessions, email) == (0, False, None)
    async with committed_sessions() as session:
        assert (await session.get(AlertMail, mail.id)).state == "sent"  # type: ignore[union-attr]
