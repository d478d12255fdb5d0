"""Batched loads for billing's resolvers. Balances are one grouped query per organization asked;
membership checks batch through the context's membership loader (jobkit.memberships)."""

from billing.domain.service import CreditBalance, credit_balances
from billing.graphql.context import BillingContext


async def balances_of(context: BillingContext, organization_id: int) -> list[CreditBalance]:
    async with context.sessions() as session:
        return await credit_balances(session, organization_id=organization_id)
