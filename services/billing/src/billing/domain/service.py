from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from billing.domain.models import CreditEntry


@dataclass(frozen=True)
class CreditBalance:
    amount: int
    label: str
    organization_name: str
    type: str
    frontend: str


async def credit_balances(session: AsyncSession, *, organization_id: int) -> list[CreditBalance]:
    """The balance per credit type of one organization, summed over its ledger."""
    rows = await session.execute(
        select(
            func.sum(CreditEntry.amount),
            CreditEntry.label,
            CreditEntry.organization_name,
            CreditEntry.type,
            CreditEntry.frontend,
        )
        .where(CreditEntry.organization_id == organization_id)
        .group_by(
            CreditEntry.label, CreditEntry.organization_name, CreditEntry.type, CreditEntry.frontend
        )
        .order_by(CreditEntry.type, CreditEntry.label)
    )
    return [CreditBalance(int(total), *rest) for total, *rest in rows]
