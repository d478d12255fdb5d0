"""Organizations' consumers: search's vocabulary into the local terms read model (to check term
ids on write), identity's site settings (the contact form's captcha), the invitation mailer
(once per invitation event), the contact form's mailers (messaging/contact_mailer.py), a
deleted account's erasure (ADR 0036) and, in the same group, a person's export (ADR 0038).

An invitation mail sent again (the process died after the relay took it, before the event was
recorded) is the same mail: its Message-ID is made from the event, its link from the invitation
the event names (``invitation_token``), not from the moment it is sent."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from email.message import EmailMessage

from jobkit import contracts
from jobkit.app import ServiceRuntime
from jobkit.consumer import Handler, IdempotentConsumer
from jobkit.erasure import ErasureReport, ErasureRequest, erasure_handler
from jobkit.events import EventEnvelope
from jobkit.export import ExportPart, ExportRequest, export_handler
from jobkit.mail import compose, send_mail
from jobkit.site_settings import SITE_TOPIC, site_settings_handlers
from jobkit.uploads.storage import Storage
from jobkit.vocabulary import VOCABULARY_TOPIC, vocabulary_handlers
from sqlalchemy.ext.asyncio import AsyncSession

from organizations.db import outbox, processed_events, site_settings, terms
from organizations.domain.erasure import erase_person
from organizations.domain.events import (
    CONTACT_TOPIC,
    ORGANIZATION_TOPIC,
    ErasureCompleted,
    ExportCompleted,
    MemberInvited,
)
from organizations.domain.export import export_person
from organizations.domain.invitations import invitation_token, invitation_token_hash
from organizations.domain.models import Invitation, Organization
from organizations.messaging.contact_mailer import contact_copy_handlers, contact_mailer_handlers
from organizations.settings import OrganizationsSettings

VOCABULARY_GROUP = "organizations-vocabulary"
MAILER_GROUP = "organizations-mailer"
SITE_CONFIG_GROUP = "organizations-site-config"
CONTACT_MAILER_GROUP = "organizations-contact-mailer"
CONTACT_COPY_GROUP = "organizations-contact-copy-mailer"
ERASURE_GROUP = "organizations-erasure"


def erasure_handlers(settings: OrganizationsSettings, storage: Storage) -> dict[str, Handler]:
    """identity.user.deleted: the person's data erased or anonymized, and confirmed (ADR 0036)."""

    async def erase(session: AsyncSession, request: ErasureRequest) -> ErasureReport:
        return await erase_person(
            session, settings, storage=storage, user_id=request.user_id, email=request.email
        )

    return {
        contracts.USER_DELETED: erasure_handler(
            service="organizations",
            settings=settings,
            outbox=outbox,
            completed=ErasureCompleted,
            erase=erase,
        )
    }


def export_handlers(settings: OrganizationsSettings, storage: Storage) -> dict[str, Handler]:
    """identity.export.requested: what organizations keeps about the person, with the files
    read from the service's ``storage`` (its uploads; the part itself goes to the shared export
    storage), as this service's part (ADR 0038)."""

    async def collect(session: AsyncSession, request: ExportRequest) -> ExportPart:
        return await export_person(
            session, storage=storage, user_id=request.user_id, email=request.email
        )

    return {
        contracts.EXPORT_REQUESTED: export_handler(
            service="organizations",
            settings=settings,
            outbox=outbox,
            completed=ExportCompleted,
            collect=collect,
        )
    }


def invitation_mail(
    *,
    organization: Organization,
    email: str,
    link: str,
    settings: OrganizationsSettings,
    message_key: str,
) -> EmailMessage:
    return compose(
        settings,
        to=email,
        subject=f"Join {organization.name} on the job board",
        text=f"Hello,\n\nyou are invited to recruit for {organization.name} on the job board.\n"
        f"Sign in with a recruiter account (or create one) and accept here:\n\n{link}\n\n"
        f"The invitation works for {settings.invitation_lifetime_days} days. If you did not "
        "expect it, ignore this mail.\n",
        message_key=message_key,
    )


def invitation_mailer_handlers(settings: OrganizationsSettings) -> dict[str, Handler]:
    """member.invited: the invited address gets its link, once per event (or again as the same
    mail: the event's Message-ID, the invitation's token)."""

    async def invited(session: AsyncSession, event: EventEnvelope) -> None:
        payload = MemberInvited.model_validate(event.payload)
        invitation = await session.get(Invitation, uuid.UUID(payload.invitation_id))
        organization = await session.get(Organization, uuid.UUID(payload.organization_id))
        if invitation is None or organization is None or invitation.accepted_at is not None:
            return
        # The token is not in the event (events are broadcast): it is made again from the
        # invitation. An invitation whose stored digest is another token's (issued before the
        # tokens were made this way, or before the secret was rotated) gets this one's digest,
        # the same on a re-send.
        token = invitation_token(settings, invitation.id)
        digest = invitation_token_hash(settings, invitation.id)
        if invitation.token_hash != digest:
            invitation.token_hash = digest
        link = f"{settings.site_url.rstrip('/')}/organization-invitation?token={token}"
        mail = invitation_mail(
            organization=organization,
            email=invitation.email,
            link=link,
            settings=settings,
            message_key=f"{event.id}.invitation",
        )
        await send_mail(mail, settings=settings)

    return {MemberInvited.event_type: invited}


def build_consumers(runtime: ServiceRuntime) -> Sequence[IdempotentConsumer]:
    settings = runtime.settings
    assert isinstance(settings, OrganizationsSettings)

    def consumer(group: str, topic: str, handlers: dict[str, Handler]) -> IdempotentConsumer:
        return IdempotentConsumer(
            group_id=settings.topic(group),
            handlers={settings.topic(topic): handlers},
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        )

    return [
        # a deleted account's erasure and a person's export: one group, the person's data both
        # ways (what the erasure takes is what the export copies)
        IdempotentConsumer(
            group_id=settings.topic(ERASURE_GROUP),
            handlers={
                settings.topic(contracts.USER_TOPIC): erasure_handlers(settings, runtime.storage),
                settings.topic(contracts.EXPORT_REQUEST_TOPIC): export_handlers(
                    settings, runtime.storage
                ),
            },
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        ),
        consumer(SITE_CONFIG_GROUP, SITE_TOPIC, site_settings_handlers(site_settings)),
        consumer(
            CONTACT_MAILER_GROUP, CONTACT_TOPIC, contact_mailer_handlers(settings, runtime.storage)
        ),
        consumer(
            CONTACT_COPY_GROUP, CONTACT_TOPIC, contact_copy_handlers(settings, runtime.storage)
        ),
        IdempotentConsumer(
            group_id=settings.topic(VOCABULARY_GROUP),
            handlers={settings.topic(VOCABULARY_TOPIC): vocabulary_handlers(terms)},
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        ),
        IdempotentConsumer(
            group_id=settings.topic(MAILER_GROUP),
            handlers={settings.topic(ORGANIZATION_TOPIC): invitation_mailer_handlers(settings)},
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        ),
    ]
