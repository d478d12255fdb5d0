from fastapi import FastAPI
from jobkit.app import create_service_app

from billing.db import memberships, outbox
from billing.graphql.schema import schema
from billing.settings import SERVICE_DIR, BillingSettings, get_settings


def create_app(settings: BillingSettings | None = None) -> FastAPI:
    return create_service_app(
        settings=settings or get_settings(),
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        memberships=memberships,
    )
