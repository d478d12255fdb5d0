"""The webhook sender (ADR 0040): POSTs the due deliveries to their endpoints, signed, at least
once, retrying failures on :data:`~analytics.domain.webhooks.RETRY_SCHEDULE` (about a day), then
failing the delivery, disabling the endpoint and mailing the recruiter who made it. A 2xx answer
delivers; 410 disables the endpoint at once; redirects are not followed (a 3xx fails the try);
``Retry-After`` of a 429 or 503 is honoured. One active sender per analytics database (an
advisory lock, as the relay sender)."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

import httpx
from jobkit.db import unit_of_work
from jobkit.leader import AdvisoryLockLeader
from jobkit.mail import compose, send_mail
from jobkit.wakeup import Wakeup
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from analytics.domain.models import WebhookDelivery, WebhookEndpoint
from analytics.domain.webhooks import (
    DELIVERIES_CHANNEL,
    RETRY_SCHEDULE,
    TargetCheck,
    body_of,
    signature_header,
    target_refusal,
)
from analytics.settings import AnalyticsSettings

log = logging.getLogger(__name__)

KEEP = timedelta(days=30)  # the delivery log
PRUNE_SECONDS = 3600.0
MAX_ERROR = 500
USER_AGENT = "JobBoard-Webhooks/1.0"


def utc_now() -> datetime:
    return datetime.now(UTC)


class WebhookSender:
    def __init__(
        self,
        *,
        sessions: async_sessionmaker[AsyncSession],
        engine: AsyncEngine,
        settings: AnalyticsSettings,
        client: httpx.AsyncClient | None = None,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self._sessions = sessions
        self._settings = settings
        self._client = client or httpx.AsyncClient(follow_redirects=False)
        self._clock = clock
        self._check = TargetCheck(allow_private=settings.webhooks_allow_private_targets)
        self._leader = AdvisoryLockLeader(
            engine=engine,
            lock_name="analytics.webhook-sender",
            name="webhook sender",
            retry_interval=max(settings.webhook_interval_seconds, 0.5),
        )
        self._pruned_at: float | None = None
        self._wakeup = Wakeup(DELIVERIES_CHANNEL)

    async def run_forever(self) -> None:
        await self._leader.run_forever(self._send, after_failure=self._pause)

    async def _send(self, lock_connection: AsyncConnection) -> None:
        """The active sender's loop: with nothing due it waits for a new delivery (notified),
        the next retry's time or the idle poll, whichever comes first."""
        stop_listening = await self._wakeup.listen(lock_connection)
        try:
            while True:
                self._wakeup.clear()
                if await self.send_once() == 0:
                    await self._wakeup.wait(await self.idle_seconds())
                await AdvisoryLockLeader.still_held(lock_connection)
        finally:
            await stop_listening()

    async def idle_seconds(self) -> float:
        """How long the idle sender may wait: until the next pending delivery of an enabled
        endpoint is due, at most the idle poll (the interval where notifications are not
        heard)."""
        if not self._wakeup.listening:
            return self._settings.webhook_interval_seconds
        async with self._sessions() as session:
            next_due = await session.scalar(
                select(func.min(WebhookDelivery.next_attempt_at))
                .join(WebhookEndpoint, WebhookEndpoint.id == WebhookDelivery.endpoint_id)
                .where(WebhookDelivery.status == "pending", WebhookEndpoint.enabled.is_(True))
            )
        wait = self._settings.webhook_idle_poll_seconds
        if next_due is not None:
            wait = min(wait, (next_due - self._clock()).total_seconds())
        return max(0.0, wait)

    async def _pause(self, _: Exception) -> None:
        await asyncio.sleep(self._settings.webhook_interval_seconds)

    async def send_once(self) -> int:
        """Try the due deliveries (a batch, a few at a time); how many were tried."""
        if self._pruned_at is None or time.monotonic() - self._pruned_at >= PRUNE_SECONDS:
            await self.prune()
            self._pruned_at = time.monotonic()
        now = self._clock()
        async with self._sessions() as session:
            due = (
                await session.execute(
                    select(WebhookDelivery, WebhookEndpoint)
                    .join(WebhookEndpoint, WebhookEndpoint.id == WebhookDelivery.endpoint_id)
                    .where(
                        WebhookDelivery.status == "pending",
                        WebhookDelivery.next_attempt_at <= now,
                        WebhookEndpoint.enabled.is_(True),
                    )
                    .order_by(WebhookDelivery.next_attempt_at, WebhookDelivery.id)
                    .limit(self._settings.webhook_batch_size)
                )
            ).all()
        if not due:
            return 0
        gate = asyncio.Semaphore(self._settings.webhook_concurrency)

        async def attempt(delivery: WebhookDelivery, endpoint: WebhookEndpoint) -> None:
            async with gate:
                await self._attempt(delivery, endpoint)

        await asyncio.gather(*(attempt(delivery, endpoint) for delivery, endpoint in due))
        return len(due)

    async def _attempt(self, delivery: WebhookDelivery, endpoint: WebhookEndpoint) -> None:
        now = self._clock()
        status: int | None = None
        error: str | None = await target_refusal(endpoint.url, self._check)
        retry_after: float | None = None
        if error is None:
            body = body_of(delivery)
            timestamp = int(now.timestamp())
            headers = {
                "content-type": "application/json",
                "user-agent": USER_AGENT,
                "webhook-id": delivery.id,
                "webhook-timestamp": str(timestamp),
                "webhook-signature": signature_header(endpoint, delivery.id, timestamp, body, now),
            }
            try:
                answer = await self._client.post(
                    endpoint.url,
                    content=body,
                    headers=headers,
                    timeout=self._settings.webhook_timeout_seconds,
                )
                status = answer.status_code
                if not 200 <= status < 300:
                    error = f"The endpoint answered {status}."
                if status in (429, 503):
                    retry_after = _seconds(answer.headers.get("retry-after"))
            except httpx.HTTPError as failure:
                error = f"{type(failure).__name__}: {failure}".rstrip(": ")[:MAX_ERROR]
        await self._record(delivery.id, endpoint.id, status, error, retry_after)

    async def _record(
        self,
        delivery_id: str,
        endpoint_id: object,
        status: int | None,
        error: str | None,
        retry_after: float | None,
    ) -> None:
        now = self._clock()
        disabled: WebhookEndpoint | None = None
        async with unit_of_work(self._sessions) as session:
            delivery = await session.get(WebhookDelivery, delivery_id, with_for_update=True)
            endpoint = await session.get(WebhookEndpoint, endpoint_id, with_for_update=True)
            if delivery is None or endpoint is None or delivery.status != "pending":
                return  # deleted, or replayed and tried by another try meanwhile
            delivery.attempts += 1
            delivery.last_status_code = status
            delivery.last_error = error[:MAX_ERROR] if error else None
            if error is None:
                delivery.status = "sent"
                delivery.delivered_at = now
                return
            if status == 410:
                delivery.status = "failed"
                disabled = _disable(endpoint, "The endpoint answered 410 Gone.")
            elif delivery.attempts > len(RETRY_SCHEDULE):
                delivery.status = "failed"
                disabled = _disable(
                    endpoint,
                    f"Deliveries failed for a day ({delivery.attempts} tries); the last: {error}",
                )
            else:
                wait = RETRY_SCHEDULE[delivery.attempts - 1].total_seconds()
                wait *= 1 + random.uniform(0, 0.1)  # noqa: S311 (jitter, not a secret)
                if retry_after is not None:
                    wait = max(wait, min(retry_after, 86_400))
                delivery.next_attempt_at = now + timedelta(seconds=wait)
            if disabled is not None:
                disabled = _detached(disabled)
        if disabled is not None:
            await self._mail_disabled(disabled, delivery_id, now)

    async def _mail_disabled(
        self, endpoint: WebhookEndpoint, delivery_id: str, failed_at: datetime
    ) -> None:
        if not endpoint.created_by_email:
            return
        message = disabled_mail(
            self._settings, endpoint, delivery_id=delivery_id, failed_at=failed_at
        )
        try:
            await send_mail(message, settings=self._settings)
        except Exception:  # the endpoint stays disabled; the dashboard says so
            log.exception("could not mail that webhook endpoint %s was disabled", endpoint.id)

    async def prune(self) -> None:
        async with unit_of_work(self._sessions) as session:
            await session.execute(
                delete(WebhookDelivery).where(
                    WebhookDelivery.status != "pending",
                    WebhookDelivery.created_at < self._clock() - KEEP,
                )
            )

    async def close(self) -> None:
        await self._client.aclose()


