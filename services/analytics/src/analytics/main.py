from fastapi import FastAPI
from jobkit.app import ServiceRuntime, create_service_app
from jobkit.consumer import IdempotentConsumer

from analytics.api.relays import relays_router
from analytics.db import memberships, outbox, revocations
from analytics.graphql.schema import schema
from analytics.messaging.consumers import build_consumers
from analytics.relay.workers import start_sender
from analytics.settings import SERVICE_DIR, AnalyticsSettings, get_settings


def _workers(runtime: ServiceRuntime) -> list[IdempotentConsumer]:
    """The consumers, and the relay sender beside them (ADR 0014)."""
    start_sender(runtime)
    return build_consumers(runtime)


def create_app(settings: AnalyticsSettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    app = create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        consumers=_workers,
        memberships=memberships,
        revocations=revocations,
    )
    app.include_router(relays_router(settings))
    return app
