"""Resume contact requests, billing's side: each request consumes one resume contact slot, from
an active subscription with contact slots left this period, else one contact credit from the
ledger (FIFO by expiry); the answer (granted / denied) goes out in the same transaction.

Exactly one debit per request id: the organization's advisory lock serializes one
organization's requests, a request already debited is answered granted again without a second
debit, and unique indexes (a subscription usage per (kind, reference), a ledger consumption per
(kind, reference)) refuse a second debit even if that check were bypassed.
"""

from __future__ import annotations

from datetime import datetime

from jobkit.outbox import enqueue
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from billing.db import outbox
from billing.domain import ledger
from billing.domain.events import ContactDenied, ContactGranted
from billing.domain.models import LedgerEntry, SubscriptionUsage
from billing.domain.resumes_events import ContactRequested
from billing.domain.slots import NO_SLOTS_LEFT, subscription_with_a_slot
from billing.domain.subscriptions import period_start
from billing.settings import BillingSettings

ACTOR = "system:contacts"
KIND = "contact"


async def _emit(
    session: AsyncSession, settings: BillingSettings, payload: ContactGranted | ContactDenied
) -> str:
    event = payload.envelope(aggregate_id=payload.request_id, site=settings.site, actor=ACTOR)
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)
    return payload.event_type


async def consume_contact_slot(
    session: AsyncSession,
    settings: BillingSettings,
    request: ContactRequested,
    now: datetime | None = None,
) -> str:
    """Answer a contact request inside the caller's transaction; returns the event type sent."""
    now = now or ledger.now_utc()
    number = request.organization_number
    await ledger.lock_organization(session, number)

    def granted(source: str, subscription_id: object | None = None) -> ContactGranted:
        return ContactGranted(
            request_id=request.request_id,
            organization_number=number,
            source=source,
            subscription_id=str(subscription_id) if subscription_id else None,
        )

    usage = await session.scalar(
        select(SubscriptionUsage).where(
            SubscriptionUsage.kind == KIND, SubscriptionUsage.reference == request.request_id
        )
    )
    if usage is not None:
        return await _emit(session, settings, granted("subscription", usage.subscription_id))
    consumed = await session.scalar(
        select(LedgerEntry.id).where(
            LedgerEntry.kind == KIND,
            LedgerEntry.entry_type == "consumption",
            LedgerEntry.reference == request.request_id,
        )
    )
    if consumed is not None:
        return await _emit(session, settings, granted("credits"))

    subscription = await subscription_with_a_slot(session, number, now, kind=KIND)
    if subscription is not None:
        session.add(
            SubscriptionUsage(
                subscription_id=subscription.id,
                kind=KIND,
                reference=request.request_id,
                period_start=period_start(subscription, now),
            )
        )
        await session.flush()
        return await _emit(session, settings, granted("subscription", subscription.id))
    taken = await ledger.draw(
        session,
        settings,
        organization_number=number,
        kind=KIND,
        amount=1,
        entry_type="consumption",
        reference=request.request_id,
        actor=ACTOR,
        now=now,
    )
    if taken is None:
        denied = ContactDenied(
            request_id=request.request_id, organization_number=number, reason=NO_SLOTS_LEFT
        )
        return await _emit(session, settings, denied)
    return await _emit(session, settings, granted("credits"))
