"""Helpers of the services' export tests (ADR 0038): the request handled the way the consumer
does (one transaction per delivery, committed), the announcements it left in the outbox, and the
part it stored, opened."""

from __future__ import annotations

import io
import json
import uuid
import zipfile
from typing import Any

from sqlalchemy import Table, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobkit import contracts
from jobkit.events import EventEnvelope
from jobkit.uploads.storage import Storage


def export_event(
    user_id: str,
    *,
    email: str | None = None,
    services: list[str] | None = None,
    export_id: str | None = None,
) -> EventEnvelope:
    """``identity.export.requested`` as identity publishes it (every exporter asked by default)."""
    return EventEnvelope(
        type=contracts.EXPORT_REQUESTED,
        aggregate_id=user_id,
        site="jobboard",
        payload={
            "export_id": export_id or str(uuid.uuid4()),
            "user_id": user_id,
            "email": email,
            "services": list(contracts.EXPORTERS) if services is None else services,
        },
    )


async def announcements(
    sessions: async_sessionmaker[AsyncSession], outbox: Table, *, service: str, user_id: str
) -> list[EventEnvelope]:
    """The service's export announcements for the person, oldest first."""
    async with sessions() as session:
        bodies = await session.scalars(
            select(outbox.c.body)
            .where(
                outbox.c.key == user_id,
                outbox.c.event_type == contracts.export_completed(service),
                outbox.c.topic.endswith(contracts.export_topic(service)),
            )
            .order_by(outbox.c.id)
        )
        return [EventEnvelope.from_bytes(body) for body in bodies]


async def opened_part(storage: Storage, key: str) -> tuple[dict[str, Any], dict[str, bytes]]:
    """A stored part: its data.json, and its files by their path in the archive."""
    data = await storage.get(key)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        [document] = [name for name in names if name.endswith("/data.json")]
        files = {name: archive.read(name) for name in names if "/files/" in name}
        return json.loads(archive.read(document)), files
