from fastapi import FastAPI
from jobkit.app import create_service_app
from jobkit.uploads import UploadKind, upload_router

from resumes.db import members, outbox, revocations, uploads
from resumes.domain.events import PUBLISHED_TOPICS
from resumes.domain.importing import IMPORT_PURPOSE
from resumes.graphql.schema import schema
from resumes.importing import start_workers
from resumes.messaging.consumers import build_consumers
from resumes.settings import SERVICE_DIR, ResumesSettings, get_settings

# What resumes take as uploads: a CV to import (ADR 0028), checked by content, always private.
UPLOAD_PURPOSES = {IMPORT_PURPOSE: {UploadKind.PDF, UploadKind.DOCX, UploadKind.JSON}}


def create_app(settings: ResumesSettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    # The fork server that reads imported CVs preloads the parsers; started before the upload
    # router's own start, so it is this preload list that counts (resumes.importing.reader).
    start_workers()
    app = create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        memberships=members,
        published_topics=[settings.topic(topic) for topic in PUBLISHED_TOPICS],
        consumers=build_consumers,
        revocations=revocations,
    )
    app.include_router(
        upload_router(
            table=uploads,
            purposes=UPLOAD_PURPOSES,
            private_purposes={IMPORT_PURPOSE},
            # no resume row names an upload: a CV is read once, so each goes after a day
            references=(),
        )
    )
    return app
