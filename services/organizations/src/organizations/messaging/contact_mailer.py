"""Contact form mails, from ``organizations.contact.message_sent`` through the outbox.

Two groups, each recording the event id with its effect (a redelivered event sends nothing
again), so a failing copy never resends the organization's mail: ``organizations-contact-mailer``
mails the message with its files to the organization's contact person (the profile's first
contact person with an address, else the owner); ``organizations-contact-copy-mailer`` mails
the sender a copy when they asked for one. Message-IDs come from the event id.
"""

from __future__ import annotations

import logging
import uuid
from email.message import EmailMessage
from email.utils import make_msgid

import aiosmtplib
from jobkit.consumer import Handler
from jobkit.events import EventEnvelope
from jobkit.uploads import Storage
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from organizations.db import uploads
from organizations.domain.contact import recipient_of
from organizations.domain.events import ContactMessageSent
from organizations.domain.models import (
    ContactAttachment,
    ContactMessage,
    Organization,
    OrganizationProfile,
)
from organizations.settings import OrganizationsSettings

log = logging.getLogger(__name__)


def _mail(
    settings: OrganizationsSettings, *, to: str, subject: str, event_id: str, part: str
) -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = settings.mail_from
    mail["To"] = to
    mail["Subject"] = subject
    mail["Message-ID"] = make_msgid(idstring=f"{event_id}.{part}", domain="jobboard.example")
    return mail


async def _attach(
    mail: EmailMessage, storage: Storage, session: AsyncSession, message: ContactMessage
) -> None:
    rows = await session.execute(
        select(uploads)
        .join(ContactAttachment, ContactAttachment.upload_id == uploads.c.id)
        .where(ContactAttachment.message_id == message.id)
        .order_by(ContactAttachment.position)
    )
    for row in rows:
        stored = row.styles["original"]
        body = await storage.get(stored["key"])
        maintype, _, subtype = str(stored["media_type"]).partition("/")
        extension = stored["key"].rsplit(".", 1)[-1]
        name = row.filename.rsplit(".", 1)[0] if "." in row.filename else row.filename
        mail.add_attachment(
            body, maintype=maintype, subtype=subtype, filename=f"{name}.{extension}"
        )


async def send(settings: OrganizationsSettings, mail: EmailMessage) -> None:
    await aiosmtplib.send(mail, hostname=settings.smtp_host, port=settings.smtp_port, timeout=30)


async def _load(
    session: AsyncSession, event: EventEnvelope
) -> tuple[ContactMessage, Organization, OrganizationProfile | None] | None:
    payload = ContactMessageSent.model_validate(event.payload)
    message = await session.get(ContactMessage, uuid.UUID(payload.message_id))
    organization = await session.get(Organization, uuid.UUID(payload.organization_id))
    if message is None or organization is None:
        log.info("contact message %s is gone; nothing to mail", payload.message_id)
        return None
    return message, organization, await session.get(OrganizationProfile, organization.id)


def contact_mailer_handlers(
    settings: OrganizationsSettings, storage: Storage
) -> dict[str, Handler]:
    """The message, with its files, to the organization's contact person."""

    async def sent(session: AsyncSession, event: EventEnvelope) -> None:
        loaded = await _load(session, event)
        if loaded is None:
            return
        message, organization, profile = loaded
        to = recipient_of(organization, profile)
        if to is None:
            log.warning("organization %s has no contact address; message kept", organization.id)
            return
        mail = _mail(
            settings,
            to=to,
            subject=f"Contact form: {message.subject}",
            event_id=str(event.id),
            part="organization",
        )
        mail["Reply-To"] = message.email
        mail.set_content(
            f"{message.name} <{message.email}> wrote to {organization.name} through the job "
            f"board's contact form:\n\n{message.body}\n\nReply to this mail to answer them.\n"
        )
        await _attach(mail, storage, session, message)
        await send(settings, mail)

    return {ContactMessageSent.event_type: sent}


def contact_copy_handlers(settings: OrganizationsSettings, storage: Storage) -> dict[str, Handler]:
    """The sender's copy, when they asked for one."""

    async def sent(session: AsyncSession, event: EventEnvelope) -> None:
        if not ContactMessageSent.model_validate(event.payload).send_copy:
            return
        loaded = await _load(session, event)
        if loaded is None:
            return
        message, organization, _profile = loaded
        mail = _mail(
            settings,
            to=message.email,
            subject=f"Your message to {organization.name}: {message.subject}",
            event_id=str(event.id),
            part="copy",
        )
        mail.set_content(
            f"Hello {message.name},\n\nthis is a copy of your message to {organization.name}:"
            f"\n\n{message.body}\n"
        )
        await _attach(mail, storage, session, message)
        await send(settings, mail)

    return {ContactMessageSent.event_type: sent}
