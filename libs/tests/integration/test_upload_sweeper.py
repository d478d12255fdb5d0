"""jobkit.uploads.sweeper on a real PostgreSQL and a real folder: uploads never attached go after
a day, uploads whose object let go of them go at the next sweep, referenced ones (by a column or
inside a JSONB list) stay, one being attached right now is left alone, and replicas sweeping at
once delete each upload once (ADR 0024)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from jobkit.auth import Principal
from jobkit.db import make_engine, make_sessionmaker, new_metadata
from jobkit.settings import ServiceSettings
from jobkit.testing.database import temporary_database
from jobkit.uploads import LocalDiskStorage, UploadReference, sweep_uploads, usable_upload
from jobkit.uploads import uploads_table as make_uploads_table
from jobkit.uploads.tables import hold_uploads
from sqlalchemy import Column, Table, Uuid, select, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

metadata = new_metadata()
uploads = make_uploads_table(metadata)
things = Table(
    "things",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("logo_upload_id", Uuid, nullable=True),
    Column("gallery", JSONB, nullable=False, server_default="[]"),
)
REFERENCES = (
    UploadReference("things", "logo_upload_id"),
    UploadReference("things", "gallery", key="upload_id"),
)
DAY = timedelta(days=1)
OWNER = str(uuid.uuid4())


@pytest.fixture(scope="module")
async def sessions() -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    settings = ServiceSettings(service_name="sweeper", db_name="sweeper")
    async with temporary_database(settings, metadata=metadata) as url:
        engine = make_engine(url)
        yield make_sessionmaker(engine)
        await engine.dispose()


@pytest.fixture
def storage(tmp_path: Path) -> LocalDiskStorage:
    return LocalDiskStorage(tmp_path)


async def stored(
    sessions: async_sessionmaker[AsyncSession], storage: LocalDiskStorage, *, age: timedelta
) -> uuid.UUID:
    upload_id = uuid.uuid4()
    styles: dict[str, Any] = {}
    for style in ("original", "thumbnail"):
        key = f"{upload_id}/{style}.webp"
        await storage.put(key, b"pixels", "image/webp")
        styles[style] = {"key": key, "width": 1, "height": 1, "media_type": "image/webp"}
    async with sessions() as session, session.begin():
        await session.execute(
            uploads.insert().values(
                id=upload_id,
                owner_id=OWNER,
                kind="image",
                media_type="image/webp",
                filename="a.webp",
                size=6,
                styles=styles,
                purpose="thing_logo",
                created_at=datetime.now(UTC) - age,
            )
        )
    return upload_id


async def present(
    sessions: async_sessionmaker[AsyncSession], storage: LocalDiskStorage, upload_id: uuid.UUID
) -> bool:
    async with sessions() as session:
        row = await session.scalar(select(uploads.c.id).where(uploads.c.id == upload_id))
    files = [storage.path(f"{upload_id}/{s}.webp").exists() for s in ("original", "thumbnail")]
    assert files == [row is not None] * 2, "the row and its files go together"
    return row is not None


async def sweep(sessions: async_sessionmaker[AsyncSession], storage: LocalDiskStorage) -> int:
    return await sweep_uploads(sessions, uploads, REFERENCES, storage=storage, orphan_after=DAY)


async def test_orphans_go_after_a_day_and_let_go_uploads_at_the_next_sweep(
    sessions: async_sessionmaker[AsyncSession], storage: LocalDiskStorage
) -> None:
    fresh = await stored(sessions, storage, age=timedelta(hours=1))
    orphan = await stored(sessions, storage, age=timedelta(days=2))
    logo = await stored(sessions, storage, age=timedelta(days=2))
    pictured = await stored(sessions, storage, age=timedelta(days=2))
    replaced = await stored(sessions, storage, age=timedelta(minutes=5))
    thing = uuid.uuid4()
    async with sessions() as session, session.begin():
        await session.execute(
            things.insert().values(
                id=thing,
                logo_upload_id=logo,
                gallery=[{"upload_id": str(pictured), "alt": "a"}, {"alt": "no file"}],
            )
        )
        await session.execute(
            things.insert().values(id=uuid.uuid4(), gallery=[{"upload_id": str(replaced)}])
        )
    await sweep(sessions, storage)
    assert [await present(sessions, storage, u) for u in (fresh, orphan, logo, pictured)] == [
        True,
        False,
        True,
        True,
    ]
    # the object lets go of its files (the logo removed, the gallery emptied, the other thing
    # deleted): they go at the next sweep, however young
    async with sessions() as session, session.begin():
        await session.execute(
            update(things).where(things.c.id == thing).values(logo_upload_id=None, gallery=[])
        )
        await session.execute(things.delete().where(things.c.id != thing))
    await sweep(sessions, storage)
    assert [await present(sessions, storage, u) for u in (fresh, logo, pictured, replaced)] == [
        True,
        False,
        False,
        False,
    ]


async def test_an_upload_being_attached_is_left_alone(
    sessions: async_sessionmaker[AsyncSession], storage: LocalDiskStorage
) -> None:
    old = await stored(sessions, storage, age=timedelta(days=3))
    principal = Principal(user_id=OWNER, roles=frozenset({"recruiter"}))
    async with sessions() as session, session.begin():
        # a mutation checked the upload and is about to write its reference...
        assert await usable_upload(session, uploads, old, principal=principal) is not None
        await sweep(sessions, storage)  # ...while a replica sweeps
        await session.execute(things.insert().values(id=uuid.uuid4(), logo_upload_id=old))
    await sweep(sessions, storage)
    assert await present(sessions, storage, old)


async def test_replicas_sweeping_at_once_delete_each_upload_once(
    sessions: async_sessionmaker[AsyncSession], storage: LocalDiskStorage
) -> None:
    orphans = [await stored(sessions, storage, age=timedelta(days=2)) for _ in range(30)]
    counts = await asyncio.gather(*(sweep(sessions, storage) for _ in range(3)))
    assert sum(counts) >= len(orphans)
    assert not any([await present(sessions, storage, u) for u in orphans])


async def test_a_write_holds_the_uploads_it_references_and_learns_of_swept_ones(
    sessions: async_sessionmaker[AsyncSession], storage: LocalDiskStorage
) -> None:
    held = await stored(sessions, storage, age=timedelta(days=3))
    gone = await stored(sessions, storage, age=timedelta(days=3))
    async with sessions() as session, session.begin():
        assert await hold_uploads(session, uploads, [str(held)])
        await sweep(sessions, storage)  # sweeps the other one, not the held one
        assert not await hold_uploads(session, uploads, [str(held), str(gone)])
        await session.execute(things.insert().values(id=uuid.uuid4(), logo_upload_id=held))
    assert await present(sessions, storage, held)
    assert not await present(sessions, storage, gone)
