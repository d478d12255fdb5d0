"""scripts/backup.py against the real PostgreSQL: a backup taken while a service writes restores
to exactly what its manifest recorded; a damaged or altered backup is refused; a restore puts a
database and the uploads back, and is refused while the database is in use."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from scripts.backup import Postgres, create, restore, verify

pytestmark = pytest.mark.integration


@pytest.fixture
async def database() -> AsyncIterator[str]:
    """A scratch database shaped like a service's: a schema revision and two tables."""
    pg = Postgres.from_settings()
    name = f"backup_test_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(pg.dsn("postgres"))
    await admin.execute(f'CREATE DATABASE "{name}"')
    connection = await asyncpg.connect(pg.dsn(name))
    await connection.execute(
        """
        CREATE TABLE alembic_version (version_num varchar(32) PRIMARY KEY);
        INSERT INTO alembic_version VALUES ('0007_applications');
        CREATE TABLE jobs (id bigserial PRIMARY KEY, title text NOT NULL);
        INSERT INTO jobs (title) SELECT 'Gardener ' || n FROM generate_series(1, 400) AS n;
        CREATE TABLE outbox (id bigserial PRIMARY KEY, payload jsonb NOT NULL);
        """
    )
    await connection.close()
    try:
        yield name
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


async def _write_until(pg: Postgres, database: str, stop: asyncio.Event) -> int:
    """Insert a job and its outbox row per transaction until told to stop, like a service."""
    connection = await asyncpg.connect(pg.dsn(database))
    written = 0
    try:
        while not stop.is_set():
            async with connection.transaction():
                await connection.execute("INSERT INTO jobs (title) VALUES ('Arborist')")
                await connection.execute("INSERT INTO outbox (payload) VALUES ('{}')")
            written += 1
            await asyncio.sleep(0)
    finally:
        await connection.close()
    return written


async def _count(pg: Postgres, database: str, table: str) -> int:
    connection = await asyncpg.connect(pg.dsn(database))
    try:
        return int(await connection.fetchval(f"SELECT count(*) FROM {table}"))
    finally:
        await connection.close()


async def test_a_backup_taken_while_writing_restores_to_its_manifest(
    database: str, tmp_path: Path
) -> None:
    pg = Postgres.from_settings()
    uploads = tmp_path / "uploads"
    (uploads / "organizations").mkdir(parents=True)
    for index in range(3):
        logo = uploads / "organizations" / f"logo-{index}.webp"
        logo.write_bytes(b"RIFF" + bytes([index]) * 64)
    stop = asyncio.Event()
    writer = asyncio.create_task(_write_until(pg, database, stop))
    await asyncio.sleep(0.2)  # the writer is busy before the dump starts
    manifest = await create(pg, tmp_path / "backup", [database], uploads)
    stop.set()
    written = await writer

    entry = manifest["databases"][database]
    assert written > 0
    assert entry["revision"] == "0007_applications"
    counted = entry["tables"]
    # one snapshot: every job written before it has its outbox row, none after it is counted
    assert counted["public.jobs"] == 400 + counted["public.outbox"]
    assert counted["public.outbox"] < await _count(pg, database, "outbox")
    assert manifest["uploads"]["files"] == 3

    assert await verify(pg, tmp_path / "backup") == []

    # the backup is what restores: rows written since are gone, the uploads are back
    async with asyncio.timeout(30):
        problems = await restore(pg, tmp_path / "backup", [database], tmp_path / "restored")
    assert problems == []
    assert await _count(pg, database, "jobs") == counted["public.jobs"]
    restored = sorted(p.name for p in (tmp_path / "restored" / "organizations").iterdir())
    assert restored == ["logo-0.webp", "logo-1.webp", "logo-2.webp"]


async def test_a_damaged_or_altered_backup_is_refused(database: str, tmp_path: Path) -> None:
    pg = Postgres.from_settings()
    backup = tmp_path / "backup"
    await create(pg, backup, [database], None)

    manifest_path = backup / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["databases"][database]["tables"]["public.jobs"] = 401
    manifest_path.write_text(json.dumps(manifest))
    assert await verify(pg, backup) == [
        f"{database}: public.jobs has 400 rows, backup has 401",
    ]

    archive = backup / f"{database}.dump"
    data = bytearray(archive.read_bytes())
    data[len(data) // 2] ^= 0xFF
    archive.write_bytes(bytes(data))
    damaged = f"{database}.dump: SHA-256 differs from the manifest (damaged)"
    assert await verify(pg, backup) == [damaged]
    # a damaged backup never replaces a database
    assert await restore(pg, backup, [database], None) != []
    assert await _count(pg, database, "jobs") == 400


async def test_a_restore_is_refused_while_the_database_is_in_use(
    database: str, tmp_path: Path
) -> None:
    pg = Postgres.from_settings()
    await create(pg, tmp_path / "backup", [database], None)
    service = await asyncpg.connect(pg.dsn(database))
    try:
        with pytest.raises(Exception, match="connection\\(s\\) open; stop the service"):
            await restore(pg, tmp_path / "backup", [database], None)
        assert int(await service.fetchval("SELECT count(*) FROM jobs")) == 400
    finally:
        await service.close()
