"""Signed outbound webhooks (ADR 0040): an organization's endpoints, the deliveries the event
stream makes for them, and how each is signed, following the Standard Webhooks convention.

- **Endpoints** are made by the organization's recruiters (members; administrators see and
  change them too): a URL, the event types, a description. The signing secret is
  ``whsec_`` and base64 of 32 random bytes; rotating it keeps the old one signing beside the new
  for ``ROTATION_OVERLAP``, so a receiver can switch without a gap.
- **Deliveries**: each public event of the organization (:data:`EVENT_TYPES`) makes one
  delivery per enabled endpoint subscribed to its type, in the transaction that applied the
  event, unique per endpoint and event (a redelivered event adds none). Its id is the
  ``webhook-id`` of every try. The body is thin: ids, states and public fields, never an
  applicant's details (a receiver with the applications scope of the ATS API reads those).
- **Signing**: ``webhook-signature`` is ``v1,<base64 HMAC-SHA256 of "id.timestamp.body">``,
  once per active secret, space-separated.
- **Targets**: https, and never a private, loopback, link-local or otherwise non-public
  address (checked when the endpoint is saved and again at each try, after resolving the
  name), unless the setting ``webhooks_allow_private_targets`` is on (development, tests).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from jobkit import targets
from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.wakeup import notify
from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from analytics.db import memberships
from analytics.domain.models import WebhookDelivery, WebhookEndpoint

# Wakes the webhook sender when deliveries become due (at the commit that made them)
DELIVERIES_CHANNEL = "analytics_webhook_deliveries"

# The events an organization can subscribe to, with what each says.
EVENT_TYPES: dict[str, str] = {
    "job.published": "A job of the organization went live (or live again).",
    "job.expired": "A job reached its expiry date and left the site.",
    "job.archived": "A job was closed (archived) by a recruiter, the ATS API or an administrator.",
    "application.received": "Someone applied to one of the organization's jobs.",
    "application.status_changed": "An application moved along the pipeline.",
}
SECRET_PREFIX = "whsec_"  # noqa: S105 (the secrets' visible prefix, not a secret)
ROTATION_OVERLAP = timedelta(hours=24)
MAX_ENDPOINTS = 10  # per organization
MAX_URL = 2000
MAX_DESCRIPTION = 200
# After the n-th failed try, the next comes this much later; after the last, the delivery fails
# and the endpoint is disabled (about a day in all, with up to 10 % jitter).
RETRY_SCHEDULE: tuple[timedelta, ...] = (
    timedelta(seconds=5),
    timedelta(minutes=1),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=5),
    timedelta(hours=8),
    timedelta(hours=8),
)
NOT_A_MEMBER = "Only recruiters of this organization manage its webhooks."
NO_SUCH_ENDPOINT = "This webhook endpoint does not exist."


class WebhookError(Exception):
    """A refused change, with the field it is about."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.field = code, message, field


@dataclass(frozen=True)
class TargetCheck:
    allow_private: bool


# --- signing ---------------------------------------------------------------------------------


