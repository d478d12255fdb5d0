"""A person's data in billing, for their export (the export saga, ADR 0038).

It mirrors what the erasure anonymizes (:mod:`billing.domain.erasure`): the **ledger entries**
the person made (``actor``: the movement itself, its date, kind, amount, organization and
label; the other entries of the organization's ledger are the organization's, not the
person's), and the **customer profiles** whose contact is the person (the account's address):
the contact's name and address with the organization it is the contact of; the company's
invoicing details (street, VAT number) are the organization's and stay out.
"""

from __future__ import annotations

from jobkit.export import ExportPart
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from billing.domain.models import CustomerProfile, LedgerEntry


async def export_person(session: AsyncSession, *, user_id: str, email: str | None) -> ExportPart:
    part = ExportPart("billing")
    entries = await session.scalars(
        select(LedgerEntry)
        .where(LedgerEntry.actor == user_id)
        .order_by(LedgerEntry.created_at, LedgerEntry.id)
    )
    part.add(
        "ledger_entries",
        [
            {
                "id": entry.id,
                "created_at": entry.created_at,
                "kind": entry.kind,
                "entry_type": entry.entry_type,
                "amount": entry.amount,
                "organization_number": entry.organization_number,
                "organization_name": entry.organization_name,
                "site": entry.frontend,
                "label": entry.label,
                "expires_at": entry.expires_at,
            }
            for entry in entries
        ],
    )
    # by address, as the erasure finds them: a profile names its contact by address only
    profiles: list[CustomerProfile] = []
    if email:
        found = await session.scalars(
            select(CustomerProfile)
            .where(func.lower(CustomerProfile.email) == email.lower())
            .order_by(CustomerProfile.organization_number)
        )
        profiles = list(found)
    part.add(
        "customer_profiles",
        [
            {
                "organization_number": profile.organization_number,
                "company_name": profile.company_name,
                "email": profile.email,
                "first_name": profile.first_name,
                "last_name": profile.last_name,
                "updated_at": profile.updated_at,
            }
            for profile in profiles
        ],
    )
    return part
