"""Subscriptions: slots per period, their status, the listing getSubscriptions answers, and the
admin-like use cases (create, extend, cancel), each writing its event in the same transaction."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from jobkit.db import unit_of_work
from jobkit.outbox import enqueue
from sqlalchemy import ColumnElement, and_, case, func, or_, select, tuple_
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from billing.db import outbox
from billing.domain.errors import BillingError, BillingErrorCode, BillingErrors
from billing.domain.events import SubscriptionChanged
from billing.domain.ledger import now_utc
from billing.domain.models import Product, Subscription, SubscriptionUsage
from billing.domain.service import UNKNOWN_ORGANIZATION, organization_name
from billing.settings import BillingSettings

Code = BillingErrorCode
MAX_LIMIT = 100
DEFAULT_LENGTH_DAYS = 365
STATUS_LABELS = {"active": "Active", "cancelled": "Cancelled", "expired": "Expired"}
TYPES = ("jobs", "resume_contacts", "combined")
SORT_FIELDS = ("start_date", "end_date")


def status_of(subscription: Subscription, now: datetime) -> str:
    if subscription.cancelled_at is not None:
        return "cancelled"
    return "expired" if subscription.end_date <= now else "active"


def type_of(subscription: Subscription) -> str:
    """What it gives: job slots, resume contact slots, or both."""
    if subscription.job_slots and subscription.contact_slots:
        return "combined"
    return "jobs" if subscription.job_slots else "resume_contacts"


def period_start(subscription: Subscription, now: datetime) -> datetime:
    """The start of the period ``now`` falls in (the first one before the subscription starts)."""
    length = timedelta(days=max(subscription.period_days, 1))
    elapsed = max(now - subscription.start_date, timedelta(0))
    return subscription.start_date + length * (elapsed // length)


@dataclass(frozen=True)
class SubscriptionView:
    subscription: Subscription
    status: str
    type: str
    used_job_slots: int
    used_contact_slots: int

    @property
    def available_job_slots(self) -> int:
        return max(self.subscription.job_slots - self.used_job_slots, 0)

    @property
    def available_contact_slots(self) -> int:
        return max(self.subscription.contact_slots - self.used_contact_slots, 0)


@dataclass(frozen=True)
class SubscriptionPage:
    subscriptions: list[SubscriptionView]
    total: int
    errors: list[BillingError]


def _status_clause(status: str, now: datetime) -> ColumnElement[bool]:
    if status == "cancelled":
        return Subscription.cancelled_at.is_not(None)
    if status == "expired":
        return and_(Subscription.cancelled_at.is_(None), Subscription.end_date <= now)
    return and_(Subscription.cancelled_at.is_(None), Subscription.end_date > now)


def _type_column() -> ColumnElement[str]:
    return case(
        (and_(Subscription.job_slots > 0, Subscription.contact_slots > 0), "combined"),
        (Subscription.job_slots > 0, "jobs"),
        else_="resume_contacts",
    )


async def _views(
    session: AsyncSession, rows: Sequence[Subscription], now: datetime
) -> list[SubscriptionView]:
    """The page's subscriptions with what each used this period (one grouped query)."""
    keys = [(row.id, period_start(row, now)) for row in rows]
    used: dict[tuple[uuid.UUID, str], int] = {}
    if keys:
        counted = await session.execute(
            select(SubscriptionUsage.subscription_id, SubscriptionUsage.kind, func.count())
            .where(
                tuple_(SubscriptionUsage.subscription_id, SubscriptionUsage.period_start).in_(keys),
                SubscriptionUsage.released_at.is_(None),
            )
            .group_by(SubscriptionUsage.subscription_id, SubscriptionUsage.kind)
        )
        used = {(sid, kind): int(n) for sid, kind, n in counted}
    return [
        SubscriptionView(
            row,
            status_of(row, now),
            type_of(row),
            used.get((row.id, "job"), 0),
            used.get((row.id, "contact"), 0),
        )
        for row in rows
    ]


