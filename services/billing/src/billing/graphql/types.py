from __future__ import annotations

import strawberry

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
