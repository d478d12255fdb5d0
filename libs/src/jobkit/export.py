"""The export saga (ADR 0038): a person's copy of everything the services keep about them.

identity opens an export request and publishes ``identity.export.requested`` (the export's id,
the person's id and address, the services asked: all of :data:`EXPORTERS` at first, the ones that
have not answered when it asks again). Each service that keeps personal data reads it in an
idempotent consumer through :class:`ExportRequest`, collects what it holds about the person
(:class:`ExportPart`: JSON sections and the original files), writes the part as a zip to the
shared export storage (:func:`export_storage`, under ``<export id>/<service>.zip``) and, in the
consumer's transaction, puts its announcement ``<service>.export.completed``
(:class:`ExportCompletedPayload`: the part's key, size, SHA-256 and counts) in its outbox, on
its own ``<service>.export`` topic keyed by the person's id. The files do not travel on the bus
(a CV is larger than a broker's message limit): the event is the claim check for the part.
identity checks each part against its digest, adds its own and assembles the archive.

The collecting use case lives in the service's domain; :func:`export_handler` is the consumer's
side, the same everywhere.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import re
import zipfile
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from pydantic import Field
from pydantic_core import to_jsonable_python
from sqlalchemy import Table
from sqlalchemy.ext.asyncio import AsyncSession

from jobkit import contracts
from jobkit.contracts import (
    EXPORT_REQUEST_TOPIC,
    EXPORT_REQUESTED,
    EXPORTERS,
    EventView,
    export_completed,
    export_topic,
)
from jobkit.events import EventEnvelope, EventPayload
from jobkit.outbox import enqueue
from jobkit.settings import ServiceSettings
from jobkit.uploads.storage import LocalDiskStorage, S3Storage, Storage

log = logging.getLogger(__name__)

# the actor of the announcements (a system step, not a person)
EXPORT_ACTOR = "system:export"
# the storage namespace every service writes its parts to and identity reads them from
EXPORT_NAMESPACE = "exports"
ARCHIVE_TYPE = "application/zip"

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def export_storage(settings: ServiceSettings) -> Storage:
    """The shared export storage (the claim checks' store): a folder beside the services' upload
    folders, or the ``exports`` prefix of the shared bucket."""
    if settings.upload_storage == "s3":
        return S3Storage(
            endpoint_url=settings.s3_endpoint_url,
            bucket=settings.s3_bucket,
            access_key=settings.s3_access_key,
            secret_key=settings.s3_secret_key.get_secret_value() or None,
            region=settings.s3_region,
            prefix=EXPORT_NAMESPACE,
        )
    return LocalDiskStorage(settings.upload_dir / EXPORT_NAMESPACE)


def part_key(export_id: str, service: str) -> str:
    """Where a service's part of an export is stored."""
    return f"{export_id}/{service}.zip"


def archive_key(export_id: str) -> str:
    """Where the assembled archive is stored."""
    return f"{export_id}/archive.zip"


def safe_name(name: str, *, fallback: str = "file") -> str:
    """A file name that is one plain path segment (the original's letters where it has some)."""
    cleaned = _UNSAFE.sub("-", name).strip(".-")[:120]
    return cleaned or fallback


class ExportRequest(EventView):
    """``identity.export.requested`` as a service reads it: which export, whose data (the
    account's id, and its address for what a service keeps by address), and which services are
    asked (empty: every one)."""

    export_id: str
    user_id: str
    email: str | None = None
    services: list[str] = Field(default_factory=list)

    def asks(self, service: str) -> bool:
        return not self.services or service in self.services


class ExportCompletedPayload(EventPayload):
    """A service stored its part of an export: where (``key`` in the export storage), how large,
    its SHA-256 (identity refuses a part that does not match) and how many items of each kind it
    holds. Each service subclasses it with its own ``event_type`` and ``topic``
    (``<service>.export.completed`` on ``<service>.export``)."""

    export_id: str
    user_id: str
    key: str
    size: int
    sha256: str
    counts: dict[str, int] = Field(default_factory=dict)


class ExportCompleted(EventView):
    """An announcement as identity reads it."""

    export_id: str
    user_id: str
    key: str
    size: int
    sha256: str
    counts: dict[str, int] = Field(default_factory=dict)


class ExportPart:
    """What a service holds about a person: JSON sections by kind (lists of records) and the
    original files. ``data.json`` of the part has every section; the files go beside it under
    ``files/`` and the records name them by their path in the archive."""

    def __init__(self, service: str) -> None:
        self.service = service
        self.sections: dict[str, Any] = {}
        self.files: list[tuple[str, bytes]] = []
        self._names: set[str] = set()

    def add(self, kind: str, records: list[Any] | dict[str, Any]) -> None:
        """A section (records are JSON-able: dates, ids and decimals are written as strings)."""
        self.sections[kind] = to_jsonable_python(records)

    def file(self, name: str, data: bytes) -> str:
        """An original file, under a unique safe name; its path in the archive (for the record
        that refers to it)."""
        base = safe_name(name)
        candidate, number = base, 1
        while candidate in self._names:
            number += 1
            stem, dot, extension = base.rpartition(".")
            candidate = f"{stem}-{number}.{extension}" if dot else f"{base}-{number}"
        self._names.add(candidate)
        self.files.append((candidate, data))
        return f"{self.service}/files/{candidate}"

    def counts(self) -> dict[str, int]:
        found = {
            kind: len(records) if isinstance(records, list) else 1
            for kind, records in self.sections.items()
            if records
        }
        if self.files:
            found["files"] = len(self.files)
        return found

    def to_zip(self) -> bytes:
        """The part as a zip: ``<service>/data.json`` and ``<service>/files/...`` (CPU-bound:
        call it in a worker thread)."""
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            document = {"service": self.service, **self.sections}
            archive.writestr(
                f"{self.service}/data.json",
                json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True),
            )
            for name, data in self.files:
                archive.writestr(f"{self.service}/files/{name}", data)
        return buffer.getvalue()