def new_secret() -> str:
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def sign(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """One ``v1,<signature>`` of the Standard Webhooks convention."""
    key = base64.b64decode(secret.removeprefix(SECRET_PREFIX))
    content = f"{message_id}.{timestamp}.".encode() + body
    digest = hmac.new(key, content, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def signature_header(
    endpoint: WebhookEndpoint, message_id: str, timestamp: int, body: bytes, now: datetime
) -> str:
    """Signed with the current secret, and with the previous one while it overlaps."""
    keys = [endpoint.secret]
    if (
        endpoint.previous_secret
        and endpoint.previous_secret_until is not None
        and endpoint.previous_secret_until > now
    ):
        keys.append(endpoint.previous_secret)
    return " ".join(sign(key, message_id, timestamp, body) for key in keys)


def body_of(delivery: WebhookDelivery) -> bytes:
    return json.dumps(delivery.payload, separators=(",", ":"), sort_keys=True).encode()


# --- targets ---------------------------------------------------------------------------------


async def target_refusal(url: str, check: TargetCheck) -> str | None:
    """Why ``url`` may not receive webhooks; None when it may (jobkit.targets' rule)."""
    return await targets.target_refusal(
        url,
        allow_private=check.allow_private,
        https_only=True,
        scheme_message="Webhooks are sent over https only.",
        private_message="Webhooks go to public addresses only, not to private or local networks.",
    )


# --- endpoints -------------------------------------------------------------------------------


async def _is_member(session: AsyncSession, principal: Principal, organization_id: str) -> bool:
    if principal.is_admin_like:
        return True
    found = await session.scalar(
        select(func.count())
        .select_from(memberships)
        .where(
            memberships.c.organization_id == organization_id,
            memberships.c.user_id == principal.user_id,
        )
    )
    return bool(found)


def _event_types(event_types: list[str]) -> list[str]:
    chosen = [kind for kind in EVENT_TYPES if kind in event_types]
    if not chosen:
        raise WebhookError("REQUIRED", "Choose at least one event.", "event_types")
    if len(set(event_types)) != len(chosen):
        raise WebhookError(
            "INVALID_CHOICE", f"The events are {', '.join(EVENT_TYPES)}.", "event_types"
        )
    return chosen


async def _valid_url(url: str, check: TargetCheck) -> str:
    url = url.strip()
    if len(url) > MAX_URL:
        raise WebhookError("TOO_LONG", f"An address has at most {MAX_URL} characters.", "url")
    refusal = await target_refusal(url, check)
    if refusal is not None:
        raise WebhookError("INVALID", refusal, "url")
    return url


def _description(value: str | None) -> str | None:
    text = " ".join((value or "").split()) or None
    if text is not None and len(text) > MAX_DESCRIPTION:
        raise WebhookError(
            "TOO_LONG", f"Keep the description under {MAX_DESCRIPTION} characters.", "description"
        )
    return text


async def _endpoint_for(
    session: AsyncSession, principal: Principal, endpoint_id: uuid.UUID
) -> WebhookEndpoint:
    endpoint = await session.get(WebhookEndpoint, endpoint_id, with_for_update=True)
    if endpoint is None:
        raise WebhookError("NOT_FOUND", NO_SUCH_ENDPOINT, "id")
    if not await _is_member(session, principal, endpoint.organization_id):
        raise WebhookError("FORBIDDEN", NOT_A_MEMBER)
    return endpoint


async def create_endpoint(
    sessions: async_sessionmaker[AsyncSession],
    check: TargetCheck,
    *,
    principal: Principal,
    organization_id: str,
    url: str,
    event_types: list[str],
    description: str | None = None,
) -> WebhookEndpoint:
    """A new endpoint of the organization, enabled, with a new secret (raises WebhookError)."""
    async with unit_of_work(sessions) as session:
        if not await _is_member(session, principal, organization_id):
            raise WebhookError("FORBIDDEN", NOT_A_MEMBER)
        chosen = _event_types(event_types)
        valid_url = await _valid_url(url, check)
        text = _description(description)
        count = await session.scalar(
            select(func.count())
            .select_from(WebhookEndpoint)
            .where(WebhookEndpoint.organization_id == organization_id)
        )
        if int(count or 0) >= MAX_ENDPOINTS:
            raise WebhookError(
                "OUT_OF_RANGE",
                f"An organization has at most {MAX_ENDPOINTS} endpoints; delete one first.",
                "url",
            )
        endpoint = WebhookEndpoint(
            id=uuid.uuid4(),
            organization_id=organization_id,
            url=valid_url,
            description=text,
            event_types=chosen,
            secret=new_secret(),
            enabled=True,
            created_by=principal.user_id,
            created_by_email=principal.email,
        )
        session.add(endpoint)
        await session.flush()
        await session.refresh(endpoint)
        return endpoint


async def update_endpoint(
    sessions: async_sessionmaker[AsyncSession],
    check: TargetCheck,
    *,
    principal: Principal,
    endpoint_id: uuid.UUID,
    url: str | None = None,
    event_types: list[str] | None = None,
    description: str | None = None,
    enabled: bool | None = None,
) -> WebhookEndpoint:
    """Change what is given; enabling again clears the reason it was disabled."""
    async with unit_of_work(sessions) as session:
        endpoint = await _endpoint_for(session, principal, endpoint_id)
        if url is not None:
            endpoint.url = await _valid_url(url, check)
        if event_types is not None:
            endpoint.event_types = _event_types(event_types)
        if description is not None:
            endpoint.description = _description(description)
        if enabled is not None:
            endpoint.enabled = enabled
            endpoint.disabled_reason = None if enabled else "Disabled by a recruiter."
            if enabled:  # its waiting deliveries are due again
                await notify(session, DELIVERIES_CHANNEL)
        await session.flush()
        return endpoint


async def rotate_secret(
    sessions: async_sessionmaker[AsyncSession],
    *,
    principal: Principal,
    endpoint_id: uuid.UUID,
    now: datetime,
) -> WebhookEndpoint:
    """A new secret; the old one keeps signing beside it for ``ROTATION_OVERLAP``."""
    async with unit_of_work(sessions) as session:
        endpoint = await _endpoint_for(session, principal, endpoint_id)
        endpoint.previous_secret = endpoint.secret
        endpoint.previous_secret_until = now + ROTATION_OVERLAP
        endpoint.secret = new_secret()
        await session.flush()
        return endpoint


async def delete_endpoint(
    sessions: async_sessionmaker[AsyncSession], *, principal: Principal, endpoint_id: uuid.UUID
) -> None:
    """The endpoint and its delivery log go."""
    async with unit_of_work(sessions) as session:
        endpoint = await _endpoint_for(session, principal, endpoint_id)
        await session.delete(endpoint)


async def endpoints_of(
    sessions: async_sessionmaker[AsyncSession], *, principal: Principal, organization_id: str
) -> list[WebhookEndpoint]:
    async with sessions() as session:
        if not await _is_member(session, principal, organization_id):
            raise WebhookError("FORBIDDEN", NOT_A_MEMBER)
        rows = await session.scalars(
            select(WebhookEndpoint)
            .where(WebhookEndpoint.organization_id == organization_id)
            .order_by(WebhookEndpoint.created_at, WebhookEndpoint.id)
        )
        return list(rows)


async def deliveries_of(
    sessions: async_sessionmaker[AsyncSession],
    *,
    principal: Principal,
    endpoint_id: uuid.UUID,
    limit: int,
) -> list[WebhookDelivery]:
    """The endpoint's delivery log, newest first."""
    async with sessions() as session:
        endpoint = await session.get(WebhookEndpoint, endpoint_id)
        if endpoint is None:
            raise WebhookError("NOT_FOUND", NO_SUCH_ENDPOINT, "id")
        if not await _is_member(session, principal, endpoint.organization_id):
            raise WebhookError("FORBIDDEN", NOT_A_MEMBER)
        rows = await session.scalars(
            select(WebhookDelivery)
            .where(WebhookDelivery.endpoint_id == endpoint_id)
            .order_by(WebhookDelivery.created_at.desc(), WebhookDelivery.id)
            .limit(max(1, min(limit, 200)))
        )
        return list(rows)


async def replay(
    sessions: async_sessionmaker[AsyncSession],
    *,
    principal: Principal,
    endpoint_id: uuid.UUID,
    since: datetime,
    delivery_id: str | None,
    now: datetime,
) -> int:
    """Send again (with the same ``webhook-id``) one delivery, or every delivery of the
    endpoint made since ``since``; how many were queued. The endpoint must be enabled."""
    async with unit_of_work(sessions) as session:
        endpoint = await _endpoint_for(session, principal, endpoint_id)
        if not endpoint.enabled:
            raise WebhookError("NOT_EDITABLE", "Enable the endpoint before replaying to it.")
        query = update(WebhookDelivery).where(WebhookDelivery.endpoint_id == endpoint_id)
        if delivery_id is not None:
            query = query.where(WebhookDelivery.id == delivery_id)
        else:
            query = query.where(WebhookDelivery.created_at >= since)
        result = await session.execute(
            query.values(status="pending", next_attempt_at=now, attempts=0)
        )
        count = int(getattr(result, "rowcount", 0) or 0)
        if delivery_id is not None and count == 0:
            raise WebhookError("NOT_FOUND", "This delivery does not exist.", "deliveryId")
        if count:
            await notify(session, DELIVERIES_CHANNEL)
        return count


# --- from the event stream -------------------------------------------------------------------


async def enqueue_deliveries(
    session: AsyncSession,
    *,
    organization_id: str,
    event_type: str,
    source_event_id: uuid.UUID,
    occurred_at: datetime,
    data: dict[str, Any],
) -> int:
    """One delivery per enabled endpoint of the organization subscribed to ``event_type``, in
    the caller's transaction; none again for an event already delivered."""
    endpoints = list(
        await session.scalars(
            select(WebhookEndpoint.id).where(
                WebhookEndpoint.organization_id == organization_id,
                WebhookEndpoint.enabled.is_(True),
                WebhookEndpoint.event_types.contains([event_type]),
            )
        )
    )
    payload = {"type": event_type, "timestamp": occurred_at.isoformat(), "data": data}
    made = 0
    for endpoint_id in endpoints:
        result = await session.execute(
            insert(WebhookDelivery)
            .values(
                id=f"msg_{uuid.uuid4().hex}",
                endpoint_id=endpoint_id,
                source_event_id=source_event_id,
                event_type=event_type,
                payload=payload,
                status="pending",
                attempts=0,
                next_attempt_at=occurred_at,
            )
            .on_conflict_do_nothing(constraint="uq_webhook_deliveries_source")
        )
        made += int(getattr(result, "rowcount", 0) or 0)
    if made:
        await notify(session, DELIVERIES_CHANNEL)
    return made
