from fastapi import FastAPI
from jobkit.app import create_service_app

from consent.db import outbox
from consent.graphql.schema import schema
from consent.settings import SERVICE_DIR, ConsentSettings, get_settings


def create_app(settings: ConsentSettings | None = None) -> FastAPI:
    return create_service_app(
        settings=settings or get_settings(),
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
    )
