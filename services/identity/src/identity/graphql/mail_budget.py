"""The mail budget of the request a mutation answers: per recipient, per client address and per
signed-in account (jobkit.ratelimit.may_mail, ADR 0024)."""

from __future__ import annotations

from graphql import GraphQLError
from jobkit.ratelimit import may_mail
from strawberry.types import Info

from identity.db import rate_limit_hits
from identity.domain.taken_email import MailBudget
from identity.graphql.context import IdentityContext


def mail_budget(info: Info[IdentityContext, None]) -> MailBudget:
    context = info.context
    try:
        principal = context.principal
    except GraphQLError:  # an anonymous mutation with a stale token: counted by address alone
        principal = None

    async def allowed(recipient: str) -> bool:
        return await may_mail(
            context.sessions,
            rate_limit_hits,
            context.settings,
            recipient=recipient,
            client_ip=context.client_ip,
            account=principal.actor_id or principal.user_id if principal is not None else None,
        )

    return allowed
