"""The Mutation type: one mutation per module, their permissions declared here."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import strawberry
from jobkit.permissions import AdminLike, MemberOfOrganization, RecruiterScope

from billing.graphql.mutations import customer_profile as profile
from billing.graphql.mutations import grant_credits as grants
from billing.graphql.mutations import subscriptions as subs


def _admins(resolver: Callable[..., Awaitable[Any]], description: str) -> Any:
    return strawberry.mutation(
        resolver=resolver, description=description, permission_classes=[AdminLike]
    )


@strawberry.type
class Mutation:
    grant_credits: grants.GrantCreditsResult = _admins(
        grants.grant_credits,
        "Add credits to an organization's ledger (admin-like users only).",
    )
    create_subscription: subs.SubscriptionResult = _admins(
        subs.create_subscription,
        "Subscribe an organization to a subscription product (admin-like users only).",
    )
    extend_subscription: subs.SubscriptionResult = _admins(
        subs.extend_subscription, "Move a subscription's end date by some days."
    )
    cancel_subscription: subs.SubscriptionResult = _admins(
        subs.cancel_subscription, "Cancel a subscription (its slots are no longer available)."
    )
    update_customer_profile: profile.CustomerProfileResult = strawberry.mutation(
        resolver=profile.update_customer_profile,
        description="The organization's billing details: its recruiters and admin-like users.",
        permission_classes=[RecruiterScope, MemberOfOrganization],
    )
