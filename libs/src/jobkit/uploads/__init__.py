"""Uploads shared by the services: content checks, image styles, storage, records and HTTP.

A service that takes files adds ``uploads_table(Base.metadata)`` (and a migration), includes
``upload_router(table=uploads)`` in its app, and references upload ids from its GraphQL mutations
(``usable_upload``). See docs/decisions/0007-uploads.md.

The names below are imported when first used (PEP 562): a process that needs only the checks and
the image styles (the fork server of ``jobkit.uploads.processing`` and its children) then imports
Pillow without the HTTP endpoints, FastAPI, SQLAlchemy and the storage clients (ADR 0059).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

# name -> the module of this package that defines it
_HOMES = {
    "MAX_UPLOAD_BYTES": "checks",
    "RejectionCode": "checks",
    "UploadKind": "checks",
    "UploadRejected": "checks",
    "upload_router": "http",
    "STYLES": "images",
    "ImageStyle": "images",
    "ProcessedUpload": "processing",
    "process": "processing",
    "process_upload": "processing",
    "LocalDiskStorage": "storage",
    "S3Storage": "storage",
    "Storage": "storage",
    "storage_from_settings": "storage",
    "UploadReference": "sweeper",
    "sweep_uploads": "sweeper",
    "uploads_table": "tables",
    "usable_upload": "tables",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


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
