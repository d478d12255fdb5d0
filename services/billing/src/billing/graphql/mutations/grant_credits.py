"""grantCredits: an admin-like user adds credits to an organization's ledger."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import strawberry
from strawberry.types import Info

from billing.domain import service
from billing.domain.errors import BillingErrors as DomainErrors
from billing.graphql.context import BillingContext
from billing.graphql.errors import BillingErrors
from billing.graphql.types import Credit
from billing.settings import BillingSettings


@strawberry.enum(description="A kind of credit: job posting slots or resume contact slots.")
class CreditKind(Enum):
    JOB = "job"
    CONTACT = "contact"


@strawberry.type(description="The credits were granted; the organization's new balance.")
class CreditsGranted:
    credit: Credit


GrantCreditsResult = Annotated[
    CreditsGranted | BillingErrors, strawberry.union("GrantCreditsResult")
]


def settings_of(info: Info[BillingContext, None]) -> BillingSettings:
    settings = info.context.settings
    assert isinstance(settings, BillingSettings)
    return settings


async def grant_credits(
    info: Info[BillingContext, None],
    organization_id: int,
    kind: CreditKind,
    amount: int,
    valid_days: int | None = None,
    label: str | None = None,
    featured_days: int | None = None,
) -> GrantCreditsResult:
    principal = info.context.require_principal()
    result = await service.grant_credits(
        sessions=info.context.sessions,
        settings=settings_of(info),
        actor=principal.actor_id or principal.user_id,
        frontend=info.context.frontend.site,
        organization_number=organization_id,
        kind=kind.value,
        amount=amount,
        valid_days=valid_days,
        label=label,
        featured_days=featured_days,
    )
    if isinstance(result, DomainErrors):
        return BillingErrors.from_domain(result)
    return CreditsGranted(credit=Credit.from_balance(result))
