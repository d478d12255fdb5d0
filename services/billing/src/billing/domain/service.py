"""Billing use cases. Each opens one unit of work and writes state and events together; who may
is declared on the GraphQL field (jobkit.permissions), what is valid is decided here and
answered as errors (data) with the field at fault."""

from __future__ import annotations

from jobkit.db import unit_of_work
from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from billing.db import memberships
from billing.domain import ledger
from billing.domain.errors import BillingError, BillingErrorCode, BillingErrors
from billing.domain.ledger import CreditBalance, credit_balances
from billing.domain.models import KnownOrganization, LedgerEntry, Product
from billing.settings import BillingSettings

__all__ = [
    "CreditBalance",
    "credit_balances",
    "grant_credits",
    "organization_name",
    "products_of",
]

Code = BillingErrorCode
UNKNOWN_ORGANIZATION = "This organization does not exist."


def _error(code: Code, message: str, field: str | None = None) -> BillingErrors:
    return BillingErrors([BillingError(code, message, field)])


async def products_of(session: AsyncSession, *, frontend: str) -> list[Product]:
    """The public list of what a site sells."""
    rows = await session.scalars(
        select(Product)
        .where(Product.frontend == frontend)
        .order_by(Product.type, Product.name, Product.id)
    )
    return list(rows)


async def organization_name(session: AsyncSession, number: int) -> str | None:
    """The organization's name if billing knows it (organizations read model, then its ledger,
    then its memberships), else None: an unknown organization."""
    known = await session.get(KnownOrganization, number)
    if known is not None:
        return known.name
    latest = await session.scalar(
        select(LedgerEntry.organization_name)
        .where(LedgerEntry.organization_number == number)
        .order_by(LedgerEntry.created_at.desc())
        .limit(1)
    )
    if latest is not None:
        return latest
    member = await session.scalar(
        select(exists().where(memberships.c.organization_id == str(number)))
    )
    return f"Organization {number}" if member else None


async def grant_credits(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: BillingSettings,
    actor: str,
    frontend: str,
    organization_number: int,
    kind: str,
    amount: int,
    valid_days: int | None,
    label: str | None,
    featured_days: int | None = None,
) -> CreditBalance | BillingErrors:
    """An admin grants credits: a grant entry on the ledger and the new balance announced.
    ``featured_days`` (job credits): a job published with one is featured that long."""
    errors = []
    if featured_days is not None and (kind != "job" or not 1 <= featured_days <= 365):
        errors.append(
            BillingError(
                Code.OUT_OF_RANGE,
                "Only job credits carry a boost, of 1 to 365 days.",
                "featured_days",
            )
        )
    if amount <= 0:
        errors.append(BillingError(Code.OUT_OF_RANGE, "The amount must be positive.", "amount"))
    if valid_days is not None and valid_days <= 0:
        errors.append(
            BillingError(Code.OUT_OF_RANGE, "The validity must be at least a day.", "valid_days")
        )
    if kind not in ledger.LABELS:
        errors.append(BillingError(Code.INVALID_CHOICE, "Unknown kind of credit.", "kind"))
    if label is not None and len(label) > 255:
        errors.append(BillingError(Code.TOO_LONG, "At most 255 characters.", "label"))
    if errors:
        return BillingErrors(errors)
    now = ledger.now_utc()
    async with unit_of_work(sessions) as session:
        name = await organization_name(session, organization_number)
        if name is None:
            return _error(Code.NOT_FOUND, UNKNOWN_ORGANIZATION, "organization_id")
        await ledger.lock_organization(session, organization_number)
        await ledger.add_grant(
            session,
            settings,
            organization_number=organization_number,
            organization_name=name,
            frontend=frontend,
            kind=kind,
            amount=amount,
            valid_days=valid_days,
            label=label,
            actor=actor,
            now=now,
            featured_days=featured_days,
        )
        total = await ledger.balance(
            session, organization_number=organization_number, kind=kind, now=now
        )
    return CreditBalance(total, ledger.LABELS[kind], name, kind, frontend)
