"""The relays' use cases (ADR 0014): a browser's event or a domain event is recorded, counted
and, when the site's flags and the visitor's consent allow, queued for the upstream endpoints in
the same transaction. The relay sender (``analytics.relay.sender``) sends the queue."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from jobkit.db import unit_of_work
from jobkit.frontend import Frontend
from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from analytics.db import site_settings
from analytics.domain.catalogue import SPEC_KEYS
from analytics.domain.models import RelayDrops, RelayForward, VisitorConsent
from analytics.domain.relay_rules import (
    ConsentCategory,
    ConversionRequest,
    Destination,
    GmapiRequest,
    consented,
    conversion_body,
    measurement_body,
    mirrors_to_measurement,
    public_params,
    sends_conversion,
)
from analytics.domain.service import record_event
from analytics.domain.stats import count_event

ANALYTICS_GROUP = "analytics"
# the partial index's filter (models.PENDING_FORWARD) as an expression
PENDING = RelayForward.sent_at.is_(None) & RelayForward.failed_at.is_(None)


@dataclass(frozen=True)
class RelayConfig:
    """The service's side: which upstream endpoints are configured, and the backlog cap."""

    destinations: frozenset[Destination]
    backlog_cap: int = 10_000


@dataclass(frozen=True)
class RelayFlags:
    """The site's analytics settings (identity's ``analytics.*``; all off until it says)."""

    measurement_api: bool = False
    conversion_api: bool = False
    conversion_events: tuple[str, ...] = ()


async def relay_flags(session: AsyncSession, site: str) -> RelayFlags:
    rows = await session.execute(
        select(site_settings.c.name, site_settings.c.value).where(
            site_settings.c.site == site, site_settings.c.key == ANALYTICS_GROUP
        )
    )
    values = {row.name: row.value for row in rows}
    events = values.get("conversion_events")
    return RelayFlags(
        measurement_api=values.get("measurement_api") is True,
        conversion_api=values.get("conversion_api") is True,
        conversion_events=tuple(e for e in events if isinstance(e, str))
        if isinstance(events, list)
        else (),
    )


def frontend_id(frontend: Frontend) -> str:
    """``{FRONTEND_NAME}/{locale}``, or the site alone when no locale is known."""
    return f"{frontend.site}/{frontend.locale}" if frontend.locale else frontend.site


async def enqueue_forward(
    session: AsyncSession,
    *,
    destination: Destination,
    site: str,
    event_key: str,
    body: dict[str, Any],
    relay: RelayConfig,
    source_event_id: uuid.UUID | None = None,
) -> bool:
    """Queue one forward; beyond the backlog cap waiting forwards the oldest are dropped and
    counted. False when the destination is not configured, or this source event was already
    queued for it."""
    if destination not in relay.destinations:
        return False
    queued = await session.scalar(
        insert(RelayForward)
        .values(
            destination=destination,
            site=site,
            event_key=event_key,
            body=body,
            source_event_id=source_event_id,
        )
        .on_conflict_do_nothing(index_elements=["destination", "source_event_id"])
        .returning(RelayForward.id)
    )
    if queued is None:
        return False
    overflow = (
        select(RelayForward.id)
        .where(RelayForward.destination == destination, PENDING)
        .order_by(RelayForward.id.desc())
        .offset(relay.backlog_cap)
    )
    dropped = len(
        (
            await session.execute(
                delete(RelayForward).where(RelayForward.id.in_(overflow)).returning(RelayForward.id)
            )
        ).all()
    )
    if dropped:
        statement = insert(RelayDrops).values(
            destination=destination, dropped=dropped, last_dropped_at=datetime.now(UTC)
        )
        await session.execute(
            statement.on_conflict_do_update(
                index_elements=["destination"],
                set_={
                    "dropped": RelayDrops.dropped + dropped,
                    "last_dropped_at": statement.excluded.last_dropped_at,
                },
            )
        )
    return True


async def remember_consent(
    session: AsyncSession, *, user_id: str, categories: Iterable[ConsentCategory]
) -> None:
    values = sorted(category.value for category in categories)
    statement = insert(VisitorConsent).values(user_id=user_id, categories=values)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=["user_id"],
            set_={"categories": statement.excluded.categories, "updated_at": datetime.now(UTC)},
        )
    )


async def recorded_consent(
    session: AsyncSession, user_id: str | None
) -> frozenset[ConsentCategory]:
    if user_id is None:
        return frozenset()
    stored = await session.scalar(
        select(VisitorConsent.categories).where(VisitorConsent.user_id == user_id)
    )
    known = {category.value: category for category in ConsentCategory}
    return frozenset(known[value] for value in stored or [] if value in known)


