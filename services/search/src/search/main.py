from fastapi import FastAPI
from jobkit.app import create_service_app

from search.db import outbox
from search.domain.events import VOCABULARY_TOPIC
from search.graphql.schema import schema
from search.messaging.consumers import consumers
from search.settings import SERVICE_DIR, SearchSettings, get_settings


def create_app(settings: SearchSettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    return create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        published_topics=[settings.topic(VOCABULARY_TOPIC)],
        consumers=consumers,
    )
