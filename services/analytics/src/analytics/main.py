from fastapi import FastAPI
from jobkit.app import Worker, create_service_app

from analytics.api.relays import relays_router
from analytics.api.visits import visits_router
from analytics.db import memberships, outbox, revocations
from analytics.domain.events import PUBLISHED_TOPICS
from analytics.graphql.schema import schema
from analytics.messaging.consumers import build_consumers
from analytics.relay.workers import run_sender, run_webhook_sender
from analytics.settings import SERVICE_DIR, AnalyticsSettings, get_settings


def create_app(settings: AnalyticsSettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    app = create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        published_topics=[settings.topic(topic) for topic in PUBLISHED_TOPICS],
        consumers=build_consumers,
        # the relay sender beside the consumers (ADR 0014)
        # and the webhook sender (ADR 0040)
        workers=[Worker("relay-sender", run_sender), Worker("webhook-sender", run_webhook_sender)],
        memberships=memberships,
        revocations=revocations,
    )
    app.include_router(relays_router(settings))
    app.include_router(visits_router())
    return app
