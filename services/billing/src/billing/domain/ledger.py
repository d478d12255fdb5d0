"""The append-only credit ledger: grants, draws (FIFO by expiry), releases and expiry.

Rows are only ever inserted. A grant's remaining is its amount plus the (signed) entries that
name it in ``grant_id``; a balance is the sum of the remaining of the grants not yet expired.
Every writer first takes the organization's transaction-scoped advisory lock, so concurrent
draws on one organization are serialized and a balance never goes below zero.

Inside :func:`batched_balances` (the slot saga's scope for a fetched batch, ADR 0042) the
grants of an organization and kind are read once and then drawn from in memory: the lock is
held until the batch's transaction ends, so no other writer can change them meanwhile, and
a batch of N draws for one organization announces one balance, the final one, instead of N.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from jobkit.db import any_bound, unit_of_work
from jobkit.outbox import enqueue
from sqlalchemy import Integer, Select, and_, bindparam, exists, func, or_, select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import aliased

from billing.db import outbox
from billing.domain.events import CreditsChanged
from billing.domain.models import LedgerEntry
from billing.settings import BillingSettings

LABELS = {"job": "Job postings", "contact": "Resume contacts"}
# The first key of the two-key advisory lock: billing's ledger (the second is the organization).
LEDGER_LOCK = 7301


def now_utc() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class GrantRemaining:
    grant: LedgerEntry
    remaining: int


@dataclass(frozen=True)
class CreditBalance:
    amount: int
    label: str
    organization_name: str
    type: str
    frontend: str


@dataclass
class _Pending:
    """A balance to announce when the batch ends: by whom and when it last changed."""

    session: AsyncSession
    actor: str | None
    now: datetime


@dataclass
class _Batch:
    # (organization number, kind) -> its unexpired grants, FIFO, with what is left of each
    grants: dict[tuple[int, str], list[GrantRemaining]] = field(default_factory=dict)
    pending: dict[tuple[int, str], _Pending] = field(default_factory=dict)


_batch: ContextVar[_Batch | None] = ContextVar("billing_ledger_batch", default=None)


@asynccontextmanager
async def batched_balances(settings: BillingSettings) -> AsyncIterator[None]:
    """Within the scope, draws read an organization's grants once and balances are announced
    once per organization and kind, on the way out (still inside the transaction). Nothing is
    announced when the scope fails: its transaction is rolled back and applied again."""
    batch = _Batch()
    token = _batch.set(batch)
    try:
        yield
    finally:
        _batch.reset(token)
    for (number, kind), pending in batch.pending.items():
        grants = batch.grants.get((number, kind))
        amount = _unexpired_sum(grants, pending.now) if grants is not None else None
        await _announce_balance(
            pending.session,
            settings,
            organization_number=number,
            kind=kind,
            now=pending.now,
            actor=pending.actor,
            amount=amount,
        )


def _unexpired_sum(grants: list[GrantRemaining], now: datetime) -> int:
    return sum(max(g.remaining, 0) for g in grants if _unexpired(g.grant, now))


def _unexpired(grant: LedgerEntry, now: datetime) -> bool:
    return grant.expires_at is None or grant.expires_at > now


async def lock_organization(session: AsyncSession, organization_number: int) -> None:
    """Serialize the ledger writers of one organization until the transaction ends."""
    await session.execute(
        text("SELECT pg_advisory_xact_lock(:space, :number)"),
        {"space": LEDGER_LOCK, "number": organization_number},
    )


async def lock_organizations(session: AsyncSession, organization_numbers: Iterable[int]) -> None:
    """:func:`lock_organization` for several organizations in one statement, in one order
    (ascending), so two transactions locking overlapping sets do not wait for each other in a
    circle; a lock the transaction holds already is taken again without waiting."""
    numbers = sorted(set(organization_numbers))
    if not numbers:
        return
    # the sort comes before the select list's volatile calls: the locks are taken in order
    await session.execute(
        text(
            "SELECT pg_advisory_xact_lock(:space, number)"
            " FROM unnest(CAST(:numbers AS integer[])) AS wanted(number) ORDER BY number"
        ),
        {"space": LEDGER_LOCK, "numbers": numbers},
    )


async def _grants_of(
    session: AsyncSession,
    *,
    organization_numbers: Sequence[int],
    kind: str,
    now: datetime,
    include_expired: bool = False,
) -> dict[int, list[GrantRemaining]]:
    """The organizations' grants of a kind with what is left of each (one query), each
    organization's FIFO by expiry (grants that never expire last, then the oldest first)."""
    found: dict[int, list[GrantRemaining]] = {number: [] for number in organization_numbers}
    rows = await session.execute(
        _ALL_GRANTS if include_expired else _UNEXPIRED_GRANTS,
        {"numbers": list(organization_numbers), "kind": kind, "now": now},
    )
    for row in rows:
        found[row[0].organization_number].append(GrantRemaining(row[0], int(row[1])))
    return found


