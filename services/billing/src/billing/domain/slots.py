"""The slot reservation saga's billing side: a job's publish request takes one job slot from an
active subscription with slots left this period, else one job credit from the ledger (FIFO by
expiry), and the answer (granted / denied) goes out in the same transaction.

Exactly one debit per job id (per publication: a job withdrawn and published again is debited
again under the reference ``<job id>#<n>``): the organization's advisory lock serializes the
requests of one organization, a job already holding a slot is answered granted again without
a second debit, and partial unique indexes (a ledger reservation per (kind, reference), a
subscription usage per (kind, reference)) refuse a second debit even if that check were
bypassed. With the idempotent consumer's processed-event ledger, a redelivered event has no
second effect.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from jobkit.db import any_bound
from jobkit.outbox import enqueue
from sqlalchemy import (
    ColumnElement,
    Integer,
    String,
    Uuid,
    bindparam,
    func,
    literal_column,
    or_,
    select,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute, aliased

from billing.db import outbox
from billing.domain import ledger
from billing.domain.events import SlotDenied, SlotGranted, SlotReleased
from billing.domain.jobs_events import JobPublishRequested, JobPublishWithdrawn
from billing.domain.models import LedgerEntry, Subscription, SubscriptionUsage
from billing.domain.subscriptions import period_start
from billing.settings import BillingSettings

Grant = aliased(LedgerEntry)
NO_SLOTS_LEFT = "no_slots_left"
ACTOR = "system:slots"


async def _emit(
    session: AsyncSession,
    settings: BillingSettings,
    payload: SlotGranted | SlotDenied | SlotReleased,
) -> None:
    event = payload.envelope(aggregate_id=payload.job_id, site=settings.site, actor=ACTOR)
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)


def _of_job(
    column: InstrumentedAttribute[str | None] | InstrumentedAttribute[str], job_id: str
) -> ColumnElement[bool]:
    """The job's references: its id for the first debit, ``<id>#<n>`` for the n-th (a job
    withdrawn and published again is debited again, each debit once)."""
    return or_(column == job_id, column.startswith(f"{job_id}#", autoescape=True))


def _featured_until(start: datetime, days: int | None) -> str | None:
    """The end of a boost that started with the slot's debit (None without one): a re-grant of
    the same slot answers the same date."""
    return (start + timedelta(days=days)).isoformat() if days else None


async def _reservation_boost(session: AsyncSession, reference: str) -> str | None:
    """The boost of the grant a job's ledger reservation drew from, from the reservation's date."""
    row = (
        await session.execute(
            select(LedgerEntry.created_at, Grant.featured_days)
            .join(Grant, Grant.id == LedgerEntry.grant_id)
            .where(LedgerEntry.reference == reference, LedgerEntry.entry_type == "reservation")
            .order_by(Grant.featured_days.desc().nulls_last())
            .limit(1)
        )
    ).first()
    return _featured_until(row[0], row[1]) if row is not None else None


async def _usage_boost(session: AsyncSession, usage: SubscriptionUsage) -> str | None:
    days = await session.scalar(
        select(Subscription.featured_days).where(Subscription.id == usage.subscription_id)
    )
    return _featured_until(usage.created_at, days)


async def _held_usage(session: AsyncSession, job_id: str) -> SubscriptionUsage | None:
    found: SubscriptionUsage | None = await session.scalar(
        select(SubscriptionUsage).where(
            SubscriptionUsage.kind == "job",
            _of_job(SubscriptionUsage.reference, job_id),
            SubscriptionUsage.released_at.is_(None),
        )
    )
    return found


async def _held_references(
    session: AsyncSession, organization_number: int, job_id: str
) -> list[str]:
    """The job's ledger references still holding a credit (reservation minus releases)."""
    rows = await session.execute(
        select(LedgerEntry.reference)
        .where(
            LedgerEntry.organization_number == organization_number,
            LedgerEntry.kind == "job",
            _of_job(LedgerEntry.reference, job_id),
            LedgerEntry.entry_type.in_(("reservation", "release")),
        )
        .group_by(LedgerEntry.reference)
        .having(func.sum(LedgerEntry.amount) < 0)
    )
    return [str(reference) for (reference,) in rows]


