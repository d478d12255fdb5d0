"""A database per test run, migrated once, and a rolled-back transaction per test."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
from sqlalchemy import MetaData
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from jobkit.db import make_engine
from jobkit.migrations import upgrade_to_head
from jobkit.settings import ServiceSettings


@asynccontextmanager
async def temporary_database(
    settings: ServiceSettings,
    *,
    service_dir: Path | None = None,
    metadata: MetaData | None = None,
) -> AsyncIterator[str]:
    """Create ``test_<service>_<hex>``, migrate it (Alembic, or ``create_all``), drop it after."""
    name = f"test_{settings.db_name or settings.service_name}_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(settings.dsn_for("postgres"))
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    url = settings.database_url_for(name)
    try:
        if service_dir is not None:
            await asyncio.to_thread(upgrade_to_head, service_dir, url)
        elif metadata is not None:
            engine = make_engine(url)
            async with engine.begin() as connection:
                await connection.run_sync(metadata.create_all)
            await engine.dispose()
        yield url
    finally:
        await _drop(settings, name)


async def _drop(settings: ServiceSettings, name: str, attempts: int = 20) -> None:
    """Drop the database, ending our own connections to it. A server process we may not end
    (an autovacuum worker visiting the new database belongs to the superuser) makes the forced
    drop fail; it is gone in a moment, so try again."""
    admin = await asyncpg.connect(settings.dsn_for("postgres"))
    try:
        for attempt in range(attempts):
            try:
                await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                return
            except (asyncpg.InsufficientPrivilegeError, asyncpg.ObjectInUseError):
                if attempt == attempts - 1:
                    raise
                await asyncio.sleep(0.25)
    finally:
        await admin.close()


@asynccontextmanager
async def rolled_back_sessions(
    engine: AsyncEngine,
) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    """Sessions bound to one outer transaction that is rolled back at the end.

    Use cases still ``commit``: with ``create_savepoint`` their transactions become savepoints
    inside the outer one, so each test leaves the database as it found it.
    """
    async with engine.connect() as connection:
        transaction = await connection.begin()
        try:
            yield async_sessionmaker(
                bind=connection,
                expire_on_commit=False,
                join_transaction_mode="create_savepoint",
            )
        finally:
            await transaction.rollback()
