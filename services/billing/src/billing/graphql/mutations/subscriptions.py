"""createSubscription, extendSubscription, cancelSubscription (admin-like users)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import strawberry
from jobkit.graphql import parse_uuid
from strawberry.types import Info

from billing.domain import subscriptions as domain
from billing.domain.errors import BillingErrors as DomainErrors
from billing.graphql.context import BillingContext
from billing.graphql.errors import BillingErrors
from billing.graphql.mutations.grant_credits import settings_of
from billing.graphql.subscription_types import BillingSubscription


@strawberry.type(description="The subscription after the change.")
class SubscriptionSaved:
    subscription: BillingSubscription


SubscriptionResult = Annotated[
    SubscriptionSaved | BillingErrors, strawberry.union("SubscriptionResult")
]


def _answer(info: Info[BillingContext, None], result: object) -> SubscriptionResult:
    if isinstance(result, DomainErrors):
        return BillingErrors.from_domain(result)
    assert isinstance(result, domain.SubscriptionView)
    site_url = settings_of(info).site_url_for(result.subscription.frontend)
    return SubscriptionSaved(subscription=BillingSubscription.from_view(result, site_url))


def _actor(info: Info[BillingContext, None]) -> str:
    principal = info.context.require_principal()
    return principal.actor_id or principal.user_id


async def create_subscription(
    info: Info[BillingContext, None],
    organization_id: int,
    product_id: strawberry.ID,
    start_date: datetime | None = None,
) -> SubscriptionResult:
    result = await domain.create_subscription(
        sessions=info.context.sessions,
        settings=settings_of(info),
        actor=_actor(info),
        organization_number=organization_id,
        product_id=parse_uuid(product_id),
        start_date=start_date,
    )
    return _answer(info, result)


async def extend_subscription(
    info: Info[BillingContext, None], id: strawberry.ID, days: int
) -> SubscriptionResult:
    result = await domain.extend_subscription(
        sessions=info.context.sessions,
        settings=settings_of(info),
        actor=_actor(info),
        subscription_id=parse_uuid(id),
        days=days,
    )
    return _answer(info, result)


async def cancel_subscription(
    info: Info[BillingContext, None], id: strawberry.ID
) -> SubscriptionResult:
    result = await domain.cancel_subscription(
        sessions=info.context.sessions,
        settings=settings_of(info),
        actor=_actor(info),
        subscription_id=parse_uuid(id),
    )
    return _answer(info, result)
