from fastapi import FastAPI
from jobkit.app import ServiceRuntime, Worker, create_service_app
from jobkit.uploads import UploadKind, UploadReference, upload_router

from jobs.api.ats import add_ats_api
from jobs.api.demo_feeds import add_demo_feeds
from jobs.db import members, outbox, revocations, uploads
from jobs.domain.applications import ATTACHMENT_PURPOSE
from jobs.domain.events import (
    APPLICATION_TOPIC,
    BOOKMARK_TOPIC,
    ERASURE_TOPIC,
    EXPORT_TOPIC,
    JOB_TOPIC,
)
from jobs.domain.models import RateLimitHit
from jobs.graphql.schema import schema
from jobs.messaging.consumers import build_consumers
from jobs.messaging.feed_importer import FeedImporter
from jobs.messaging.scheduler import run_scheduler_forever
from jobs.settings import SERVICE_DIR, JobsSettings, get_settings

# What jobs take as uploads, and which kinds each accepts (checked by content).
UPLOAD_PURPOSES = {
    "job_file": {UploadKind.PDF},
    "job_logo": {UploadKind.IMAGE},
    # pdf, jpg, jpeg, png, webp (spec 5); visitors may upload them; always private
    ATTACHMENT_PURPOSE: {UploadKind.PDF, UploadKind.IMAGE},
}
# Where jobs' rows name uploads: what nothing names any more is deleted (jobkit.uploads.sweeper).
UPLOAD_REFERENCES = (
    UploadReference("jobs", "logo_upload_id"),
    UploadReference("jobs", "file_upload_id"),
    UploadReference("application_attachments", "upload_id"),
)


async def _scheduler(runtime: ServiceRuntime) -> None:
    """Publishes scheduled jobs and expires jobs when their time comes, and applies the sites'
    retention rule for applications every ``retention_interval_seconds``."""
    settings = runtime.settings
    assert isinstance(settings, JobsSettings)
    await run_scheduler_forever(runtime.sessions, settings, storage=runtime.storage)


async def _feed_importer(runtime: ServiceRuntime) -> None:
    """Imports the organizations' job feeds when they are due (one replica at a time)."""
    settings = runtime.settings
    assert isinstance(settings, JobsSettings)
    importer = FeedImporter(sessions=runtime.sessions, engine=runtime.engine, settings=settings)
    await importer.run_forever()


def create_app(settings: JobsSettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    app = create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        memberships=members,
        published_topics=[
            settings.topic(topic)
            for topic in (JOB_TOPIC, APPLICATION_TOPIC, BOOKMARK_TOPIC, ERASURE_TOPIC, EXPORT_TOPIC)
        ],
        consumers=build_consumers,
        workers=[Worker("scheduler", _scheduler), Worker("feed-importer", _feed_importer)],
        revocations=revocations,
    )
    app.include_router(
        upload_router(
            table=uploads,
            purposes=UPLOAD_PURPOSES,
            anonymous_purposes={ATTACHMENT_PURPOSE},
            private_purposes={ATTACHMENT_PURPOSE},
            signing_secret=settings.file_signing_secret,
            rate_limits=RateLimitHit.__table__,  # type: ignore[arg-type]
            references=UPLOAD_REFERENCES,
        )
    )
    add_ats_api(app)
    if settings.demo_feeds_dir is not None:
        add_demo_feeds(app, settings.demo_feeds_dir)
    return app