Collect = Callable[[AsyncSession, ExportRequest], Awaitable[ExportPart]]
ExportHandler = Callable[[AsyncSession, EventEnvelope], Awaitable[None]]


def export_handler(
    *,
    service: str,
    settings: ServiceSettings,
    outbox: Table,
    completed: type[ExportCompletedPayload],
    collect: Collect,
    storage: Storage | None = None,
) -> ExportHandler:
    """The consumer's handler of ``identity.export.requested``: when the request asks this
    service, ``collect(session, request)``, store the part, then the announcement in the outbox
    of the consumer's transaction. Handling a request again stores the part again (the same
    key) and announces it again; identity keeps the latest announcement."""
    store = storage or export_storage(settings)

    async def handle(session: AsyncSession, event: EventEnvelope) -> None:
        request = ExportRequest.model_validate(event.payload)
        if not request.asks(service):
            return
        part = await collect(session, request)
        data = await asyncio.to_thread(part.to_zip)
        key = part_key(request.export_id, service)
        await store.put(key, data, ARCHIVE_TYPE)
        payload = completed(
            export_id=request.export_id,
            user_id=request.user_id,
            key=key,
            size=len(data),
            sha256=hashlib.sha256(data).hexdigest(),
            counts=part.counts(),
        )
        envelope = payload.envelope(
            aggregate_id=request.user_id, site=event.site, actor=EXPORT_ACTOR
        )
        await enqueue(session, outbox, topic=settings.topic(completed.topic), event=envelope)
        log.info(
            "exported a person's data",
            extra={"fields": {"service": service, "counts": payload.counts, "size": len(data)}},
        )

    return handle


def export_reads(group: str) -> contracts.Reads:
    """The READS entry of a service's export consumer group."""
    return contracts.Reads(group, EXPORT_REQUEST_TOPIC, (EXPORT_REQUESTED,), ExportRequest)


def announcement_topics() -> Mapping[str, str]:
    """Each exporter's announcement topic (unprefixed), by service."""
    return {service: export_topic(service) for service in EXPORTERS}


__all__ = [
    "ARCHIVE_TYPE",
    "EXPORTERS",
    "EXPORT_ACTOR",
    "ExportCompleted",
    "ExportCompletedPayload",
    "ExportPart",
    "ExportRequest",
    "announcement_topics",
    "archive_key",
    "export_completed",
    "export_handler",
    "export_reads",
    "export_storage",
    "export_topic",
    "part_key",
    "safe_name",
]
