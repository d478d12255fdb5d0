from fastapi import FastAPI
from jobkit.app import create_service_app
from jobkit.uploads import UploadKind, upload_router

from organizations.db import members, outbox, revocations, uploads
from organizations.domain.contact import ATTACHMENT_PURPOSE
from organizations.domain.events import CONTACT_TOPIC, ORGANIZATION_TOPIC, PROFILE_TOPIC
from organizations.graphql.schema import schema
from organizations.messaging.consumers import build_consumers
from organizations.settings import SERVICE_DIR, OrganizationsSettings, get_settings

# What organizations take as uploads, and which kinds each accepts.
UPLOAD_PURPOSES = {
    "organization_logo": {UploadKind.IMAGE},
    "organization_image": {UploadKind.IMAGE},
    "organization_document": {UploadKind.PDF},
    # the contact form's files: pdf, jpg, jpeg, png, webp (spec 5); visitors may upload them;
    # always private (only the mailers read them)
    ATTACHMENT_PURPOSE: {UploadKind.PDF, UploadKind.IMAGE},
}


def create_app(settings: OrganizationsSettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    app = create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        memberships=members,
        published_topics=[
            settings.topic(ORGANIZATION_TOPIC),
            settings.topic(PROFILE_TOPIC),
            settings.topic(CONTACT_TOPIC),
        ],
        consumers=build_consumers,
        revocations=revocations,
    )
    app.include_router(
        upload_router(
            table=uploads,
            purposes=UPLOAD_PURPOSES,
            anonymous_purposes={ATTACHMENT_PURPOSE},
            private_purposes={ATTACHMENT_PURPOSE},
        )
    )
    return app
