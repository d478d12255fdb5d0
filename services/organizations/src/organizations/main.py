from fastapi import FastAPI
from jobkit.app import create_service_app
from jobkit.uploads import UploadKind, upload_router

from organizations.db import outbox, uploads
from organizations.graphql.schema import schema
from organizations.settings import SERVICE_DIR, OrganizationsSettings, get_settings

# What organizations take as uploads, and which kinds each accepts.
UPLOAD_PURPOSES = {
    "organization_logo": {UploadKind.IMAGE},
    "organization_image": {UploadKind.IMAGE},
    "organization_document": {UploadKind.PDF},
}


def create_app(settings: OrganizationsSettings | None = None) -> FastAPI:
    app = create_service_app(
        settings=settings or get_settings(),
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
    )
    app.include_router(upload_router(table=uploads, purposes=UPLOAD_PURPOSES))
    return app
