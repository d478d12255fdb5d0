from fastapi import FastAPI
from jobkit.app import create_service_app

from resumes.db import outbox, revocations
from resumes.graphql.schema import schema
from resumes.settings import SERVICE_DIR, ResumesSettings, get_settings


def create_app(settings: ResumesSettings | None = None) -> FastAPI:
    return create_service_app(
        settings=settings or get_settings(),
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        revocations=revocations,
    )
