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

from jobkit.consumer import Handler
from jobkit.events import EventEnvelope
from jobkit.mail import Attachment, compose, send_mail, upload_attachments
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


async def _attachments(
    storage: Storage, session: AsyncSession, message: ContactMessage
) -> list[Attachment]:
    rows = await session.execute(
        select(uploads)
        .join(ContactAttachment, ContactAttachment.upload_id == uploads.c.id)
        .where(ContactAttachment.message_id == message.id)
        .order_by(ContactAttachment.position)
    )
    return await upload_attachments(storage, rows)


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
        mail = compose(
            settings,
            to=to,
            subject=f"Contact form: {message.subject}",
            text=f"{message.name} <{message.email}> wrote to {organization.name} through the job "
            f"board's contact form:\n\n{message.body}\n\nReply to this mail to answer them.\n",
            reply_to=message.email,
            attachments=await _attachments(storage, session, message),
            message_key=f"{event.id}.organization",
        )
        await send_mail(mail, settings=settings)

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
        mail = compose(
            settings,
            to=message.email,
            subject=f"Your message to {organization.name}: {message.subject}",
            text=f"Hello {message.name},\n\nthis is a copy of your message to {organization.name}:"
            f"\n\n{message.body}\n",
            attachments=await _attachments(storage, session, message),
            message_key=f"{event.id}.copy",
        )
        await send_mail(mail, settings=settings)

    return {ContactMessageSent.event_type: sent}