def _grants_query(*, include_expired: bool) -> Select[tuple[LedgerEntry, int]]:
    """:func:`_grants_of`'s query, its organizations, kind and time bound when it runs."""
    drawn = (
        select(LedgerEntry.grant_id, func.sum(LedgerEntry.amount).label("drawn"))
        .where(
            LedgerEntry.organization_number == any_bound("numbers", Integer()),
            LedgerEntry.kind == bindparam("kind"),
            LedgerEntry.entry_type != "grant",
        )
        .group_by(LedgerEntry.grant_id)
        .subquery()
    )
    grant = aliased(LedgerEntry)
    query = (
        select(grant, grant.amount + func.coalesce(drawn.c.drawn, 0))
        .outerjoin(drawn, drawn.c.grant_id == grant.id)
        .where(
            grant.organization_number == any_bound("numbers", Integer()),
            grant.kind == bindparam("kind"),
            grant.entry_type == "grant",
        )
        .order_by(
            grant.organization_number,
            grant.expires_at.asc().nulls_last(),
            grant.created_at,
            grant.id,
        )
    )
    if not include_expired:
        query = query.where(or_(grant.expires_at.is_(None), grant.expires_at > bindparam("now")))
    return query


# built once (ADR 0074): every batch of the slot group and every draw reads grants with them
_ALL_GRANTS = _grants_query(include_expired=True)
_UNEXPIRED_GRANTS = _grants_query(include_expired=False)


async def grants_with_remaining(
    session: AsyncSession,
    *,
    organization_number: int,
    kind: str,
    now: datetime,
    include_expired: bool = False,
) -> list[GrantRemaining]:
    """The organization's grants of a kind with what is left of each, FIFO by expiry (grants
    that never expire last, then the oldest first)."""
    found = await _grants_of(
        session,
        organization_numbers=[organization_number],
        kind=kind,
        now=now,
        include_expired=include_expired,
    )
    return found[organization_number]


async def read_grants_ahead(
    session: AsyncSession, *, organization_numbers: Iterable[int], kind: str, now: datetime
) -> None:
    """Inside :func:`batched_balances`: the grants of the organizations the batch has not read
    yet, read in one query for their draws to come (the caller holds their locks). Outside a
    batch, nothing."""
    batch = _batch.get()
    if batch is None:
        return
    unread = sorted({n for n in organization_numbers if (n, kind) not in batch.grants})
    if not unread:
        return
    found = await _grants_of(session, organization_numbers=unread, kind=kind, now=now)
    for number, grants in found.items():
        batch.grants[(number, kind)] = grants


def featured_days_drawn(
    entries: Sequence[LedgerEntry], grants: Sequence[GrantRemaining]
) -> int | None:
    """The longest boost among the grants ``entries`` drew from (None without one)."""
    drawn = {entry.grant_id for entry in entries}
    days = [g.grant.featured_days for g in grants if g.grant.id in drawn and g.grant.featured_days]
    return max(days) if days else None


def in_batch() -> bool:
    """Whether the caller runs inside :func:`batched_balances`."""
    return _batch.get() is not None


def batch_grants(organization_number: int, kind: str) -> list[GrantRemaining] | None:
    """Inside :func:`batched_balances`: the organization's grants as the batch holds them."""
    batch = _batch.get()
    return batch.grants.get((organization_number, kind)) if batch is not None else None


async def balance(
    session: AsyncSession, *, organization_number: int, kind: str, now: datetime
) -> int:
    grants = await grants_with_remaining(
        session, organization_number=organization_number, kind=kind, now=now
    )
    return sum(max(g.remaining, 0) for g in grants)


async def credit_balances(
    session: AsyncSession, *, organization_number: int, now: datetime | None = None
) -> list[CreditBalance]:
    """getCredits: one balance per kind the organization has ever had credits of."""
    now = now or now_utc()
    answers = []
    for kind in LABELS:
        latest = await session.scalar(
            select(LedgerEntry)
            .where(
                LedgerEntry.organization_number == organization_number,
                LedgerEntry.kind == kind,
                LedgerEntry.entry_type == "grant",
            )
            .order_by(LedgerEntry.created_at.desc(), LedgerEntry.id.desc())
            .limit(1)
        )
        if latest is None:
            continue
        amount = await balance(session, organization_number=organization_number, kind=kind, now=now)
        answers.append(
            CreditBalance(amount, LABELS[kind], latest.organization_name, kind, latest.frontend)
        )
    return answers


