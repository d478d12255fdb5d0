from collections.abc import Sequence

from fastapi import FastAPI
from jobkit import contracts
from jobkit.app import ServiceRuntime, create_service_app
from jobkit.consumer import IdempotentConsumer

from consent.db import outbox, processed_events, revocations
from consent.domain.events import PUBLISHED_TOPICS
from consent.domain.identity_events import USER_TOPIC
from consent.graphql.schema import schema
from consent.messaging.consumers import IDENTITY_GROUP, export_handlers, identity_handlers
from consent.settings import SERVICE_DIR, ConsentSettings, get_settings


def build_consumers(runtime: ServiceRuntime) -> Sequence[IdempotentConsumer]:
    """identity's registration consents into user consents; a deleted user's consents erased;
    a person's consents exported."""
    settings = runtime.settings
    return [
        IdempotentConsumer(
            group_id=settings.topic(IDENTITY_GROUP),
            handlers={
                settings.topic(USER_TOPIC): identity_handlers(settings),
                settings.topic(contracts.EXPORT_REQUEST_TOPIC): export_handlers(settings),
            },
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        )
    ]


def create_app(settings: ConsentSettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    return create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        published_topics=[settings.topic(topic) for topic in PUBLISHED_TOPICS],
        consumers=build_consumers,
        revocations=revocations,
    )
