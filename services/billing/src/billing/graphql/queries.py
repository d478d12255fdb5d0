from __future__ import annotations

import strawberry
from jobkit.permissions import MemberOfOrganization
from strawberry.types import Info

from billing.graphql.context import BillingContext
from billing.graphql.dataloaders import balances_of
from billing.graphql.types import Credit


@strawberry.type
class Query:
    @strawberry.field(
        description="Credit balances of an organization: its recruiters and admin-like users only.",
        permission_classes=[MemberOfOrganization],
    )
    async def get_credits(
        self, info: Info[BillingContext, None], organization_id: int | None = None
    ) -> list[Credit]:
        if organization_id is None:
            return []
        return [Credit.from_balance(b) for b in await balances_of(info.context, organization_id)]
