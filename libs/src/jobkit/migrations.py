"""Alembic glue: every service's ``migrations/env.py`` calls :func:`run_migrations`."""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic import command, context
from alembic.config import Config
from sqlalchemy import MetaData, pool
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import async_engine_from_config


def alembic_config(service_dir: Path, database_url: str) -> Config:
    config = Config(str(service_dir / "alembic.ini"))
    config.set_main_option("script_location", str(service_dir / "migrations"))
    config.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return config


def upgrade_to_head(service_dir: Path, database_url: str) -> None:
    """Apply the service's migrations (blocking; call it in a worker thread at start-up)."""
    command.upgrade(alembic_config(service_dir, database_url), "head")


def run_migrations(metadata: MetaData, *, default_url: str) -> None:
    """Body of ``env.py``: online migrations over asyncpg, offline SQL when asked."""
    config = context.config
    url = config.get_main_option("sqlalchemy.url") or default_url
    if context.is_offline_mode():
        context.configure(url=url, target_metadata=metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return

    def do_run(connection: Connection) -> None:
        context.configure(connection=connection, target_metadata=metadata, compare_type=True)
        with context.begin_transaction():
            context.run_migrations()

    async def run_async() -> None:
        section = dict(config.get_section(config.config_ini_section) or {})
        section["sqlalchemy.url"] = url
        engine = async_engine_from_config(section, prefix="sqlalchemy.", poolclass=pool.NullPool)
        async with engine.connect() as connection:
            await connection.run_sync(do_run)
        await engine.dispose()

    asyncio.run(run_async())
