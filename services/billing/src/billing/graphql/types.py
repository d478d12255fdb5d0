from __future__ import annotations

import strawberry

from billing.domain.service import CreditBalance


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