class Outcome(StrEnum):
    FORWARDED = "forwarded"  # recorded and queued for the upstream endpoint
    RECORDED = "recorded"  # recorded; the flags (or the server-sent flag) keep it here
    NO_CONSENT = "no_consent"  # neither recorded nor forwarded


@dataclass(frozen=True)
class Visitor:
    """Who sent a relay request: the site and locale, their consent, and (signed in) who."""

    frontend: Frontend
    consent: frozenset[ConsentCategory]
    user_id: str | None = None


async def accept_measurement(
    *,
    sessions: async_sessionmaker[AsyncSession],
    request: GmapiRequest,
    visitor: Visitor,
    relay: RelayConfig,
    now: datetime,
) -> Outcome:
    """A browser's client or hybrid event: with analytics consent it is recorded (the dashboards
    count it) and, when the site mirrors client events, queued for the measurement collector."""
    if not consented(Destination.MEASUREMENT, visitor.consent):
        if visitor.user_id is not None:
            async with unit_of_work(sessions) as session:
                await remember_consent(session, user_id=visitor.user_id, categories=visitor.consent)
        return Outcome.NO_CONSENT
    site = visitor.frontend.site
    params = dict(request.params)
    async with unit_of_work(sessions) as session:
        if visitor.user_id is not None:
            await remember_consent(session, user_id=visitor.user_id, categories=visitor.consent)
        dimensions = public_params(params)
        await record_event(
            session,
            source_event_id=uuid.uuid4(),
            key=request.event,
            site=site,
            occurred_at=now,
            dimensions=dimensions,
        )
        entity = dimensions.get("entity_id")
        await count_event(
            session,
            key=request.event,
            day=now.date(),
            entity_id=str(entity) if isinstance(entity, str | int) else None,
            organization_id=None,
        )
        flags = await relay_flags(session, site)
        if not mirrors_to_measurement(request.event, params, measurement_api=flags.measurement_api):
            return Outcome.RECORDED
        await enqueue_forward(
            session,
            destination=Destination.MEASUREMENT,
            site=site,
            event_key=request.event,
            body=measurement_body(request.event, params, frontend=frontend_id(visitor.frontend)),
            relay=relay,
        )
    return Outcome.FORWARDED


async def accept_conversion(
    *,
    sessions: async_sessionmaker[AsyncSession],
    request: ConversionRequest,
    visitor: Visitor,
    relay: RelayConfig,
) -> Outcome:
    """A browser's conversion: queued when the visitor allows advertising, the site's conversion
    API is on and lists the event (nothing is recorded: the measurement relay records it)."""
    if not consented(Destination.CONVERSION, visitor.consent):
        return Outcome.NO_CONSENT
    site = visitor.frontend.site
    async with unit_of_work(sessions) as session:
        flags = await relay_flags(session, site)
        if not sends_conversion(
            request.event_name,
            conversion_api=flags.conversion_api,
            conversion_events=list(flags.conversion_events),
        ):
            return Outcome.RECORDED
        await enqueue_forward(
            session,
            destination=Destination.CONVERSION,
            site=site,
            event_key=request.event_name,
            body=conversion_body(
                request.event_name,
                dict(request.custom_data),
                frontend=frontend_id(visitor.frontend),
            ),
            relay=relay,
        )
    return Outcome.FORWARDED


async def relay_server_event(
    session: AsyncSession,
    *,
    source_event_id: uuid.UUID,
    key: str,
    site: str,
    dimensions: dict[str, Any],
    user_id: str | None,
    relay: RelayConfig,
) -> list[Destination]:
    """A server-side event derived from a domain event (inside the consumer's transaction):
    queued for the measurement collector when the site mirrors events and for the conversion API
    when it lists the key, each only within the consent recorded for the user it is about (an
    anonymous visitor's server-side events stay here). Once per source event and destination."""
    if key not in SPEC_KEYS:
        return []
    flags = await relay_flags(session, site)
    if not (flags.measurement_api or flags.conversion_api):
        return []
    consent = await recorded_consent(session, user_id)
    queued = []
    if flags.measurement_api and consented(Destination.MEASUREMENT, consent):
        body = measurement_body(key, dimensions, frontend=site)
        if await enqueue_forward(
            session,
            destination=Destination.MEASUREMENT,
            site=site,
            event_key=key,
            body=body,
            relay=relay,
            source_event_id=source_event_id,
        ):
            queued.append(Destination.MEASUREMENT)
    if sends_conversion(
        key, conversion_api=flags.conversion_api, conversion_events=list(flags.conversion_events)
    ) and consented(Destination.CONVERSION, consent):
        body = conversion_body(key, dimensions, frontend=site)
        if await enqueue_forward(
            session,
            destination=Destination.CONVERSION,
            site=site,
            event_key=key,
            body=body,
            relay=relay,
            source_event_id=source_event_id,
        ):
            queued.append(Destination.CONVERSION)
    return queued
