import asyncio
from collections.abc import Sequence

from fastapi import FastAPI
from jobkit.app import ServiceRuntime, create_service_app
from jobkit.consumer import IdempotentConsumer
from jobkit.uploads import UploadKind, upload_router

from jobs.db import members, outbox, revocations, uploads
from jobs.domain.applications import ATTACHMENT_PURPOSE
from jobs.domain.events import APPLICATION_TOPIC, BOOKMARK_TOPIC, JOB_TOPIC
from jobs.graphql.schema import schema
from jobs.messaging.consumers import build_consumers
from jobs.messaging.scheduler import run_scheduler_forever
from jobs.settings import SERVICE_DIR, JobsSettings, get_settings

# What jobs take as uploads, and which kinds each accepts (checked by content).
UPLOAD_PURPOSES = {
    "job_file": {UploadKind.PDF},
    "job_logo": {UploadKind.IMAGE},
    # pdf, jpg, jpeg, png, webp (spec 5); visitors may upload them; always private
    ATTACHMENT_PURPOSE: {UploadKind.PDF, UploadKind.IMAGE},
}


def _workers(runtime: ServiceRuntime) -> Sequence[IdempotentConsumer]:
    """The consumers, and the scheduler beside them (cancelled with the runtime's tasks)."""
    settings = runtime.settings
    assert isinstance(settings, JobsSettings)
    runtime.tasks.append(
        asyncio.create_task(run_scheduler_forever(runtime.sessions, settings), name="scheduler")
    )
    return build_consumers(runtime)


def create_app(settings: JobsSettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    app = create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        memberships=members,
        published_topics=[
            settings.topic(topic) for topic in (JOB_TOPIC, APPLICATION_TOPIC, BOOKMARK_TOPIC)
        ],
        consumers=_workers,
        revocations=revocations,
    )
    app.include_router(
        upload_router(
            table=uploads,
            purposes=UPLOAD_PURPOSES,
            anonymous_purposes={ATTACHMENT_PURPOSE},
            private_purposes={ATTACHMENT_PURPOSE},
            signing_secret=settings.file_signing_secret,
        )
    )
    return app
