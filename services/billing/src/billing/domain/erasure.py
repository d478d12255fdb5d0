"""A deleted account's data in billing (the erasure saga, ADR 0036).

- **Ledger entries** are accounting records (kept for the legal retention of bookkeeping): they
  stay, amounts, organizations and dates untouched; only who made them (``actor``) becomes one
  random id. It is the one change a ledger row ever gets.
- **Customer profiles** are an organization's invoicing details and stay (the company, its
  address and VAT number are not the person's); when the person is its contact (the account's
  address), their name and address are dropped, and the organization gives a new contact.
"""

from __future__ import annotations

import uuid

from jobkit.erasure import ERASED_PREFIX, ErasureReport, rowcount
from sqlalchemy import func, update
from sqlalchemy.ext.asyncio import AsyncSession

from billing.domain.models import CustomerProfile, LedgerEntry


async def erase_person(session: AsyncSession, *, user_id: str, email: str | None) -> ErasureReport:
    report = ErasureReport()
    result = await session.execute(
        update(LedgerEntry)
        .where(LedgerEntry.actor == user_id)
        .values(actor=f"{ERASED_PREFIX}{uuid.uuid4().hex}")
    )
    report.anonymized_rows("ledger_entries", rowcount(result))
    if email:
        result = await session.execute(
            update(CustomerProfile)
            .where(func.lower(CustomerProfile.email) == email.lower())
            .values(email="", first_name=None, last_name=None)
        )
        report.anonymized_rows("customer_profiles", rowcount(result))
    return report
