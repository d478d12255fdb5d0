"""jobkit.mail over real SMTP (jobkit.testing's aiosmtpd server on a loopback port): the headers
a message carries, its HTML alternative and its attachments, as the receiving server parses them."""

from __future__ import annotations

from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import parseaddr
from pathlib import Path
from typing import Any

import aiosmtplib
import pytest
from aiosmtpd.smtp import SMTP, Envelope, Session
from jobkit.consumer import dependency_unavailable
from jobkit.mail import Attachment, MailSettings, compose, send_mail, upload_attachments
from jobkit.testing.server import free_port
from jobkit.testing.smtp import smtp_inbox, smtp_server
from jobkit.uploads import LocalDiskStorage

PDF = b"%PDF-1.4\n% a small file\n"


def text_of(part: EmailMessage) -> str:
    """A text part's content with the line ends it had before SMTP (which sends CRLF)."""
    return str(part.get_content()).replace("\r\n", "\n")


def settings(port: int, **changes: Any) -> MailSettings:
    return MailSettings(smtp_port=port, mail_from="Careers <no-reply@careers.example>", **changes)


async def test_a_mail_arrives_from_the_sender_with_a_message_id_of_the_senders_domain() -> None:
    with smtp_inbox() as inbox:
        mailer = settings(inbox.port)
        message = compose(
            mailer,
            to=["a@applicants.example", "b@applicants.example"],
            subject="Your application",
            text="Hello,\n\nthank you.\n",
            reply_to="recruiter@acme.example",
            message_key="event-1.confirmation",
        )
        await send_mail(message, settings=mailer)
        [mail] = await inbox.wait_for("b@applicants.example", 1)
    assert str(mail["From"]) == "Careers <no-reply@careers.example>"
    assert str(mail["To"]) == "a@applicants.example, b@applicants.example"
    assert str(mail["Reply-To"]) == "recruiter@acme.example"
    assert str(mail["Subject"]) == "Your application"
    assert str(mail["Message-ID"]).strip() == "<event-1.confirmation@careers.example>"
    assert mail.get_content_type() == "text/plain"
    assert text_of(mail) == "Hello,\n\nthank you.\n"


async def test_the_message_id_domain_comes_from_the_settings_when_set() -> None:
    with smtp_inbox() as inbox:
        mailer = settings(inbox.port, mail_message_id_domain="mail.careers.example")
        message = compose(
            mailer, to="a@applicants.example", subject="Hi", text="Hi\n", message_key="event-2.copy"
        )
        await send_mail(message, settings=mailer)
        [mail] = await inbox.wait_for("a@applicants.example", 1)
    assert str(mail["Message-ID"]).strip() == "<event-2.copy@mail.careers.example>"


def test_a_mail_composed_again_after_a_crash_has_the_same_message_id() -> None:
    """A consumer killed after the relay took its mail and before its commit sends the mail
    again: the same key makes the same Message-ID, so mail systems drop the repeat."""
    mailer = settings(1025)
    first, again = (
        compose(mailer, to="a@applicants.example", subject="Hi", text="Hi\n", message_key=key)
        for key in ("event-3.application", "event-3.application")
    )
    assert first["Message-ID"] == again["Message-ID"] == "<event-3.application@careers.example>"


def test_a_mail_without_a_key_gets_no_message_id_of_ours() -> None:
    message = compose(settings(1025), to="a@applicants.example", subject="Hi", text="Hi\n")
    assert message["Message-ID"] is None


@dataclass
class StoredUpload:
    """What upload_attachments reads of a jobkit.uploads row."""

    filename: str
    styles: dict[str, Any]


