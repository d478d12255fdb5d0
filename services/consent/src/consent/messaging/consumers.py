"""Idempotent handlers of identity's events (run by jobkit.consumer.IdempotentConsumer)."""

from __future__ import annotations

from jobkit import contracts
from jobkit.consumer import Handler
from jobkit.erasure import ErasureReport, ErasureRequest, erasure_handler
from jobkit.events import EventEnvelope
from jobkit.export import ExportPart, ExportRequest, export_handler
from jobkit.settings import ServiceSettings
from sqlalchemy.ext.asyncio import AsyncSession

from consent.db import outbox
from consent.domain.events import ErasureCompleted, ExportCompleted
from consent.domain.identity_events import RegistrationConsented
from consent.domain.service import (
    erase_user_consents,
    export_user_consents,
    record_registration_consents,
)
from consent.messaging.contracts import IDENTITY_GROUP

__all__ = ["IDENTITY_GROUP", "export_handlers", "identity_handlers"]


def identity_handlers(settings: ServiceSettings) -> dict[str, Handler]:
    async def registered(session: AsyncSession, event: EventEnvelope) -> None:
        payload = RegistrationConsented.model_validate(event.payload)
        await record_registration_consents(
            session,
            settings=settings,
            user_id=payload.user_id,
            mail=payload.mail,
            site=event.site,
            consents=[(item.info_id, item.revision_id) for item in payload.consents],
        )

    async def erase(session: AsyncSession, request: ErasureRequest) -> ErasureReport:
        return await erase_user_consents(session, request.user_id)

    deleted = erasure_handler(
        service="consent",
        settings=settings,
        outbox=outbox,
        completed=ErasureCompleted,
        erase=erase,
    )
    return {RegistrationConsented.event_type: registered, contracts.USER_DELETED: deleted}


def export_handlers(settings: ServiceSettings) -> dict[str, Handler]:
    """identity.export.requested: the person's consents, as this service's part (ADR 0038)."""

    async def collect(session: AsyncSession, request: ExportRequest) -> ExportPart:
        return await export_user_consents(session, request.user_id)

    exported = export_handler(
        service="consent",
        settings=settings,
        outbox=outbox,
        completed=ExportCompleted,
        collect=collect,
    )
    return {contracts.EXPORT_REQUESTED: exported}