async def list_subscriptions(
    session: AsyncSession,
    *,
    organization_number: int | None,
    frontend: str | None,
    statuses: Sequence[str] = (),
    types: Sequence[str] = (),
    sort_field: str = "start_date",
    descending: bool = True,
    limit: int,
    offset: int = 0,
    now: datetime | None = None,
) -> SubscriptionPage:
    """getSubscriptions: one organization's (or, for admins, every) subscriptions; ``frontend``
    None means every site. A limit above 100 or below 1, or a negative offset, is an error
    (data), with nothing listed."""
    errors = []
    if not 1 <= limit <= MAX_LIMIT:
        errors.append(
            BillingError(Code.OUT_OF_RANGE, f"The limit must be 1 to {MAX_LIMIT}.", "limit")
        )
    if offset < 0:
        errors.append(BillingError(Code.OUT_OF_RANGE, "The offset cannot be negative.", "offset"))
    if errors:
        return SubscriptionPage([], 0, errors)
    now = now or now_utc()
    conditions: list[ColumnElement[bool]] = []
    if organization_number is not None:
        conditions.append(Subscription.organization_number == organization_number)
    if frontend is not None:
        conditions.append(Subscription.frontend == frontend)
    if statuses:
        conditions.append(or_(*[_status_clause(status, now) for status in statuses]))
    if types:
        conditions.append(_type_column().in_(list(types)))
    total = await session.scalar(select(func.count()).select_from(Subscription).where(*conditions))
    column = Subscription.end_date if sort_field == "end_date" else Subscription.start_date
    rows = (
        await session.scalars(
            select(Subscription)
            .where(*conditions)
            .order_by(column.desc() if descending else column.asc(), Subscription.id)
            .limit(limit)
            .offset(offset)
        )
    ).all()
    return SubscriptionPage(await _views(session, rows, now), int(total or 0), [])


async def emit_changed(
    session: AsyncSession, settings: BillingSettings, row: Subscription, actor: str, now: datetime
) -> None:
    event = SubscriptionChanged(
        subscription_id=str(row.id),
        organization_number=row.organization_number,
        product_id=str(row.product_id),
        status=status_of(row, now),
        start_date=row.start_date.isoformat(),
        end_date=row.end_date.isoformat(),
        featured_organization=row.featured_organization,
    ).envelope(
        aggregate_id=str(row.id), site=settings.site, actor=actor, aggregate_version=row.version
    )
    await enqueue(session, outbox, topic=settings.topic(SubscriptionChanged.topic), event=event)


def _error(code: Code, message: str, field: str | None = None) -> BillingErrors:
    return BillingErrors([BillingError(code, message, field)])


async def create_subscription(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: BillingSettings,
    actor: str,
    organization_number: int,
    product_id: uuid.UUID | None,
    start_date: datetime | None,
) -> SubscriptionView | BillingErrors:
    now = now_utc()
    async with unit_of_work(sessions) as session:
        name = await organization_name(session, organization_number)
        if name is None:
            return _error(Code.NOT_FOUND, UNKNOWN_ORGANIZATION, "organization_id")
        product = await session.get(Product, product_id) if product_id else None
        if product is None or product.type != "subscription":
            return _error(Code.NOT_FOUND, "No such subscription product.", "product_id")
        start = start_date or now
        row = Subscription(
            id=uuid.uuid4(),
            organization_number=organization_number,
            organization_name=name,
            frontend=product.frontend,
            product_id=product.id,
            label=product.name,
            job_slots=product.job_slots,
            contact_slots=product.contact_slots,
            period_days=product.period_days or 30,
            start_date=start,
            end_date=start + timedelta(days=product.validity_days or DEFAULT_LENGTH_DAYS),
            version=1,
            featured_days=product.featured_days,
            featured_organization=product.featured_organization,
        )
        session.add(row)
        await session.flush()
        await emit_changed(session, settings, row, actor, now)
        return (await _views(session, [row], now))[0]


async def extend_subscription(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: BillingSettings,
    actor: str,
    subscription_id: uuid.UUID | None,
    days: int,
) -> SubscriptionView | BillingErrors:
    if days <= 0:
        return _error(Code.OUT_OF_RANGE, "Extend by at least one day.", "days")
    now = now_utc()
    async with unit_of_work(sessions) as session:
        row = (
            await session.get(Subscription, subscription_id, with_for_update=True)
            if subscription_id
            else None
        )
        if row is None:
            return _error(Code.NOT_FOUND, "No such subscription.", "id")
        if row.cancelled_at is not None:
            return _error(Code.INVALID, "A cancelled subscription cannot be extended.", "id")
        row.end_date = max(row.end_date, now) + timedelta(days=days)
        row.version += 1
        await session.flush()
        await emit_changed(session, settings, row, actor, now)
        return (await _views(session, [row], now))[0]


async def cancel_subscription(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: BillingSettings,
    actor: str,
    subscription_id: uuid.UUID | None,
) -> SubscriptionView | BillingErrors:
    now = now_utc()
    async with unit_of_work(sessions) as session:
        row = (
            await session.get(Subscription, subscription_id, with_for_update=True)
            if subscription_id
            else None
        )
        if row is None:
            return _error(Code.NOT_FOUND, "No such subscription.", "id")
        if row.cancelled_at is None:
            row.cancelled_at = now
            row.version += 1
            await session.flush()
            await emit_changed(session, settings, row, actor, now)
        return (await _views(session, [row], now))[0]
