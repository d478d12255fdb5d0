"""Resumes' consumers, each an idempotent group (jobkit.consumer):

- ``resumes-organizations``: organizations' organization and member events into the known
  organizations and memberships read models (which organization a recruiter acts for, its
  number for billing, its name for the applicant);
- ``resumes-vocabulary``: search's terms, to check term ids on write;
- ``resumes-contacts``: billing's answers to contact requests (granted: the request waits for
  the applicant; denied: no contact left), applied once per request whatever the redeliveries;
- ``resumes-contact-mailer``: a granted request is mailed to the applicant;
- ``resumes-identity``: a deleted account's resume and files are deleted, its contact requests
  made as a recruiter anonymized, and the erasure confirmed (ADR 0036); a person's resume,
  contact requests and files are put in their export, and the part announced (ADR 0038);
- ``resumes-site-config``: identity's site settings into their read model (whether recruiters
  may ask for contact: ``features.resume_contact``; whether import and export are on).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from email.message import EmailMessage

from jobkit import contracts
from jobkit.app import ServiceRuntime
from jobkit.consumer import Handler, IdempotentConsumer
from jobkit.erasure import ErasureReport, ErasureRequest, erasure_handler
from jobkit.events import EventEnvelope
from jobkit.export import ExportPart, ExportRequest, export_handler
from jobkit.known_organizations import apply_organization
from jobkit.mail import compose, send_mail
from jobkit.memberships import MEMBER_ADDED, MEMBER_REMOVED, membership_handlers
from jobkit.site_settings import SITE_TOPIC, site_settings_handlers
from jobkit.uploads.storage import Storage
from jobkit.vocabulary import VOCABULARY_TOPIC, vocabulary_handlers
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from resumes.db import (
    known_organizations,
    members,
    outbox,
    processed_events,
    site_settings,
    terms,
)
from resumes.domain.contacts import apply_billing_answer
from resumes.domain.erasure import erase_person
from resumes.domain.events import (
    BILLING_CONTACT_TOPIC,
    CONTACT_DENIED,
    CONTACT_GRANTED,
    CONTACT_TOPIC,
    ContactStatusChanged,
    ErasureCompleted,
    ExportCompleted,
)
from resumes.domain.export import export_person
from resumes.domain.models import Resume
from resumes.messaging.contracts import (
    CONTACT_MAILER_GROUP,
    CONTACTS_GROUP,
    IDENTITY_GROUP,
    ORGANIZATIONS_GROUP,
    SITE_CONFIG_GROUP,
    VOCABULARY_GROUP,
    ContactDenied,
    ContactGranted,
    OrganizationNamed,
)
from resumes.settings import ResumesSettings

log = logging.getLogger(__name__)


async def apply_organization_named(session: AsyncSession, event: EventEnvelope) -> None:
    payload = OrganizationNamed.model_validate(event.payload)
    await apply_organization(
        session,
        known_organizations,
        organization_id=payload.organization_id,
        number=payload.number,
        name=payload.name,
    )


def organization_handlers() -> dict[str, Handler]:
    return {
        contracts.ORGANIZATION_CREATED: apply_organization_named,
        contracts.ORGANIZATION_UPDATED: apply_organization_named,
        **{
            name: handler
            for name, handler in membership_handlers(members).items()
            if name in {MEMBER_ADDED, MEMBER_REMOVED}
        },
    }


def contact_handlers(settings: ResumesSettings) -> dict[str, Handler]:
    async def granted(session: AsyncSession, event: EventEnvelope) -> None:
        payload = ContactGranted.model_validate(event.payload)
        await apply_billing_answer(session, settings, request_id=payload.request_id, granted=True)

    async def denied(session: AsyncSession, event: EventEnvelope) -> None:
        payload = ContactDenied.model_validate(event.payload)
        await apply_billing_answer(
            session, settings, request_id=payload.request_id, granted=False, reason=payload.reason
        )

    return {CONTACT_GRANTED: granted, CONTACT_DENIED: denied}


def contact_mail(
    *, to: str, organization: str, settings: ResumesSettings, key: str
) -> EmailMessage:
    """The applicant is asked; the mail names the organization only (nothing of the resume)."""
    link = f"{settings.site_url.rstrip('/')}/resume/contact-requests"
    return compose(
        settings,
        to=to,
        subject=f"{organization} would like to contact you",
        text=f"Hello,\n\na recruiter of {organization} found your resume and would like to "
        f"contact you. They see your name, phone and home location only if you approve.\n\n"
        f"Approve or decline the request at {link}. You can revoke an approval there at any "
        f"time.\n",
        message_key=key,
    )


def mailer_handlers(settings: ResumesSettings) -> dict[str, Handler]:
    async def status_changed(session: AsyncSession, event: EventEnvelope) -> None:
        payload = ContactStatusChanged.model_validate(event.payload)
        if payload.status != "pending":
            return
        address = await session.scalar(
            select(Resume.owner_email).where(Resume.id == uuid.UUID(payload.resume_id))
        )
        if not address:
            log.info("contact request %s: the applicant has no address to mail", payload.request_id)
            return
        name = await session.scalar(
            select(known_organizations.c.name).where(
                known_organizations.c.organization_id == payload.organization_id
            )
        )
        mail = contact_mail(
            to=address,
            organization=name or "An organization",
            settings=settings,
            key=f"{event.id}.contact-requested",
        )
        await send_mail(mail, settings=settings)

    return {ContactStatusChanged.event_type: status_changed}


def identity_handlers(settings: ResumesSettings, storage: Storage) -> dict[str, Handler]:
    """identity.user.deleted: the person's resume and files erased, and confirmed (ADR 0036)."""

    async def erase(session: AsyncSession, request: ErasureRequest) -> ErasureReport:
        return await erase_person(session, settings, storage=storage, user_id=request.user_id)

    return {
        contracts.USER_DELETED: erasure_handler(
            service="resumes",
            settings=settings,
            outbox=outbox,
            completed=ErasureCompleted,
            erase=erase,
        )
    }