def disabled_mail(
    settings: AnalyticsSettings, endpoint: WebhookEndpoint, *, delivery_id: str, failed_at: datetime
) -> EmailMessage:
    """The mail to the endpoint's creator that it was disabled. Its Message-ID is made from
    what disabled it (the endpoint, the delivery whose try failed last and that try's time), not
    from the moment it is made: a send tried again is the same mail, and a later disabling (the
    same delivery replayed and failing again) another."""
    assert endpoint.created_by_email
    return compose(
        settings,
        to=endpoint.created_by_email,
        subject="A webhook endpoint of your organization was disabled",
        text=(
            f"We stopped sending webhooks to {endpoint.url}.\n\n"
            f"Why: {endpoint.disabled_reason}\n\n"
            "Nothing is lost: the deliveries are kept for 30 days. Once the endpoint answers "
            "again, enable it in your organization's dashboard (Webhooks) and replay the "
            "deliveries it missed.\n"
        ),
        message_key=f"webhook-disabled.{endpoint.id}.{delivery_id}.{int(failed_at.timestamp())}",
    )


def _disable(endpoint: WebhookEndpoint, reason: str) -> WebhookEndpoint:
    endpoint.enabled = False
    endpoint.disabled_reason = reason[:300]
    return endpoint


def _detached(endpoint: WebhookEndpoint) -> WebhookEndpoint:
    """A copy of what the mail needs, usable after the session closes."""
    return WebhookEndpoint(
        id=endpoint.id,
        url=endpoint.url,
        disabled_reason=endpoint.disabled_reason,
        created_by_email=endpoint.created_by_email,
    )


def _seconds(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None
