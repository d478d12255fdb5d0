"""A deleted account's data in analytics (the erasure saga, ADR 0036).

- **Events** in the store stay (the recruiters' dashboards and the daily counts are built from
  them), with the person's id in their dimensions replaced by one random id: the events still
  read as one visitor's journey, and lead to nobody.
- The **cookie consent** last seen for the account is deleted: it only steered what could be
  relayed about them.
- **Relay forwards** that name the person (waiting or already sent) are deleted: nothing more
  goes out about them, and the log of what went out does not keep their id.
- Daily counts hold no person and are untouched.
"""

from __future__ import annotations

import uuid

from jobkit.erasure import ERASED_PREFIX, ErasureReport, rowcount
from sqlalchemy import cast, delete, func, literal, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.types import JSON, Text

from analytics.domain.models import AnalyticsEvent, RelayForward, VisitorConsent, WebhookEndpoint

PERSON_DIMENSION = "current_user_id"


async def erase_person(session: AsyncSession, *, user_id: str) -> ErasureReport:
    report = ErasureReport()
    stranger = f"{ERASED_PREFIX}{uuid.uuid4().hex}"
    dimensions = cast(AnalyticsEvent.dimensions, JSONB)
    result = await session.execute(
        update(AnalyticsEvent)
        .where(dimensions[PERSON_DIMENSION].astext == user_id)
        .values(
            dimensions=cast(
                dimensions.op("||")(func.jsonb_build_object(PERSON_DIMENSION, literal(stranger))),
                JSON,
            )
        )
    )
    report.anonymized_rows("analytics_events", rowcount(result))
    result = await session.execute(delete(VisitorConsent).where(VisitorConsent.user_id == user_id))
    report.deleted("visitor_consents", rowcount(result))
    result = await session.execute(
        delete(RelayForward).where(func.strpos(cast(RelayForward.body, Text), literal(user_id)) > 0)
    )
    report.deleted("relay_forwards", rowcount(result))
    # the organization's webhook endpoints the person made stay (they are the organization's);
    # who made them and where a failure was mailed go
    result = await session.execute(
        update(WebhookEndpoint)
        .where(WebhookEndpoint.created_by == user_id)
        .values(created_by=stranger, created_by_email=None)
    )
    report.anonymized_rows("webhook_endpoints", rowcount(result))
    return report