async def _next_reference(session: AsyncSession, job_id: str) -> str:
    """The reference of the job's next debit: its id the first time, then ``<id>#2``, ..."""
    usages = await session.scalar(
        select(func.count()).where(
            SubscriptionUsage.kind == "job", _of_job(SubscriptionUsage.reference, job_id)
        )
    )
    reservations = await session.scalar(
        select(func.count(func.distinct(LedgerEntry.reference))).where(
            LedgerEntry.kind == "job",
            LedgerEntry.entry_type == "reservation",
            _of_job(LedgerEntry.reference, job_id),
        )
    )
    debits = int(usages or 0) + int(reservations or 0)
    return job_id if debits == 0 else f"{job_id}#{debits + 1}"


async def subscription_with_a_slot(
    session: AsyncSession, organization_number: int, now: datetime, kind: str = "job"
) -> Subscription | None:
    """The active subscription ending soonest that has a slot of ``kind`` (job / contact) left
    this period."""
    slots = Subscription.job_slots if kind == "job" else Subscription.contact_slots
    candidates = (
        await session.scalars(
            select(Subscription)
            .where(
                Subscription.organization_number == organization_number,
                Subscription.cancelled_at.is_(None),
                Subscription.start_date <= now,
                Subscription.end_date > now,
                slots > 0,
            )
            .order_by(Subscription.end_date, Subscription.id)
        )
    ).all()
    for candidate in candidates:
        used = await session.scalar(
            select(func.count()).where(
                SubscriptionUsage.subscription_id == candidate.id,
                SubscriptionUsage.kind == kind,
                SubscriptionUsage.period_start == period_start(candidate, now),
                SubscriptionUsage.released_at.is_(None),
            )
        )
        limit = candidate.job_slots if kind == "job" else candidate.contact_slots
        if (used or 0) < limit:
            return candidate
    return None


async def reserve_slot(
    session: AsyncSession,
    settings: BillingSettings,
    request: JobPublishRequested,
    now: datetime | None = None,
) -> str:
    """Answer a publish request inside the caller's transaction; returns the event type sent."""
    now = now or ledger.now_utc()
    number = request.organization_number
    await ledger.lock_organization(session, number)
    usage = await _held_usage(session, request.job_id)
    if usage is not None:
        granted = SlotGranted(
            job_id=request.job_id,
            organization_number=number,
            source="subscription",
            subscription_id=str(usage.subscription_id),
            featured_until=await _usage_boost(session, usage),
        )
        await _emit(session, settings, granted)
        return granted.event_type
    held = await _held_references(session, number, request.job_id)
    if held:
        granted = SlotGranted(
            job_id=request.job_id,
            organization_number=number,
            source="credits",
            featured_until=await _reservation_boost(session, held[-1]),
        )
        await _emit(session, settings, granted)
        return granted.event_type
    reference = await _next_reference(session, request.job_id)
    subscription = await subscription_with_a_slot(session, number, now)
    if subscription is not None:
        return await _use_subscription(
            session,
            settings,
            request,
            subscription,
            period_start(subscription, now),
            reference,
            now,
        )
    return await _draw_credit(session, settings, request, reference, now)


async def _use_subscription(
    session: AsyncSession,
    settings: BillingSettings,
    request: JobPublishRequested,
    subscription: Subscription,
    start: datetime,
    reference: str,
    now: datetime,
) -> str:
    """One of the subscription's slots of the period starting at ``start``, and the answer."""
    session.add(
        SubscriptionUsage(
            subscription_id=subscription.id,
            kind="job",
            reference=reference,
            period_start=start,
            created_at=now,
        )
    )
    if not ledger.in_batch():  # else with the batch's next statement, as a draw's entries
        await session.flush()
    granted = SlotGranted(
        job_id=request.job_id,
        organization_number=request.organization_number,
        source="subscription",
        subscription_id=str(subscription.id),
        featured_until=_featured_until(now, subscription.featured_days),
    )
    await _emit(session, settings, granted)
    return granted.event_type


