from fastapi import FastAPI
from jobkit.app import create_service_app

from analytics.db import outbox
from analytics.graphql.schema import schema
from analytics.messaging.consumers import build_consumers
from analytics.settings import SERVICE_DIR, AnalyticsSettings, get_settings


def create_app(settings: AnalyticsSettings | None = None) -> FastAPI:
    return create_service_app(
        settings=settings or get_settings(),
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        consumers=build_consumers,
    )
