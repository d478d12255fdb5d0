from fastapi import FastAPI
from jobkit.app import create_service_app

from organizations.db import outbox
from organizations.graphql.schema import schema
from organizations.settings import SERVICE_DIR, OrganizationsSettings, get_settings


def create_app(settings: OrganizationsSettings | None = None) -> FastAPI:
    return create_service_app(
        settings=settings or get_settings(),
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
    )