async def _draw_credit(
    session: AsyncSession,
    settings: BillingSettings,
    request: JobPublishRequested,
    reference: str,
    now: datetime,
) -> str:
    """A job credit under ``reference`` and the answer: granted with the boost of the grant it
    drew from, or denied."""
    number = request.organization_number
    taken = await ledger.draw(
        session,
        settings,
        organization_number=number,
        kind="job",
        amount=1,
        entry_type="reservation",
        reference=reference,
        actor=ACTOR,
        now=now,
    )
    if taken is None:
        denied = SlotDenied(job_id=request.job_id, organization_number=number, reason=NO_SLOTS_LEFT)
        await _emit(session, settings, denied)
        return denied.event_type
    grants = ledger.batch_grants(number, "job")
    days = (
        ledger.featured_days_drawn(taken, grants)
        if grants is not None
        else await session.scalar(
            select(func.max(LedgerEntry.featured_days)).where(
                LedgerEntry.id.in_([entry.grant_id for entry in taken])
            )
        )
    )
    granted = SlotGranted(
        job_id=request.job_id,
        organization_number=number,
        source="credits",
        featured_until=_featured_until(now, days),
    )
    await _emit(session, settings, granted)
    return granted.event_type


@dataclass
class _Candidate:
    """An active subscription with job slots, and how many it has used this period."""

    subscription: Subscription
    period_start: datetime
    used: int


async def _debited_jobs(session: AsyncSession, job_ids: Sequence[str]) -> set[str]:
    """The jobs among ``job_ids`` that were ever debited (a subscription use or a ledger
    reservation under their id: a job's first debit has its id as reference, only later ones
    ``<id>#<n>``), in two index probes."""
    used = await session.scalars(_USED_FOR, {"references": list(job_ids)})
    reserved = await session.scalars(_RESERVED_FOR, {"references": list(job_ids)})
    return {str(reference) for reference in (*used, *reserved)}


# the batch's reads, built once, their organizations, jobs and subscriptions bound as arrays
# when they run (one text whatever the batch's length, no SQL expression built per batch; ADR
# 0074)
_USED_FOR = select(SubscriptionUsage.reference).where(
    SubscriptionUsage.kind == "job",
    SubscriptionUsage.reference == any_bound("references", String()),
)
_RESERVED_FOR = select(LedgerEntry.reference).where(
    LedgerEntry.kind == "job",
    # a literal, so that every plan of the statement can use the partial unique index on
    # reservations' (kind, reference)
    LedgerEntry.entry_type == literal_column("'reservation'"),
    LedgerEntry.reference == any_bound("references", String()),
)
_SLOT_SUBSCRIPTIONS = (
    select(Subscription)
    .where(
        Subscription.organization_number == any_bound("numbers", Integer()),
        Subscription.cancelled_at.is_(None),
        Subscription.start_date <= bindparam("now"),
        Subscription.end_date > bindparam("now"),
        Subscription.job_slots > 0,
    )
    .order_by(Subscription.organization_number, Subscription.end_date, Subscription.id)
)
_SLOTS_USED = (
    select(SubscriptionUsage.subscription_id, SubscriptionUsage.period_start, func.count())
    .where(
        SubscriptionUsage.subscription_id == any_bound("subscriptions", Uuid()),
        SubscriptionUsage.kind == "job",
        SubscriptionUsage.released_at.is_(None),
    )
    .group_by(SubscriptionUsage.subscription_id, SubscriptionUsage.period_start)
)