async def emit_balance(
    session: AsyncSession,
    settings: BillingSettings,
    *,
    organization_number: int,
    kind: str,
    now: datetime,
    actor: str | None,
    grants: list[GrantRemaining] | None = None,
) -> None:
    """Announce the organization's new balance of a kind (after any ledger entry); inside
    :func:`batched_balances`, once when the batch ends. ``grants``: the grants with what is
    left of each after the entry, when the caller has them (a draw); otherwise the grants are
    read again (a grant, a release: the batch forgets what it held of them)."""
    batch = _batch.get()
    if batch is not None:
        if grants is None:
            batch.grants.pop((organization_number, kind), None)
        else:
            batch.grants[(organization_number, kind)] = grants
        batch.pending[(organization_number, kind)] = _Pending(session, actor, now)
        return
    await _announce_balance(
        session,
        settings,
        organization_number=organization_number,
        kind=kind,
        now=now,
        actor=actor,
        amount=_unexpired_sum(grants, now) if grants is not None else None,
    )


async def _announce_balance(
    session: AsyncSession,
    settings: BillingSettings,
    *,
    organization_number: int,
    kind: str,
    now: datetime,
    actor: str | None,
    amount: int | None,
) -> None:
    """Enqueue the balance event; ``amount`` when the caller knows it, else it is summed."""
    if amount is None:
        amount = await balance(session, organization_number=organization_number, kind=kind, now=now)
    event = CreditsChanged(
        organization_number=organization_number, kind=kind, balance=amount
    ).envelope(aggregate_id=str(organization_number), site=settings.site, actor=actor)
    await enqueue(session, outbox, topic=settings.topic(CreditsChanged.topic), event=event)


async def add_grant(
    session: AsyncSession,
    settings: BillingSettings,
    *,
    organization_number: int,
    organization_name: str,
    frontend: str,
    kind: str,
    amount: int,
    valid_days: int | None,
    label: str | None,
    actor: str | None,
    now: datetime,
    featured_days: int | None = None,
) -> LedgerEntry:
    """A grant of ``amount`` credits (the caller has validated it and locked the organization);
    ``featured_days``: a job published with one of them is featured that long (ADR 0012)."""
    entry = LedgerEntry(
        id=uuid.uuid4(),
        organization_number=organization_number,
        organization_name=organization_name,
        frontend=frontend,
        kind=kind,
        entry_type="grant",
        amount=amount,
        label=label or LABELS[kind],
        expires_at=now + timedelta(days=valid_days) if valid_days else None,
        created_at=now,
        actor=actor,
        featured_days=featured_days,
    )
    session.add(entry)
    await session.flush()
    await emit_balance(
        session, settings, organization_number=organization_number, kind=kind, now=now, actor=actor
    )
    return entry


async def draw(
    session: AsyncSession,
    settings: BillingSettings,
    *,
    organization_number: int,
    kind: str,
    amount: int,
    entry_type: str,
    reference: str | None,
    actor: str | None,
    now: datetime,
) -> list[LedgerEntry] | None:
    """Take ``amount`` credits from the organization's grants, FIFO by expiry, as reservation or
    consumption entries; None (and nothing written) when the balance is short. The caller holds
    the organization's lock."""
    assert entry_type in ("reservation", "consumption")
    assert amount > 0
    batch = _batch.get()
    grants = batch.grants.get((organization_number, kind)) if batch is not None else None
    if grants is None:
        grants = await grants_with_remaining(
            session, organization_number=organization_number, kind=kind, now=now
        )
    if _unexpired_sum(grants, now) < amount:
        return None
    entries, left, after = [], amount, []
    for found in grants:
        take = min(found.remaining, left) if left > 0 and _unexpired(found.grant, now) else 0
        after.append(GrantRemaining(found.grant, found.remaining - take) if take > 0 else found)
        if take <= 0:
            continue
        entries.append(
            LedgerEntry(
                id=uuid.uuid4(),
                organization_number=organization_number,
                organization_name=found.grant.organization_name,
                frontend=found.grant.frontend,
                kind=kind,
                entry_type=entry_type,
                amount=-take,
                reference=reference,
                grant_id=found.grant.id,
                created_at=now,
                actor=actor,
            )
        )
        left -= take
    session.add_all(entries)
    if batch is None:
        await session.flush()
    # else the batch's entries go in one INSERT with its next statement (the session's
    # autoflush): a unique index refusing one of them fails the batch, applied then one by one
    await emit_balance(
        session,
        settings,
        organization_number=organization_number,
        kind=kind,
        now=now,
        actor=actor,
        grants=after,
    )
    return entries


