from __future__ import annotations

import strawberry
from jobkit.graphql import ServiceContext
from jobkit.permissions import MemberOfOrganization
from jobkit.schema import build_schema
from strawberry.types import Info

from billing.domain.service import credit_balances


@strawberry.type(description="An organization's balance of one kind of credit.")
class Credit:
    amount: int
    label: str
    organization_name: str
    type: str
    frontend: str


@strawberry.type
class Query:
    @strawberry.field(
        description="Credit balances of an organization: its recruiters and admin-like users only.",
        permission_classes=[MemberOfOrganization],
    )
    async def get_credits(
        self, info: Info[ServiceContext, None], organization_id: int | None = None
    ) -> list[Credit]:
        if organization_id is None:
            return []
        async with info.context.sessions() as session:
            balances = await credit_balances(session, organization_id=organization_id)
        return [
            Credit(
                amount=b.amount,
                label=b.label,
                organization_name=b.organization_name,
                type=b.type,
                frontend=b.frontend,
            )
            for b in balances
        ]


schema = build_schema(query=Query)