async def _candidates(
    session: AsyncSession, organization_numbers: Sequence[int], now: datetime
) -> dict[int, list[_Candidate]]:
    """Each organization's active subscriptions with job slots, ending soonest first, with the
    slots each used this period (two queries for all the organizations; as
    :func:`subscription_with_a_slot` reads them for one)."""
    subscriptions = (
        await session.scalars(
            _SLOT_SUBSCRIPTIONS, {"numbers": list(organization_numbers), "now": now}
        )
    ).all()
    found: dict[int, list[_Candidate]] = {number: [] for number in organization_numbers}
    if not subscriptions:
        return found
    starts = {s.id: period_start(s, now) for s in subscriptions}
    used = {
        (subscription_id, start): int(count)
        for subscription_id, start, count in await session.execute(
            _SLOTS_USED, {"subscriptions": list(starts)}
        )
    }
    for subscription in subscriptions:
        start = starts[subscription.id]
        found[subscription.organization_number].append(
            _Candidate(subscription, start, used.get((subscription.id, start), 0))
        )
    return found


async def reserve_slots(
    session: AsyncSession,
    settings: BillingSettings,
    requests: Sequence[JobPublishRequested],
    now: datetime | None = None,
) -> list[str]:
    """:func:`reserve_slot` for each request in turn, with what they need read once (the slot
    group's run of publication requests in a fetched batch, ADR 0051): the organizations locked
    in one statement, which jobs were ever debited in two, the subscriptions with job slots in
    two, the grants in one (inside ``ledger.batched_balances``). A job never debited (the bulk
    case: a new job) is answered from that state in memory: its reference is its id, it holds
    nothing. A job debited before, or asked twice in the run, goes through :func:`reserve_slot`
    (its references read as before), and its organization's subscriptions are read again
    afterwards. Returns the event types sent, in order."""
    now = now or ledger.now_utc()
    if not ledger.in_batch():
        return [await reserve_slot(session, settings, request, now) for request in requests]
    numbers = sorted({request.organization_number for request in requests})
    await ledger.lock_organizations(session, numbers)
    debited = await _debited_jobs(session, sorted({request.job_id for request in requests}))
    candidates = await _candidates(session, numbers, now)
    await ledger.read_grants_ahead(session, organization_numbers=numbers, kind="job", now=now)
    answers: list[str] = []
    seen: set[str] = set()
    for request in requests:
        number = request.organization_number
        if request.job_id in debited or request.job_id in seen:
            answers.append(await reserve_slot(session, settings, request, now))
            candidates.pop(number, None)  # it may have used one of them: read them again
            continue
        seen.add(request.job_id)
        if number not in candidates:
            candidates.update(await _candidates(session, [number], now))
        answers.append(await _reserve_new(session, settings, request, candidates[number], now))
    return answers


async def _reserve_new(
    session: AsyncSession,
    settings: BillingSettings,
    request: JobPublishRequested,
    candidates: list[_Candidate],
    now: datetime,
) -> str:
    """:func:`reserve_slot` for a job never debited, its organization's subscriptions given."""
    for candidate in candidates:
        if candidate.used < candidate.subscription.job_slots:
            candidate.used += 1
            return await _use_subscription(
                session,
                settings,
                request,
                candidate.subscription,
                candidate.period_start,
                request.job_id,
                now,
            )
    return await _draw_credit(session, settings, request, request.job_id, now)


async def release_slot(
    session: AsyncSession,
    settings: BillingSettings,
    withdrawn: JobPublishWithdrawn,
    now: datetime | None = None,
) -> str | None:
    """Give a withdrawn job's slot back (once); None when it held none."""
    now = now or ledger.now_utc()
    number = withdrawn.organization_number
    await ledger.lock_organization(session, number)
    usage = await _held_usage(session, withdrawn.job_id)
    source = None
    if usage is not None:
        usage.released_at = now
        await session.flush()
        source = "subscription"
    else:
        for reference in await _held_references(session, number, withdrawn.job_id):
            await ledger.release(
                session,
                settings,
                organization_number=number,
                kind="job",
                reference=reference,
                actor=ACTOR,
                now=now,
            )
            source = "credits"
    if source is None:
        return None
    released = SlotReleased(job_id=withdrawn.job_id, organization_number=number, source=source)
    await _emit(session, settings, released)
    return released.event_type
