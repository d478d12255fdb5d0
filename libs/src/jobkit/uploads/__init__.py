"""Uploads shared by the services: content checks, image styles, storage, records and HTTP.

A service that takes files adds ``uploads_table(Base.metadata)`` (and a migration), includes
``upload_router(table=uploads)`` in its app, and references upload ids from its GraphQL mutations
(``usable_upload``). See docs/decisions/0007-uploads.md.
"""

from jobkit.uploads.checks import (
    MAX_UPLOAD_BYTES,
    RejectionCode,
    UploadKind,
    UploadRejected,
)
from jobkit.uploads.http import upload_router
from jobkit.uploads.images import STYLES, ImageStyle
from jobkit.uploads.processing import ProcessedUpload, process, process_upload
from jobkit.uploads.storage import LocalDiskStorage, S3Storage, Storage, storage_from_settings
from jobkit.uploads.sweeper import UploadReference, sweep_uploads
from jobkit.uploads.tables import uploads_table, usable_upload

__all__ = [
    "MAX_UPLOAD_BYTES",
    "STYLES",
    "ImageStyle",
    "LocalDiskStorage",
    "ProcessedUpload",
    "RejectionCode",
    "S3Storage",
    "Storage",
    "UploadKind",
    "UploadReference",
    "UploadRejected",
    "process",
    "process_upload",
    "storage_from_settings",
    "sweep_uploads",
    "upload_router",
    "uploads_table",
    "usable_upload",
]
