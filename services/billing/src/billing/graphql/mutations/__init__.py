"""The Mutation type: one mutation per module, their permissions declared here."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import strawberry
from jobkit.permissions import AdminLike

from billing.graphql.mutations import grant_credits as grants


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
