from __future__ import annotations

import strawberry
from jobkit.graphql import field_errors
from jobkit.permissions import MemberOfOrganization, RecruiterScope
from strawberry.types import Info

from billing.domain.ledger import ledger_history
from billing.domain.profiles import customer_profile
from billing.domain.subscriptions import list_subscriptions
from billing.graphql.context import BillingContext
from billing.graphql.dataloaders import balances_of, products_for_site
from billing.graphql.errors import BillingError
from billing.graphql.mutations.customer_profile import CustomerProfile
from billing.graphql.mutations.grant_credits import settings_of
from billing.graphql.subscription_types import (
    BillingSubscription,
    SortDirection,
    SubscriptionFilters,
    SubscriptionsAnswer,
    SubscriptionSorting,
)
from billing.graphql.types import Credit, LedgerLine, LedgerPage, Product

LEDGER_PAGE_MAX = 200


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

    @strawberry.field(
        description=(
            "An organization's credit ledger, newest first, each entry with its kind's running "
            "balance: its recruiters and admin-like users only."
        ),
        permission_classes=[RecruiterScope, MemberOfOrganization],
    )
    async def organization_ledger(
        self,
        info: Info[BillingContext, None],
        organization_id: int,
        limit: int = 50,
        offset: int = 0,
    ) -> LedgerPage:
        async with info.context.sessions() as session:
            lines, total = await ledger_history(
                session,
                organization_id,
                limit=max(1, min(limit, LEDGER_PAGE_MAX)),
                offset=max(0, offset),
            )
        return LedgerPage(total=total, entries=[LedgerLine.from_line(line) for line in lines])

    @strawberry.field(description="What the site of the request (X-Frontend) sells; public.")
    async def products(self, info: Info[BillingContext, None]) -> list[Product]:
        return [Product.from_row(row) for row in await products_for_site(info.context)]

    @strawberry.field(
        description=(
            "An organization's subscriptions (every organization's for admin-like users without "
            "organizationId): its recruiters and admin-like users only. limit is 1 to 100; "
            "outside that the answer carries an OUT_OF_RANGE error. Only the request's site "
            "unless showSubscriptionsFromAllFrontends."
        ),
        permission_classes=[RecruiterScope, MemberOfOrganization],
    )
    async def get_subscriptions(
        self,
        info: Info[BillingContext, None],
        limit: int,
        filters: SubscriptionFilters | None = None,
        sorting: SubscriptionSorting | None = None,
        offset: int = 0,
        show_subscriptions_from_all_frontends: bool = False,
        organization_id: int | None = None,
    ) -> SubscriptionsAnswer:
        principal = info.context.require_principal()
        if organization_id is None and not principal.is_admin_like:
            return SubscriptionsAnswer(subscriptions=[], total=0, errors=[])
        sorting = sorting or SubscriptionSorting()
        settings = settings_of(info)
        async with info.context.sessions() as session:
            page = await list_subscriptions(
                session,
                organization_number=organization_id,
                frontend=None
                if show_subscriptions_from_all_frontends
                else info.context.frontend.site,
                statuses=[s.value for s in (filters.status or [])] if filters else [],
                types=[t.value for t in (filters.type or [])] if filters else [],
                sort_field=sorting.field.value,
                descending=sorting.direction is SortDirection.DESC,
                limit=limit,
                offset=offset,
            )
        return SubscriptionsAnswer(
            subscriptions=[
                BillingSubscription.from_view(
                    view, settings.site_url_for(view.subscription.frontend)
                )
                for view in page.subscriptions
            ],
            total=page.total,
            errors=field_errors(page.errors, BillingError),
        )

    @strawberry.field(
        description="The organization's billing details: its recruiters and admin-like users.",
        permission_classes=[RecruiterScope, MemberOfOrganization],
    )
    async def customer_profile(
        self, info: Info[BillingContext, None], organization_id: int
    ) -> CustomerProfile | None:
        async with info.context.sessions() as session:
            row = await customer_profile(session, organization_id)
        return CustomerProfile.from_row(row) if row else None
