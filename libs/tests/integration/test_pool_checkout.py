"""jobkit.db's pool without SQLAlchemy's pre-ping (ADR 0076): a connection whose backend the server
ended is replaced at checkout without a round trip, so the query that follows succeeds; a
connection idle past the threshold is pinged first, a recently used one is not."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest
from jobkit.db import make_engine
from jobkit.settings import ServiceSettings, database_name
from jobkit.testing.database import temporary_database
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

pytestmark = pytest.mark.integration

PATIENCE = 60.0  # seconds for the server's close to reach the client on a slow machine
SETTINGS = ServiceSettings(service_name="preping")


@pytest.fixture
async def database() -> AsyncIterator[str]:
    async with temporary_database(SETTINGS) as url:
        yield url


async def _pooled_backend(engine: AsyncEngine) -> tuple[int, Any]:
    """The pid of the pool's one connection and its asyncpg connection, back in the pool."""
    async with engine.connect() as connection:
        pid = (await connection.execute(text("SELECT pg_backend_pid()"))).scalar_one()
        driver = (await connection.get_raw_connection()).driver_connection
    return pid, driver


async def _ended_under_the_pool(database: str, pid: int, driver: Any) -> None:
    """Ends the backend ``pid`` (our own test's connection) from another connection and waits
    until its client has read the close, as the pool's connections do after a restart."""
    admin = await asyncpg.connect(SETTINGS.dsn_for(database_name(database)))
    try:
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
    finally:
        await admin.close()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while not driver.is_closed():
        assert loop.time() < deadline, f"the client did not see backend {pid} end"
        await asyncio.sleep(0.01)


async def test_a_backend_ended_under_a_pooled_connection_is_replaced_at_checkout(
    database: str,
) -> None:
    engine = make_engine(database)
    try:
        pid, driver = await _pooled_backend(engine)
        await _ended_under_the_pool(database, pid, driver)

        async with engine.connect() as connection:
            new_pid = (await connection.execute(text("SELECT pg_backend_pid()"))).scalar_one()
        assert new_pid != pid
    finally:
        await engine.dispose()


async def test_without_the_check_the_same_checkout_hands_out_the_dead_connection(
    database: str,
) -> None:
    """The case the check is for: a plain pool without pre-ping fails the next query."""
    engine = create_async_engine(database, pool_size=1)
    try:
        pid, driver = await _pooled_backend(engine)
        await _ended_under_the_pool(database, pid, driver)

        with pytest.raises(DBAPIError) as raised:
            async with engine.connect() as connection:
                await connection.execute(text("SELECT pg_backend_pid()"))
        assert raised.value.connection_invalidated
    finally:
        await engine.dispose()


async def _pings_at_checkouts(engine: AsyncEngine, checkouts: int) -> list[str]:
    """What asyncpg sends for ``checkouts`` checkouts of the pool's one connection, each with a
    statement in autocommit (SQLAlchemy's own BEGIN and ROLLBACK left out)."""
    sent: list[str] = []
    async with engine.connect() as connection:
        driver = (await connection.get_raw_connection()).driver_connection
        driver.add_query_logger(lambda record: sent.append(record.query))
    autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
    for _ in range(checkouts):
        async with autocommit.connect() as connection:
            await connection.execute(text("SELECT 1"))
    await asyncio.sleep(0)  # asyncpg calls its query loggers soon after, not at once
    return sent


async def test_a_connection_idle_past_the_threshold_is_pinged_at_checkout(
    database: str,
) -> None:
    engine = make_engine(database, idle_ping_after=0.0)
    try:
        assert await _pings_at_checkouts(engine, 3) == ["BEGIN;", ";", "ROLLBACK;"] * 3
    finally:
        await engine.dispose()


async def test_a_recently_used_connection_is_handed_out_without_a_round_trip(
    database: str,
) -> None:
    engine = make_engine(database, idle_ping_after=3600.0)
    try:
        assert await _pings_at_checkouts(engine, 3) == []
    finally:
        await engine.dispose()
