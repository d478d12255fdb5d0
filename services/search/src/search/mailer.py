"""The alert mailer process: the search service's code with only the mailer's consumer and loop
running (ADR 0029), scaled apart from the search API, and its bounce notices' SMTP receiver
(ADR 0034) when ``SEARCH_ALERT_BOUNCE_PORT`` is set. It serves ``/healthz`` and ``/readyz``.

    uvicorn search.mailer:create_mailer_app --factory --host 127.0.0.1 --port 8117
"""

from __future__ import annotations

from fastapi import FastAPI
from jobkit.app import Worker, create_service_app

from search.alerts.events import ERASURE_TOPIC, EXPORT_TOPIC
from search.db import outbox
from search.graphql.schema import schema
from search.messaging.alert_mailer import (
    alert_mailer_consumers,
    run_alert_mailer,
    run_bounce_receiver,
)
from search.settings import SERVICE_DIR, SearchSettings, get_settings


def create_mailer_app(settings: SearchSettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    settings = settings.model_copy(update={"service_name": "search-alert-mailer"})
    return create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        published_topics=[settings.topic(ERASURE_TOPIC), settings.topic(EXPORT_TOPIC)],
        consumers=alert_mailer_consumers,
        workers=[
            Worker("alert-mailer", run_alert_mailer),
            Worker("alert-bounces", run_bounce_receiver),
        ],
    )