def export_handlers(settings: ResumesSettings, storage: Storage) -> dict[str, Handler]:
    """identity.export.requested: the person's resume, contact requests and files (read from
    ``storage``, the one the erasure deletes them from) as this service's part (ADR 0038)."""

    async def collect(session: AsyncSession, request: ExportRequest) -> ExportPart:
        return await export_person(session, storage=storage, user_id=request.user_id)

    return {
        contracts.EXPORT_REQUESTED: export_handler(
            service="resumes",
            settings=settings,
            outbox=outbox,
            completed=ExportCompleted,
            collect=collect,
        )
    }


def _consumer(
    settings: ResumesSettings,
    sessions: async_sessionmaker[AsyncSession],
    group: str,
    handlers: dict[str, dict[str, Handler]],
) -> IdempotentConsumer:
    return IdempotentConsumer(
        group_id=settings.topic(group),
        handlers={settings.topic(topic): found for topic, found in handlers.items()},
        sessions=sessions,
        processed=processed_events,
        bootstrap_servers=settings.kafka_bootstrap_servers,
    )


def build_consumers(runtime: ServiceRuntime) -> Sequence[IdempotentConsumer]:
    settings = runtime.settings
    assert isinstance(settings, ResumesSettings)
    sessions = runtime.sessions
    return [
        _consumer(
            settings,
            sessions,
            ORGANIZATIONS_GROUP,
            {contracts.ORGANIZATION_TOPIC: organization_handlers()},
        ),
        _consumer(
            settings, sessions, VOCABULARY_GROUP, {VOCABULARY_TOPIC: vocabulary_handlers(terms)}
        ),
        _consumer(
            settings, sessions, CONTACTS_GROUP, {BILLING_CONTACT_TOPIC: contact_handlers(settings)}
        ),
        _consumer(
            settings, sessions, CONTACT_MAILER_GROUP, {CONTACT_TOPIC: mailer_handlers(settings)}
        ),
        _consumer(
            settings,
            sessions,
            IDENTITY_GROUP,
            {
                contracts.USER_TOPIC: identity_handlers(settings, runtime.storage),
                contracts.EXPORT_REQUEST_TOPIC: export_handlers(settings, runtime.storage),
            },
        ),
        _consumer(
            settings,
            sessions,
            SITE_CONFIG_GROUP,
            {SITE_TOPIC: site_settings_handlers(site_settings)},
        ),
    ]
