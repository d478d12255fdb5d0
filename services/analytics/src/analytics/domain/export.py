"""A person's data in analytics, for their export (the export saga, ADR 0038).

It mirrors what the erasure touches (:mod:`analytics.domain.erasure`):

- **Events** of the store whose ``current_user_id`` is the person: what happened (the event's
  key), about what (the job or organization profile, and its organization), when and on which
  site. Only these dimensions go out: the others describe the event for the dashboards, not the
  person, and the export names nobody else.
- The **cookie consent** last recorded for the account (its categories, when it was seen).
- **Relay forwards** that name the person, waiting or sent: where the event went (or was to
  go), when, and the body as it went out (the relay rules already strip every field that could
  name a person, so it holds only the event's public parameters).
"""

from __future__ import annotations

from typing import Any

from jobkit.export import ExportPart
from sqlalchemy import cast, func, literal, select
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.types import Text

from analytics.domain.erasure import PERSON_DIMENSION
from analytics.domain.models import (
    AnalyticsEvent,
    RelayForward,
    VisitorConsent,
    WebhookEndpoint,
)


def _event(event: AnalyticsEvent) -> dict[str, Any]:
    dimensions = event.dimensions or {}
    return {
        "type": event.key,
        "occurred_at": event.occurred_at,
        "site": event.site,
        "subject": {
            "type": dimensions.get("entity_type"),
            "id": dimensions.get("entity_id"),
            "organization_id": dimensions.get("organization_id"),
        },
    }


def _forward_state(forward: RelayForward) -> str:
    if forward.sent_at is not None:
        return "sent"
    if forward.failed_at is not None:
        return "failed"
    return "waiting"


async def export_person(session: AsyncSession, *, user_id: str) -> ExportPart:
    part = ExportPart("analytics")
    dimensions = cast(AnalyticsEvent.dimensions, JSONB)
    events = await session.scalars(
        select(AnalyticsEvent)
        .where(dimensions[PERSON_DIMENSION].astext == user_id)
        .order_by(AnalyticsEvent.occurred_at, AnalyticsEvent.id)
    )
    part.add("analytics_events", [_event(event) for event in events])
    consent = await session.get(VisitorConsent, user_id)
    recorded = (
        []
        if consent is None
        else [{"categories": consent.categories, "updated_at": consent.updated_at}]
    )
    part.add("visitor_consents", recorded)
    # found as the erasure finds them: the person's id anywhere in what was (to be) sent
    forwards = await session.scalars(
        select(RelayForward)
        .where(func.strpos(cast(RelayForward.body, Text), literal(user_id)) > 0)
        .order_by(RelayForward.created_at, RelayForward.id)
    )
    part.add(
        "relay_forwards",
        [
            {
                "destination": forward.destination,
                "event": forward.event_key,
                "site": forward.site,
                "created_at": forward.created_at,
                "state": _forward_state(forward),
                "sent_at": forward.sent_at,
                "body": forward.body,
            }
            for forward in forwards
        ],
    )
    # the organization's webhook endpoints the person made: that they did (not the secrets)
    endpoints = await session.scalars(
        select(WebhookEndpoint)
        .where(WebhookEndpoint.created_by == user_id)
        .order_by(WebhookEndpoint.created_at, WebhookEndpoint.id)
    )
    part.add(
        "webhook_endpoints",
        [
            {
                "organization_id": endpoint.organization_id,
                "url": endpoint.url,
                "event_types": endpoint.event_types,
                "created_at": endpoint.created_at,
            }
            for endpoint in endpoints
        ],
    )
    return part
