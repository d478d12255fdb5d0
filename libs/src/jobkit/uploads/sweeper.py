"""Uploads nothing refers to are deleted, rows and stored files (ADR 0024).

A service declares where its rows name uploads (:class:`UploadReference`: a uuid column, or a
JSONB list of objects with an upload id under a key). The sweeper then, every
``upload_sweep_interval_seconds``:

1. marks ``attached_at`` on every upload some row refers to (once: it was attached);
2. deletes the uploads no row refers to that were attached before (their object was deleted, or
   the file replaced or removed from it: gone at the next sweep) or that are older than
   ``upload_orphan_seconds`` without ever being attached (a form left half-filled): their stored
   styles first, then the row, in one transaction per batch.

Replicas may sweep at the same time: candidates are locked ``FOR UPDATE SKIP LOCKED`` and checked
again for references after the lock, in a statement of its own (a fresh snapshot), so an upload a
mutation is attaching right now is either locked by that mutation (``usable_upload`` holds a key
share lock on it until its commit) or already seen referenced. Deleting a stored object twice is
harmless.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Table, or_, select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobkit.uploads.storage import Storage

log = logging.getLogger(__name__)

BATCH = 200


@dataclass(frozen=True)
class UploadReference:
    """Rows of ``table`` that name uploads: ``column`` holds an upload id, or, with ``key``,
    ``column`` is a JSONB list of objects whose ``key`` holds one. Names come from code, never
    from input."""

    table: str
    column: str
    key: str | None = None

    def ids(self) -> str:
        """SQL selecting the upload ids referred to, as text (no nulls)."""
        if self.key is None:
            return (
                f"SELECT {self.column}::text AS id FROM {self.table} "
                f"WHERE {self.column} IS NOT NULL"
            )
        items = (
            f"jsonb_array_elements(CASE WHEN jsonb_typeof({self.table}.{self.column}) = 'array' "
            f"THEN {self.table}.{self.column} ELSE '[]'::jsonb END)"
        )
        return (
            f"SELECT item->>'{self.key}' AS id FROM {self.table} CROSS JOIN LATERAL {items} "
            f"AS item WHERE item->>'{self.key}' IS NOT NULL"
        )


def _referenced(references: Sequence[UploadReference]) -> str:
    if not references:  # nothing ever names an upload: each goes when it is old enough
        return "SELECT NULL::text AS id WHERE false"
    return " UNION ".join(reference.ids() for reference in references)


async def sweep_uploads(
    sessions: async_sessionmaker[AsyncSession],
    table: Table,
    references: Sequence[UploadReference],
    *,
    storage: Storage,
    orphan_after: timedelta,
    now: datetime | None = None,
) -> int:
    """One sweep: marks attached uploads, deletes the unreferenced ones due; how many went."""
    now = now or datetime.now(UTC)
    name = table.name
    referenced = _referenced(references)
    async with sessions() as session, session.begin():
        await session.execute(
            text(
                f"UPDATE {name} SET attached_at = :now WHERE attached_at IS NULL "
                f"AND id::text IN (SELECT id FROM ({referenced}) AS referenced)"
            ),
            {"now": now},
        )
    deleted = 0
    while True:
        looked, went = await _delete_batch(
            sessions, table, referenced, storage=storage, cutoff=now - orphan_after
        )
        deleted += went
        if looked < BATCH or not went:
            return deleted


async def _delete_batch(
    sessions: async_sessionmaker[AsyncSession],
    table: Table,
    referenced: str,
    *,
    storage: Storage,
    cutoff: datetime,
) -> tuple[int, int]:
    """(candidates looked at, uploads deleted) of one batch."""
    name = table.name
    async with sessions() as session, session.begin():
        candidates = (
            await session.execute(
                text(
                    f"SELECT id, styles FROM {name} "
                    "WHERE (attached_at IS NOT NULL OR created_at < :cutoff) "
                    f"AND id::text NOT IN (SELECT id FROM ({referenced}) AS referenced) "
                    "ORDER BY created_at LIMIT :batch FOR UPDATE SKIP LOCKED"
                ),
                {"cutoff": cutoff, "batch": BATCH},
            )
        ).all()
        if not candidates:
            return 0, 0
        # Locked now; a reference committed since the statement above began shows here.
        ids = [str(row.id) for row in candidates]
        still = set(
            (
                await session.execute(
                    text(f"SELECT id FROM ({referenced}) AS referenced WHERE id = ANY(:ids)"),
                    {"ids": ids},
                )
            ).scalars()
        )
        doomed = [row for row in candidates if str(row.id) not in still]
        for row in doomed:
            for key in _keys(row.styles):
                await storage.delete(key)  # a failure rolls back: the row stays, retried later
        await session.execute(table.delete().where(table.c.id.in_([row.id for row in doomed])))
    if doomed:
        log.info("deleted %d unreferenced uploads", len(doomed))
    return len(candidates), len(doomed)


def _keys(styles: Any) -> list[str]:
    return [style["key"] for style in (styles or {}).values() if style.get("key")]


async def run_upload_sweeper(
    sessions: async_sessionmaker[AsyncSession],
    table: Table,
    references: Sequence[UploadReference],
    *,
    storage: Storage,
    orphan_after: timedelta,
    interval_seconds: float,
) -> None:
    """Sweep every ``interval_seconds`` until cancelled; a failed sweep is logged and retried at
    the next one."""
    while True:
        try:
            await sweep_uploads(
                sessions, table, references, storage=storage, orphan_after=orphan_after
            )
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the upload sweep failed; trying again in %.0f s", interval_seconds)
        await asyncio.sleep(interval_seconds)


async def erase_uploads(
    session: AsyncSession,
    table: Table,
    *,
    storage: Storage,
    owner_id: str | None = None,
    upload_ids: Sequence[object] = (),
) -> int:
    """A person's erasure (ADR 0036): the uploads they made (``owner_id``) and the ones named
    (files of rows being erased, whoever uploaded them) are deleted now, stored styles first,
    then the rows, in the caller's transaction; how many went. Deleting a stored object twice is
    harmless, so a transaction that rolls back after this is simply done again."""
    ids = [str(upload_id) for upload_id in upload_ids]
    clauses = []
    if owner_id is not None:
        clauses.append(table.c.owner_id == owner_id)
    if ids:
        clauses.append(table.c.id.in_([uuid.UUID(upload_id) for upload_id in ids]))
    if not clauses:
        return 0
    rows = (
        await session.execute(
            select(table.c.id, table.c.styles).where(or_(*clauses)).with_for_update()
        )
    ).all()
    for row in rows:
        for key in _keys(row.styles):
            await storage.delete(key)
    if rows:
        await session.execute(table.delete().where(table.c.id.in_([row.id for row in rows])))
    return len(rows)