async def release(
    session: AsyncSession,
    settings: BillingSettings,
    *,
    organization_number: int,
    kind: str,
    reference: str,
    actor: str | None,
    now: datetime,
) -> list[LedgerEntry]:
    """Give back what a reservation took (once: a second release finds nothing left to give)."""
    reserved = (
        await session.scalars(
            select(LedgerEntry).where(
                LedgerEntry.organization_number == organization_number,
                LedgerEntry.kind == kind,
                LedgerEntry.reference == reference,
                LedgerEntry.entry_type.in_(("reservation", "release")),
            )
        )
    ).all()
    if sum(entry.amount for entry in reserved) >= 0:
        return []
    entries = [
        LedgerEntry(
            id=uuid.uuid4(),
            organization_number=organization_number,
            organization_name=entry.organization_name,
            frontend=entry.frontend,
            kind=kind,
            entry_type="release",
            amount=-entry.amount,
            reference=reference,
            grant_id=entry.grant_id,
            created_at=now,
            actor=actor,
        )
        for entry in reserved
        if entry.entry_type == "reservation"
    ]
    session.add_all(entries)
    await session.flush()
    await emit_balance(
        session, settings, organization_number=organization_number, kind=kind, now=now, actor=actor
    )
    return entries


async def expire_credits(
    sessions: async_sessionmaker[AsyncSession], settings: BillingSettings, now: datetime
) -> int:
    """Write an expiry entry for the unused remainder of every grant past its expiry that has
    none yet; idempotent (a second run finds nothing to expire). Answers the entries written."""
    grant, expiry = aliased(LedgerEntry), aliased(LedgerEntry)
    async with sessions() as session:
        pending = (
            await session.execute(
                select(grant.organization_number, grant.kind)
                .where(
                    grant.entry_type == "grant",
                    grant.expires_at <= now,
                    ~exists().where(
                        and_(expiry.grant_id == grant.id, expiry.entry_type == "expiry")
                    ),
                )
                .distinct()
            )
        ).all()
    written = 0
    for organization_number, kind in pending:
        async with unit_of_work(sessions) as session:
            await lock_organization(session, organization_number)
            expired = [
                g
                for g in await grants_with_remaining(
                    session,
                    organization_number=organization_number,
                    kind=kind,
                    now=now,
                    include_expired=True,
                )
                if g.grant.expires_at is not None and g.grant.expires_at <= now
            ]
            entries = []
            for found in expired:
                already = await session.scalar(
                    select(func.count()).where(
                        LedgerEntry.grant_id == found.grant.id, LedgerEntry.entry_type == "expiry"
                    )
                )
                if already or found.remaining <= 0:
                    continue
                entries.append(
                    LedgerEntry(
                        id=uuid.uuid4(),
                        organization_number=organization_number,
                        organization_name=found.grant.organization_name,
                        frontend=found.grant.frontend,
                        kind=kind,
                        entry_type="expiry",
                        amount=-found.remaining,
                        grant_id=found.grant.id,
                        created_at=now,
                        actor="system:expiry",
                    )
                )
            if entries:
                session.add_all(entries)
                await session.flush()
                await emit_balance(
                    session,
                    settings,
                    organization_number=organization_number,
                    kind=kind,
                    now=now,
                    actor="system:expiry",
                )
            written += len(entries)
    return written


@dataclass(frozen=True)
class LedgerLine:
    entry: LedgerEntry
    balance: int  # the kind's balance right after this entry


async def ledger_history(
    session: AsyncSession, organization_number: int, *, limit: int, offset: int
) -> tuple[list[LedgerLine], int]:
    """An organization's ledger, newest first, each entry with the running balance of its kind
    (a window sum over the append-only rows: nothing is stored, nothing edited)."""
    running = (
        func.sum(LedgerEntry.amount)
        .over(
            partition_by=LedgerEntry.kind,
            order_by=(LedgerEntry.created_at, LedgerEntry.id),
        )
        .label("balance")
    )
    inner = (
        select(LedgerEntry, running)
        .where(LedgerEntry.organization_number == organization_number)
        .subquery()
    )
    entry = aliased(LedgerEntry, inner)
    total = await session.scalar(
        select(func.count()).where(LedgerEntry.organization_number == organization_number)
    )
    rows = await session.execute(
        select(entry, inner.c.balance)
        .order_by(inner.c.created_at.desc(), inner.c.id.desc())
        .limit(limit)
        .offset(offset)
    )
    return [LedgerLine(row[0], int(row[1])) for row in rows], int(total or 0)
