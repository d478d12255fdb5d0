"""Idempotent handlers of other contexts' events (run by jobkit.consumer.IdempotentConsumer)."""

from __future__ import annotations

from collections.abc import Sequence

from jobkit import contracts
from jobkit.consumer import Handler, RunHandler
from jobkit.erasure import ErasureReport, ErasureRequest, erasure_handler
from jobkit.events import EventEnvelope
from jobkit.export import ExportPart, ExportRequest, export_handler
from jobkit.known_organizations import apply_organization as apply_known_organization
from sqlalchemy.ext.asyncio import AsyncSession

from billing.db import known_organizations, outbox
from billing.domain.contacts import consume_contact_slot
from billing.domain.erasure import erase_person
from billing.domain.events import ErasureCompleted, ExportCompleted
from billing.domain.export import export_person
from billing.domain.jobs_events import JobPublishRequested, JobPublishWithdrawn
from billing.domain.resumes_events import ContactRequested
from billing.domain.slots import release_slot, reserve_slot, reserve_slots
from billing.messaging.contracts import OrganizationNamed
from billing.settings import BillingSettings

ORGANIZATION_TOPIC = contracts.ORGANIZATION_TOPIC
ORGANIZATION_CREATED = contracts.ORGANIZATION_CREATED
ORGANIZATION_UPDATED = contracts.ORGANIZATION_UPDATED


async def apply_organization(session: AsyncSession, event: EventEnvelope) -> None:
    """organizations.organization.created / updated: upsert the number's current name."""
    payload = OrganizationNamed.model_validate(event.payload)
    await apply_known_organization(
        session,
        known_organizations,
        organization_id=str(payload.organization_id),
        number=payload.number,
        name=payload.name,
    )


def organization_handlers() -> dict[str, Handler]:
    return {ORGANIZATION_CREATED: apply_organization, ORGANIZATION_UPDATED: apply_organization}


def slot_handlers(settings: BillingSettings) -> dict[str, Handler]:
    """jobs.job publish requests and withdrawals: the slot reservation saga (billing.slot)."""

    async def requested(session: AsyncSession, event: EventEnvelope) -> None:
        await reserve_slot(session, settings, JobPublishRequested.model_validate(event.payload))

    async def withdrawn(session: AsyncSession, event: EventEnvelope) -> None:
        await release_slot(session, settings, JobPublishWithdrawn.model_validate(event.payload))

    return {
        JobPublishRequested.event_type: requested,
        JobPublishWithdrawn.event_type: withdrawn,
    }


def slot_run_handlers(settings: BillingSettings) -> dict[str, RunHandler]:
    """A fetched batch's run of publication requests answered at once (ADR 0051)."""

    async def requested(session: AsyncSession, events: Sequence[EventEnvelope]) -> None:
        await reserve_slots(
            session,
            settings,
            [JobPublishRequested.model_validate(event.payload) for event in events],
        )

    return {JobPublishRequested.event_type: requested}


def contact_handlers(settings: BillingSettings) -> dict[str, Handler]:
    """resumes.contact requests: one resume contact slot each (billing.contact)."""

    async def requested(session: AsyncSession, event: EventEnvelope) -> None:
        await consume_contact_slot(
            session, settings, ContactRequested.model_validate(event.payload)
        )

    return {ContactRequested.event_type: requested}


def erasure_handlers(settings: BillingSettings) -> dict[str, Handler]:
    """identity.user.deleted: the person's traces in the ledger and invoicing contacts
    anonymized, and confirmed (ADR 0036)."""

    async def erase(session: AsyncSession, request: ErasureRequest) -> ErasureReport:
        return await erase_person(session, user_id=request.user_id, email=request.email)

    return {
        contracts.USER_DELETED: erasure_handler(
            service="billing",
            settings=settings,
            outbox=outbox,
            completed=ErasureCompleted,
            erase=erase,
        )
    }


def export_handlers(settings: BillingSettings) -> dict[str, Handler]:
    """identity.export.requested: the person's ledger entries and invoicing contacts, as this
    service's part (ADR 0038); what the erasure anonymizes is what the person gets a copy of."""

    async def collect(session: AsyncSession, request: ExportRequest) -> ExportPart:
        return await export_person(session, user_id=request.user_id, email=request.email)

    return {
        contracts.EXPORT_REQUESTED: export_handler(
            service="billing",
            settings=settings,
            outbox=outbox,
            completed=ExportCompleted,
            collect=collect,
        )
    }
