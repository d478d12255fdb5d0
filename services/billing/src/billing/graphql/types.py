from __future__ import annotations

from datetime import datetime

import strawberry

from billing.domain import ledger
from billing.domain.ledger import CreditBalance
from billing.domain.models import Product as ProductRow


@strawberry.type(description="An organization's balance of one kind of credit.")
class Credit:
    amount: int
    label: str
    organization_name: str
    type: str
    frontend: str

    @classmethod
    def from_balance(cls, balance: CreditBalance) -> Credit:
        return cls(
            amount=balance.amount,
            label=balance.label,
            organization_name=balance.organization_name,
            type=balance.type,
            frontend=balance.frontend,
        )


@strawberry.type(
    description=(
        "What a site sells: a job posting package (jobSlots valid for validityDays), a resume "
        "contact package (contactSlots) or a subscription (slots per period of periodDays)."
    )
)
class Product:
    id: strawberry.ID
    name: str
    type: str
    frontend: str
    job_slots: int
    contact_slots: int
    validity_days: int | None
    period_days: int | None

    @classmethod
    def from_row(cls, row: ProductRow) -> Product:
        return cls(
            id=strawberry.ID(str(row.id)),
            name=row.name,
            type=row.type,
            frontend=row.frontend,
            job_slots=row.job_slots,
            contact_slots=row.contact_slots,
            validity_days=row.validity_days,
            period_days=row.period_days,
        )


@strawberry.type(description="One movement on the credit ledger and its kind's balance after it.")
class LedgerLine:
    id: strawberry.ID
    created_at: datetime
    kind: str = strawberry.field(description="job or contact")
    entry_type: str = strawberry.field(
        description="grant, reservation, consumption, release or expiry"
    )
    amount: int = strawberry.field(description="Signed: grants and releases add.")
    label: str | None
    reference: str | None = strawberry.field(description="What it was for, e.g. a job id.")
    expires_at: datetime | None
    actor: str | None
    balance: int

    @classmethod
    def from_line(cls, line: ledger.LedgerLine) -> LedgerLine:
        entry = line.entry
        return cls(
            id=strawberry.ID(str(entry.id)),
            created_at=entry.created_at,
            kind=entry.kind,
            entry_type=entry.entry_type,
            amount=entry.amount,
            label=entry.label,
            reference=entry.reference,
            expires_at=entry.expires_at,
            actor=entry.actor,
            balance=line.balance,
        )


@strawberry.type
class LedgerPage:
    entries: list[LedgerLine]
    total: int
