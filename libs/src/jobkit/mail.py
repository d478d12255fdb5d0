"""The mail services send: one way to build a message and hand it to the SMTP relay.

A service that mails derives its settings from :class:`MailSettings` (the relay's host, port and
timeout, the sender, the Message-ID domain; under the service's own env prefix, e.g.
``JOBS_SMTP_HOST``), builds each message with :func:`compose` (text, optional HTML, optional
attachments) and sends it with :func:`send_mail`, usually from an idempotent consumer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import parseaddr
from typing import Any

import aiosmtplib

from jobkit.settings import ServiceSettings
from jobkit.uploads.storage import Storage


class MailSettings(ServiceSettings):
    """Settings of a service that sends mail (the local mail catcher in development)."""

    smtp_host: str = "127.0.0.1"
    smtp_port: int = 1025
    # One SMTP conversation, attachments included, must finish within this many seconds.
    smtp_timeout_seconds: float = 30.0
    mail_from: str = "Job board <no-reply@jobboard.example>"
    # The right-hand side of the Message-IDs we make; unset: the domain of mail_from's address.
    mail_message_id_domain: str | None = None

    @property
    def message_id_domain(self) -> str:
        if self.mail_message_id_domain:
            return self.mail_message_id_domain
        _name, address = parseaddr(self.mail_from)
        return address.rpartition("@")[2] or "localhost"


# what a Message-ID's left part may not hold (RFC 5322's dot-atom-text): made a hyphen
_NOT_IN_MSG_ID = re.compile(r"[^A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+")


def message_id(key: str, *, domain: str) -> str:
    """The Message-ID of the mail ``key`` names (e.g. ``<event id>.<which mail>``):
    ``<key@domain>``, the same every time it is built, so a mail sent again after a crash
    between the relay's acceptance and the sender's commit is recognisably the same message
    (``email.utils.make_msgid`` would add a time and a random part)."""
    left = re.sub(r"\.{2,}", ".", _NOT_IN_MSG_ID.sub("-", key)).strip(".") or "mail"
    return f"<{left}@{domain}>"


@dataclass(frozen=True)
class Attachment:
    content: bytes
    filename: str
    media_type: str  # e.g. "application/pdf"


def compose(
    settings: MailSettings,
    *,
    to: str | Sequence[str],
    subject: str,
    text: str,
    html: str | None = None,
    reply_to: str | None = None,
    attachments: Iterable[Attachment] = (),
    message_key: str | None = None,
) -> EmailMessage:
    """A message from the service's sender: ``text``, with ``html`` as its alternative and the
    attachments after them. ``message_key`` (e.g. ``<event id>.<which mail>``) makes the
    Message-ID, so a mail resent after a crash between the relay's acceptance and the consumer's
    commit is recognisably the same message."""
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = to if isinstance(to, str) else ", ".join(to)
    message["Subject"] = subject
    if message_key is not None:
        message["Message-ID"] = message_id(message_key, domain=settings.message_id_domain)
    if reply_to is not None:
        message["Reply-To"] = reply_to
    message.set_content(text)
    if html is not None:
        message.add_alternative(html, subtype="html")
    for attachment in attachments:
        maintype, _, subtype = attachment.media_type.partition("/")
        message.add_attachment(
            attachment.content,
            maintype=maintype,
            subtype=subtype or "octet-stream",
            filename=attachment.filename,
        )
    return message


async def upload_attachments(storage: Storage, uploads: Iterable[Any]) -> list[Attachment]:
    """Stored uploads (rows of a jobkit.uploads table) as attachments: each original file, named
    as uploaded with the extension of what it really is."""
    attachments = []
    for row in uploads:
        stored = row.styles["original"]
        extension = stored["key"].rsplit(".", 1)[-1]
        name = row.filename.rsplit(".", 1)[0] if "." in row.filename else row.filename
        attachments.append(
            Attachment(
                content=await storage.get(stored["key"]),
                filename=f"{name}.{extension}",
                media_type=str(stored["media_type"]),
            )
        )
    return attachments


async def send_mail(message: EmailMessage, *, settings: MailSettings) -> None:
    """Hand the message to the SMTP relay (raises when it is unreachable or refuses: the
    consumer then retries the event)."""
    await aiosmtplib.send(
        message,
        hostname=settings.smtp_host,
        port=settings.smtp_port,
        timeout=settings.smtp_timeout_seconds,
    )
