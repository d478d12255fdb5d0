"""Loads for billing's resolvers. Balances are a few grouped queries per organization asked;
membership checks batch through the context's membership loader (jobkit.memberships)."""

from billing.domain.ledger import CreditBalance, credit_balances
from billing.domain.models import Product
from billing.domain.service import products_of
from billing.graphql.context import BillingContext


async def balances_of(context: BillingContext, organization_number: int) -> list[CreditBalance]:
    async with context.sessions() as session:
        return await credit_balances(session, organization_number=organization_number)


async def products_for_site(context: BillingContext) -> list[Product]:
    async with context.sessions() as session:
        return await products_of(session, frontend=context.frontend.site)
