"""Factories for billing's tests: valid objects by default, any field overridable."""

import uuid
from typing import Any

from billing.domain import ledger
from billing.domain.models import LedgerEntry, Product
from billing.settings import BillingSettings
from jobkit.db import unit_of_work
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker


def grant(**overrides: Any) -> LedgerEntry:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "organization_number": 1,
        "organization_name": "Org 1",
        "frontend": "jobboard",
        "kind": "job",
        "entry_type": "grant",
        "label": "Job postings",
        "amount": 3,
        "actor": "test",
    }
    return LedgerEntry(**(fields | overrides))


def product(**overrides: Any) -> Product:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "frontend": "jobboard",
        "type": "job_package",
        "name": "5 job postings",
        "job_slots": 5,
        "contact_slots": 0,
        "validity_days": 60,
        "period_days": None,
    }
    return Product(**(fields | overrides))


async def granted(
    sessions: async_sessionmaker[AsyncSession],
    settings: BillingSettings,
    number: int,
    amount: int,
    *,
    kind: str = "job",
    featured_days: int | None = None,
) -> None:
    """Credits granted to organization ``number`` as an administrator grants them (30 days)."""
    async with unit_of_work(sessions) as session:
        await ledger.lock_organization(session, number)
        await ledger.add_grant(
            session,
            settings,
            organization_number=number,
            organization_name=f"Org {number}",
            frontend="jobboard",
            kind=kind,
            amount=amount,
            valid_days=30,
            label=None,
            actor="test",
            now=ledger.now_utc(),
            featured_days=featured_days,
        )
