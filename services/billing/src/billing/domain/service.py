"""Billing use cases. Each opens one unit of work and writes state and events together."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from billing.domain.ledger import CreditBalance, credit_balances
from billing.domain.models import Product

__all__ = ["CreditBalance", "credit_balances", "products_of"]


async def products_of(session: AsyncSession, *, frontend: str) -> list[Product]:
    """The public list of what a site sells."""
    rows = await session.scalars(
        select(Product)
        .where(Product.frontend == frontend)
        .order_by(Product.type, Product.name, Product.id)
    )
    return list(rows)
