from fastapi import FastAPI
from jobkit.app import create_service_app

from resumes.db import members, outbox, revocations
from resumes.domain.events import PUBLISHED_TOPICS
from resumes.graphql.schema import schema
from resumes.messaging.consumers import build_consumers
from resumes.settings import SERVICE_DIR, ResumesSettings, get_settings


def create_app(settings: ResumesSettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    return create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        memberships=members,
        published_topics=[settings.topic(topic) for topic in PUBLISHED_TOPICS],
        consumers=build_consumers,
        revocations=revocations,
    )
