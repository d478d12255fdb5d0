"""Identity's consumers. The audit log: masqueraded writes that every service records
(``jobkit.audit``). The mailer: its mails (verification after sign-up, password reset on request,
the confirmation link of a new address, the notice to the owner of a taken address) follow the
events, so each is sent once the change is committed, through the idempotent
consumer (once per event, retried). A mail sent again (the process died after the relay took it,
before the event was recorded) is the same mail: its Message-ID and its link are made from the
event (``LinkRequest``), not from the time it was sent."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from jobkit import contracts
from jobkit.app import ServiceRuntime
from jobkit.audit import AUDIT_TOPIC, MasqueradedWriteAttempted, MasqueradedWriteFinished
from jobkit.consumer import Handler, IdempotentConsumer
from jobkit.contracts import (
    ERASERS,
    EXPORTERS,
    erasure_completed,
    erasure_topic,
    export_completed,
    export_topic,
)
from jobkit.events import EventEnvelope
from jobkit.mail import send_mail
from sqlalchemy.ext.asyncio import AsyncSession

from identity.db import processed_events
from identity.domain.account import email_change_mail, email_change_token
from identity.domain.audit import record_attempted, record_finished
from identity.domain.consent import (
    CONSENT_INFO_TOPIC,
    CONSENT_TOPIC,
    apply_consent_given,
    apply_info_revised,
)
from identity.domain.erasure import record_confirmation
from identity.domain.events import (
    USER_TOPIC,
    EmailChangeRequested,
    PasswordResetRequested,
    TakenEmailUsed,
    UserRegistered,
)
from identity.domain.export import record_part
from identity.domain.models import User
from identity.domain.password_reset import reset_mail, reset_mail_due, reset_token
from identity.domain.taken_email import taken_email_mail
from identity.domain.tokens import LinkRequest, SigningKey
from identity.domain.verification import (
    verification_link,
    verification_mail,
    verification_token,
)
from identity.settings import IdentitySettings

MAILER_GROUP = "identity-mailer"
CONSENT_GROUP = "identity-consent"
AUDIT_GROUP = "identity-audit"
ERASURE_GROUP = "identity-erasure"


def erasure_handlers() -> dict[str, dict[str, Handler]]:
    """Every eraser's confirmation topic (unprefixed) -> its handler (ADR 0036)."""

    def confirmed_by(service: str) -> Handler:
        async def confirmed(session: AsyncSession, event: EventEnvelope) -> None:
            await record_confirmation(session, service=service, payload=event.payload)

        return confirmed

    return {
        erasure_topic(service): {erasure_completed(service): confirmed_by(service)}
        for service in ERASERS
    }


def export_handlers(settings: IdentitySettings) -> dict[str, dict[str, Handler]]:
    """Every exporter's announcement topic (unprefixed) -> its handler (ADR 0038): the last
    part assembles the archive and mails the person."""

    def sent_by(service: str) -> Handler:
        async def sent(session: AsyncSession, event: EventEnvelope) -> None:
            await record_part(session, settings, service=service, payload=event.payload)

        return sent

    return {
        export_topic(service): {export_completed(service): sent_by(service)}
        for service in EXPORTERS
    }


def build_consumers(runtime: ServiceRuntime, key: SigningKey) -> Sequence[IdempotentConsumer]:
    settings = runtime.settings
    assert isinstance(settings, IdentitySettings)

    async def on_registered(session: AsyncSession, event: EventEnvelope) -> None:
        payload = UserRegistered.model_validate(event.payload)
        user = await session.get(User, uuid.UUID(payload.user_id))
        if user is None or user.email_verified or payload.signup_method != "email":
            return
        token = verification_token(user, key=key, settings=settings, request=LinkRequest.of(event))
        link = verification_link(token, settings=settings)
        mail = verification_mail(
            user, link=link, settings=settings, message_key=f"{event.id}.verify-email"
        )
        await send_mail(mail, settings=settings)

    async def on_password_reset_requested(session: AsyncSession, event: EventEnvelope) -> None:
        payload = PasswordResetRequested.model_validate(event.payload)
        user = await session.get(User, uuid.UUID(payload.user_id))
        if user is None or not reset_mail_due(user, event.occurred_at):
            return  # deleted, or the password changed since the request (its link was used)
        token = reset_token(user, key=key, settings=settings, request=LinkRequest.of(event))
        mail = reset_mail(
            user, token=token, settings=settings, message_key=f"{event.id}.reset-password"
        )
        await send_mail(mail, settings=settings)

    async def on_email_change_requested(session: AsyncSession, event: EventEnvelope) -> None:
        payload = EmailChangeRequested.model_validate(event.payload)
        user = await session.get(User, uuid.UUID(payload.user_id))
        if user is None or user.pending_email != payload.new_email:
            return  # deleted, or asked again for another address since: only the latest counts
        token = email_change_token(
            user, payload.new_email, key=key, settings=settings, request=LinkRequest.of(event)
        )
        link = verification_link(token, settings=settings)
        mail = email_change_mail(
            user,
            payload.new_email,
            link=link,
            settings=settings,
            message_key=f"{event.id}.change-email",
        )
        await send_mail(mail, settings=settings)

    async def on_taken_email_used(session: AsyncSession, event: EventEnvelope) -> None:
        payload = TakenEmailUsed.model_validate(event.payload)
        owner = await session.get(User, uuid.UUID(payload.user_id))
        if owner is None:
            return  # the account is gone: nobody to tell
        mail = taken_email_mail(
            owner, payload.attempt, settings=settings, message_key=f"{event.id}.taken-email"
        )
        await send_mail(mail, settings=settings)

    async def on_write_attempted(session: AsyncSession, event: EventEnvelope) -> None:
        await record_attempted(session, event)

    async def on_write_finished(session: AsyncSession, event: EventEnvelope) -> None:
        await record_finished(session, event)

    return [
        IdempotentConsumer(
            group_id=settings.topic(CONSENT_GROUP),
            handlers={
                settings.topic(CONSENT_INFO_TOPIC): {
                    contracts.CONSENT_INFO_REVISED: apply_info_revised
                },
                settings.topic(CONSENT_TOPIC): {contracts.CONSENT_GIVEN: apply_consent_given},
            },
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        ),
        IdempotentConsumer(
            group_id=settings.topic(AUDIT_GROUP),
            handlers={
                settings.topic(AUDIT_TOPIC): {
                    MasqueradedWriteAttempted.event_type: on_write_attempted,
                    MasqueradedWriteFinished.event_type: on_write_finished,
                }
            },
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        ),
        IdempotentConsumer(
            group_id=settings.topic(ERASURE_GROUP),
            handlers={
                settings.topic(topic): handlers
                for topic, handlers in (erasure_handlers() | export_handlers(settings)).items()
            },
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        ),
        IdempotentConsumer(
            group_id=settings.topic(MAILER_GROUP),
            handlers={
                settings.topic(USER_TOPIC): {
                    UserRegistered.event_type: on_registered,
                    PasswordResetRequested.event_type: on_password_reset_requested,
                    EmailChangeRequested.event_type: on_email_change_requested,
                    TakenEmailUsed.event_type: on_taken_email_used,
                }
            },
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        ),
    ]
