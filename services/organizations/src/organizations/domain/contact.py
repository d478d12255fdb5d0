"""The contact form (spec 3: name, email, subject, body, copy, attachments): anyone, visitors
included, writes to an organization with a published profile.

Rules (each answered as errors with the field at fault, nothing stored): the form's fields;
attachments (pdf, jpg, jpeg, png, webp up to 50 MB, checked by content by jobkit.uploads, always
private) uploaded by the sender, each used once; messages per address, account, IP and
organization rate-limited in PostgreSQL, and the sender's copy within that address's mail budget
(ADR 0024); the captcha when the site's ``captcha.contact_form`` is on. The message and
``organizations.contact.message_sent`` are written in one transaction; the mails (to the
organization's contact person, the copy to the sender) follow from that event.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from jobkit.auth import Principal
from jobkit.captcha import captcha_passes
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from jobkit.outbox import enqueue
from jobkit.ratelimit import may_mail, over_limits
from jobkit.site_settings import site_flag
from jobkit.uploads.files import ANONYMOUS_OWNER
from jobkit.uploads.tables import hold_uploads
from pydantic import BaseModel, ConfigDict, EmailStr, Field, ValidationError
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from organizations.db import outbox, rate_limit_hits, site_settings, uploads
from organizations.domain.errors import (
    NO_SUCH_PROFILE,
    OrganizationError,
    OrganizationErrorCode,
    OrganizationErrors,
)
from organizations.domain.events import ContactMessageSent
from organizations.domain.models import (
    ContactAttachment,
    ContactMessage,
    Organization,
    OrganizationProfile,
)
from organizations.settings import OrganizationsSettings

Code = OrganizationErrorCode
ATTACHMENT_PURPOSE = "contact_attachment"
MAX_ATTACHMENTS = 5
RATE_LIMITED_MESSAGE = "Too many messages from you in a short time. Try again in a few minutes."
CAPTCHA_REQUIRED_MESSAGE = "Confirm that you are not a robot."
CAPTCHA_INVALID_MESSAGE = "The captcha was not accepted. Try it again."
UPLOAD_AGAIN = "Upload this file again, please."


def _error(code: Code, message: str, field: str | None = None) -> OrganizationErrors:
    return OrganizationErrors([OrganizationError(code, message, field)])


class ContactForm(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    name: str = Field(min_length=1, max_length=200)
    email: EmailStr
    subject: str = Field(min_length=1, max_length=200)
    body: str = Field(min_length=1, max_length=10_000)
    copy_to_sender: bool = Field(default=False, alias="copy")
    attachments: list[str] = Field(default_factory=list, max_length=MAX_ATTACHMENTS)


async def _attachment_errors(
    session: AsyncSession, principal: Principal | None, form: ContactForm
) -> list[OrganizationError]:
    errors: list[OrganizationError] = []
    owners = {ANONYMOUS_OWNER} | ({principal.user_id} if principal is not None else set())
    seen: set[uuid.UUID] = set()
    for index, upload_id in enumerate(form.attachments):
        try:
            key: uuid.UUID | None = uuid.UUID(upload_id)
        except ValueError:
            key = None
        row = (
            (await session.execute(select(uploads).where(uploads.c.id == key))).first()
            if key is not None
            else None
        )
        usable = (
            key is not None
            and row is not None
            and row.purpose == ATTACHMENT_PURPOSE
            and row.owner_id in owners
            and key not in seen
            and await session.get(ContactAttachment, key) is None
        )
        if not usable or key is None:
            errors.append(
                OrganizationError(Code.UNKNOWN_UPLOAD, UPLOAD_AGAIN, f"attachments.{index}")
            )
        else:
            seen.add(key)
    return errors


async def send_contact_message(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal | None,
    organization_id: uuid.UUID,
    data: dict[str, Any],
    captcha_token: str | None = None,
    client_ip: str | None = None,
    now: datetime | None = None,
) -> ContactMessage | OrganizationErrors:
    """A visitor or signed-in user writes to an organization whose profile is published."""
    now = now or datetime.now(UTC)
    try:
        form = ContactForm.model_validate(data)
    except ValidationError as error:
        return OrganizationErrors(errors_from_validation(error, Code))
    email = str(form.email).lower()
    async with sessions() as session:
        profile = await session.get(OrganizationProfile, organization_id)
        if profile is None or profile.status != "published":
            return _error(Code.NOT_FOUND, NO_SUCH_PROFILE, "organization_id")
        problems = await _attachment_errors(session, principal, form)
        if problems:
            return OrganizationErrors(problems)
        captcha_on = await site_flag(
            session, site_settings, profile.site, "captcha", "contact_form"
        )
    limits = [(f"contact:email:{email}", settings.contact_limit_per_email)]
    if principal is not None:  # a signed-in sender cannot spread theirs over typed addresses
        limits.append((f"contact:user:{principal.user_id}", settings.contact_limit_per_email))
    if client_ip:
        limits.append((f"contact:ip:{client_ip}", settings.contact_limit_per_ip))
    # the organization receives every message: its inbox has a budget of its own (ADR 0024)
    limits.append(
        (f"contact:organization:{organization_id}", settings.contact_limit_per_organization)
    )
    if await over_limits(
        sessions,
        rate_limit_hits,
        limits,
        now=now,
        window_seconds=settings.contact_limit_window_seconds,
    ):
        return _error(Code.RATE_LIMITED, RATE_LIMITED_MESSAGE)
    if form.copy_to_sender and not await may_mail(
        sessions,
        rate_limit_hits,
        settings,
        recipient=email,
        client_ip=client_ip,
        account=principal.user_id if principal is not None else None,
        now=now,
    ):
        # The copy goes to whatever address was typed: over that address's mail budget it is
        # silently left out; the message itself still reaches the organization.
        form = form.model_copy(update={"copy_to_sender": False})
    if captcha_on:
        if not (captcha_token and captcha_token.strip()):
            return _error(Code.CAPTCHA_REQUIRED, CAPTCHA_REQUIRED_MESSAGE, "captcha_token")
        if not await captcha_passes(
            captcha_token,
            verify_url=settings.captcha_verify_url,
            secret=settings.captcha_secret,
            timeout=settings.captcha_timeout_seconds,
            remote_ip=client_ip,
        ):
            return _error(Code.CAPTCHA_INVALID, CAPTCHA_INVALID_MESSAGE, "captcha_token")
    try:
        return await _store(sessions, settings, principal, organization_id, form, email, now)
    except IntegrityError:  # a file was used by another message meanwhile
        return _error(Code.UNKNOWN_UPLOAD, UPLOAD_AGAIN, "attachments")


async def _store(
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal | None,
    organization_id: uuid.UUID,
    form: ContactForm,
    email: str,
    now: datetime,
) -> ContactMessage | OrganizationErrors:
    async with unit_of_work(sessions) as session:
        organization = await session.get(Organization, organization_id)
        if organization is None:
            return _error(Code.NOT_FOUND, NO_SUCH_PROFILE, "organization_id")
        if not await hold_uploads(session, uploads, form.attachments):
            return _error(Code.UNKNOWN_UPLOAD, UPLOAD_AGAIN, "attachments")
        message = ContactMessage(
            id=uuid.uuid4(),
            organization_id=organization.id,
            site=organization.site,
            sender_id=principal.user_id if principal is not None else None,
            name=form.name,
            email=email,
            subject=form.subject,
            body=form.body,
            copy=form.copy_to_sender,
            created_at=now,
        )
        session.add(message)
        await session.flush()
        for position, upload_id in enumerate(form.attachments):
            session.add(
                ContactAttachment(
                    upload_id=uuid.UUID(upload_id), message_id=message.id, position=position
                )
            )
        payload = ContactMessageSent(
            message_id=str(message.id),
            organization_id=str(organization.id),
            organization_number=organization.number,
            sender_id=message.sender_id,
            send_copy=message.copy,
            attachments_count=len(form.attachments),
        )
        event = payload.envelope(
            aggregate_id=str(message.id),
            site=message.site,
            actor=(principal.actor_id or principal.user_id) if principal is not None else None,
            aggregate_version=1,
        )
        await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)
        await session.flush()
        return message


def recipient_of(organization: Organization, profile: OrganizationProfile | None) -> str | None:
    """Where a contact message goes: the profile's first contact person with an address, else
    the owner's address."""
    for person in (profile.contact_persons if profile is not None else None) or []:
        address = (person.get("email") or "").strip()
        if address:
            return str(address)
    return organization.owner_email
