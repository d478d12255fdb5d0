from __future__ import annotations

import strawberry
from jobkit.permissions import MemberOfOrganization
from strawberry.types import Info

from billing.graphql.context import BillingContext
from billing.graphql.dataloaders import balances_of, products_for_site
from billing.graphql.types import Credit, Product


@strawberry.type
class Query:
    @strawberry.field(
        description=(
            "Credit balances of an organization from its ledger, one per kind: its recruiters "
            "and admin-like users only."
        ),
        permission_classes=[MemberOfOrganization],
    )
    async def get_credits(
        self, info: Info[BillingContext, None], organization_id: int | None = None
    ) -> list[Credit]:
        if organization_id is None:
            return []
        return [Credit.from_balance(b) for b in await balances_of(info.context, organization_id)]

    @strawberry.field(description="What the site of the request (X-Frontend) sells; public.")
    async def products(self, info: Info[BillingContext, None]) -> list[Product]:
        return [Product.from_row(row) for row in await products_for_site(info.context)]