async def test_html_and_stored_uploads_arrive_as_alternative_and_attachments(
    tmp_path: Path,
) -> None:
    storage = LocalDiskStorage(tmp_path)
    await storage.put("u1/original.pdf", PDF, "application/pdf")
    await storage.put("u2/original.webp", b"RIFF....WEBP", "image/webp")
    rows = [
        # named as uploaded, with the extension of what the file really is
        StoredUpload(
            "cv.final.PDF",
            {"original": {"key": "u1/original.pdf", "media_type": "application/pdf"}},
        ),
        StoredUpload(
            "photo.png", {"original": {"key": "u2/original.webp", "media_type": "image/webp"}}
        ),
    ]
    attachments = await upload_attachments(storage, rows)
    assert attachments == [
        Attachment(content=PDF, filename="cv.final.pdf", media_type="application/pdf"),
        Attachment(content=b"RIFF....WEBP", filename="photo.webp", media_type="image/webp"),
    ]
    with smtp_inbox() as inbox:
        mailer = settings(inbox.port)
        message = compose(
            mailer,
            to="hr@acme.example",
            subject="An application",
            text="Plain words\n",
            html="<p>Plain words</p>\n",
            attachments=attachments,
            message_key="event-3.application",
        )
        await send_mail(message, settings=mailer)
        [mail] = await inbox.wait_for("hr@acme.example", 1)
    assert mail.get_content_type() == "multipart/mixed"
    body = mail.get_body(preferencelist=("html", "plain"))
    assert isinstance(body, EmailMessage)
    assert text_of(body) == "<p>Plain words</p>\n"
    plain = mail.get_body(preferencelist=("plain",))
    assert isinstance(plain, EmailMessage)
    assert text_of(plain) == "Plain words\n"
    received = [
        (part.get_filename(), part.get_content_type(), part.get_content())
        for part in mail.iter_attachments()
    ]
    assert received == [
        ("cv.final.pdf", "application/pdf", PDF),
        ("photo.webp", "image/webp", b"RIFF....WEBP"),
    ]


async def test_an_unreachable_relay_raises_so_the_consumer_retries() -> None:
    mailer = settings(free_port(), smtp_timeout_seconds=5)
    message = compose(mailer, to="a@applicants.example", subject="Hi", text="Hi\n")
    with pytest.raises(aiosmtplib.SMTPException):
        await send_mail(message, settings=mailer)


@dataclass
class _Refusing:
    """A relay that answers every mail with ``answer`` at the given stage."""

    answer: str
    stage: str
    port: int = field(default_factory=free_port)

    async def handle_RCPT(  # noqa: N802 - aiosmtpd's hook name
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: Any
    ) -> str:
        if self.stage == "RCPT":
            return self.answer
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(  # noqa: N802 - aiosmtpd's hook name
        self, server: SMTP, session: Session, envelope: Envelope
    ) -> str:
        return self.answer if self.stage == "DATA" else "250 OK"


@pytest.mark.parametrize(
    ("stage", "answer", "outage"),
    [
        ("DATA", "421 4.3.2 Service shutting down, try again later", True),
        ("RCPT", "450 4.2.1 Mailbox busy, try again later", True),
        ("DATA", "451 4.3.0 Local error in processing", True),
        ("DATA", "554 5.7.1 Message refused", False),
        ("RCPT", "550 5.1.1 No such user", False),
    ],
)
async def test_a_relay_refusing_for_now_is_an_outage_and_for_good_is_not(
    stage: str, answer: str, outage: bool
) -> None:
    """A relay answering 4xx (shutting down, busy) is down for now: the consumer's partition
    waits and the mail goes once it takes mail again; 5xx is the mail's fault (dead-lettered
    after its tries)."""
    with smtp_server(_Refusing(answer, stage)) as relay:
        mailer = settings(relay.port, smtp_timeout_seconds=5)
        message = compose(mailer, to="a@applicants.example", subject="Hi", text="Hi\n")
        with pytest.raises(aiosmtplib.SMTPException) as raised:
            await send_mail(message, settings=mailer)
    assert dependency_unavailable(raised.value) is outage


def test_the_default_message_id_domain_is_the_senders() -> None:
    mailer = MailSettings()
    assert parseaddr(mailer.mail_from)[1].endswith("@" + mailer.message_id_domain)
    assert MailSettings(mail_from="no-reply@jobs.example.org").message_id_domain == (
        "jobs.example.org"
    )
