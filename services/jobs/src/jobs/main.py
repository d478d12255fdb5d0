from fastapi import FastAPI
from jobkit.app import create_service_app

from jobs.db import outbox
from jobs.graphql.schema import schema
from jobs.settings import SERVICE_DIR, JobsSettings, get_settings


def create_app(settings: JobsSettings | None = None) -> FastAPI:
    return create_service_app(
        settings=settings or get_settings(),
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
    )
