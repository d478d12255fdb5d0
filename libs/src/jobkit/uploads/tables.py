"""The uploads table a service that takes files adds to its metadata (its migrations create it)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Index,
    MetaData,
    Row,
    String,
    Table,
    Uuid,
    func,
    select,
    text,
)
from sqlalchemy.ext.asyncio import AsyncSession

from jobkit.auth import Principal


def uploads_table(metadata: MetaData) -> Table:
    """One row per accepted upload; ``styles`` maps a style name to
    ``{"key", "width", "height", "media_type"}`` (width and height are null for PDFs)."""
    return Table(
        "uploads",
        metadata,
        Column("id", Uuid, primary_key=True),
        # The uploader (the bearer token's subject); GraphQL mutations that reference an upload
        # check it is the caller's (or the caller is admin-like).
        Column("owner_id", String(64), nullable=False),
        Column("kind", String(10), nullable=False),  # image | pdf
        Column("media_type", String(100), nullable=False),  # of the stored original
        # Sanitized; only ever used for Content-Disposition, never for a path or a key.
        Column("filename", String(255), nullable=False),
        Column("size", BigInteger, nullable=False),  # bytes received
        Column("styles", JSON, nullable=False),
        Column("private", Boolean, nullable=False, server_default=text("false")),
        Column("purpose", String(64), nullable=False),
        Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
        # When the sweeper first saw a row refer to it: once nothing does any more, it goes at
        # the next sweep; never attached, a day after created_at (jobkit.uploads.sweeper).
        Column("attached_at", DateTime(timezone=True), nullable=True),
        Index("ix_uploads_owner_id", "owner_id"),
    )


async def usable_upload(
    session: AsyncSession,
    table: Table,
    upload_id: object,
    *,
    principal: Principal,
    purpose: str | None = None,
) -> Row[Any] | None:
    """The upload a mutation may reference (``logoUploadId``...): it exists, has the purpose
    asked for, and was uploaded by the caller (or the caller is admin-like); None otherwise.
    The row is key-share locked until the caller's transaction ends, so the sweeper cannot
    delete it while the reference to it is being written."""
    try:
        key = uuid.UUID(str(upload_id))
    except ValueError:
        return None
    row = (
        await session.execute(
            select(table).where(table.c.id == key).with_for_update(read=True, key_share=True)
        )
    ).first()
    if row is None or (purpose is not None and row.purpose != purpose):
        return None
    return row if principal.can_act_on(row.owner_id) else None


async def hold_uploads(session: AsyncSession, table: Table, upload_ids: Sequence[object]) -> bool:
    """Key-share locks the uploads a write is about to reference, until its transaction ends (the
    sweeper skips them), and answers whether every one still exists: checked earlier in another
    transaction, an old one may have been swept since."""
    keys = {uuid.UUID(str(upload_id)) for upload_id in upload_ids}
    if not keys:
        return True
    found = (
        await session.scalars(
            select(table.c.id)
            .where(table.c.id.in_(keys))
            .with_for_update(read=True, key_share=True)
        )
    ).all()
    return set(found) == keys
