"""The relay sender as a task of the running service, with the upstreams the settings name."""

from __future__ import annotations

import logging

import httpx
from jobkit.app import ServiceRuntime

from analytics.domain.relay_rules import Destination
from analytics.domain.relays import RelayConfig
from analytics.relay.sender import ConversionUpstream, RelaySender, Upstream
from analytics.relay.webhooks import WebhookSender
from analytics.settings import AnalyticsSettings

log = logging.getLogger(__name__)


def upstreams(settings: AnalyticsSettings) -> dict[Destination, Upstream]:
    found: dict[Destination, Upstream] = {}
    if settings.measurement_url:
        secret = settings.measurement_api_secret
        found[Destination.MEASUREMENT] = Upstream(
            settings.measurement_url,
            params={"api_secret": secret.get_secret_value()} if secret else None,
        )
    if settings.conversion_url:
        token = settings.conversion_access_token
        found[Destination.CONVERSION] = ConversionUpstream(
            settings.conversion_url,
            headers={"Authorization": f"Bearer {token.get_secret_value()}"} if token else None,
        )
    return found


def relay_config(settings: AnalyticsSettings) -> RelayConfig:
    return RelayConfig(
        destinations=frozenset(upstreams(settings)), backlog_cap=settings.relay_backlog_cap
    )


def sender_for(
    runtime: ServiceRuntime, settings: AnalyticsSettings, http: httpx.AsyncClient
) -> RelaySender:
    return RelaySender(
        sessions=runtime.sessions,
        engine=runtime.engine,
        upstreams=upstreams(settings),
        http=http,
        batch_size=settings.relay_batch_size,
        interval=settings.relay_interval_seconds,
        retry_seconds=settings.relay_retry_seconds,
        max_attempts=settings.relay_max_attempts,
    )


async def _run_sender(runtime: ServiceRuntime, settings: AnalyticsSettings) -> None:
    async with httpx.AsyncClient(timeout=settings.relay_timeout_seconds) as http:
        await sender_for(runtime, settings, http).run_forever()


async def run_sender(runtime: ServiceRuntime) -> None:
    """The service's relay-sender worker: sends while an upstream is configured."""
    settings = runtime.settings
    assert isinstance(settings, AnalyticsSettings)
    if not upstreams(settings):
        log.info("no analytics upstream configured: the relays forward nothing")
        return
    await _run_sender(runtime, settings)


async def run_webhook_sender(runtime: ServiceRuntime) -> None:
    """The service's webhook-sender worker (ADR 0040): always on (an organization may add an
    endpoint at any time); idle, it waits for a new delivery or the next retry's time."""
    settings = runtime.settings
    assert isinstance(settings, AnalyticsSettings)
    sender = WebhookSender(sessions=runtime.sessions, engine=runtime.engine, settings=settings)
    try:
        await sender.run_forever()
    finally:
        await sender.close()
