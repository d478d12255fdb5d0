from fastapi import FastAPI
from jobkit.app import create_service_app
from jobkit.uploads import UploadKind, UploadReference, upload_router

from organizations.db import members, outbox, rate_limit_hits, revocations, uploads
from organizations.domain.contact import ATTACHMENT_PURPOSE
from organizations.domain.events import (
    CONTACT_TOPIC,
    ERASURE_TOPIC,
    EXPORT_TOPIC,
    ORGANIZATION_TOPIC,
    PROFILE_TOPIC,
)
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
# Where organizations' rows name uploads (a profile's pictures, the items of its list groups, the
# contact form's files): what nothing names any more is deleted (jobkit.uploads.sweeper).
UPLOAD_REFERENCES = (
    UploadReference("organization_profiles", "logo_upload_id"),
    UploadReference("organization_profiles", "cover_upload_id"),
    UploadReference("organization_profiles", "contact_persons", key="photo_upload_id"),
    UploadReference("organization_profiles", "gallery", key="upload_id"),
    UploadReference("organization_profiles", "videos", key="cover_upload_id"),
    UploadReference("organization_profiles", "attachments", key="upload_id"),
    UploadReference("contact_attachments", "upload_id"),
)


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
            settings.topic(ERASURE_TOPIC),
            settings.topic(EXPORT_TOPIC),
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
            rate_limits=rate_limit_hits,
            references=UPLOAD_REFERENCES,
        )
    )
    return app
