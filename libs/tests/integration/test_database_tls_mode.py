"""JOBBOARD_PG_SSLMODE reaches both ways the code connects to PostgreSQL: SQLAlchemy's engines
(``database_url_for``, the ``ssl`` parameter) and asyncpg's own connections (``dsn_for``, the
``sslmode`` parameter): "disable" is a plain connection, "require" an encrypted one (the local
cluster offers TLS, as Debian's does by default), unset the driver's "prefer"."""

from __future__ import annotations

import asyncpg
import pytest
from jobkit.db import make_engine
from jobkit.settings import ServiceSettings, driver_dsn
from sqlalchemy import text

pytestmark = pytest.mark.integration

ENCRYPTED = "select ssl from pg_stat_ssl where pid = pg_backend_pid()"


async def _encrypted(settings: ServiceSettings) -> tuple[bool, bool]:
    engine = make_engine(settings.database_url_for("postgres"))
    try:
        async with engine.connect() as connection:
            through_engine = bool((await connection.execute(text(ENCRYPTED))).scalar())
    finally:
        await engine.dispose()
    direct = await asyncpg.connect(settings.dsn_for("postgres"))
    try:
        return through_engine, bool(await direct.fetchval(ENCRYPTED))
    finally:
        await direct.close()


async def test_disable_connects_in_plain_text() -> None:
    settings = ServiceSettings(service_name="tls", db_sslmode="disable")
    assert await _encrypted(settings) == (False, False)


async def test_require_connects_encrypted_when_the_server_offers_it() -> None:
    offers = await asyncpg.connect(ServiceSettings(service_name="tls").dsn_for("postgres"))
    try:
        if await offers.fetchval("show ssl") != "on":
            pytest.skip("this PostgreSQL serves no TLS")
    finally:
        await offers.close()
    settings = ServiceSettings(service_name="tls", db_sslmode="require")
    assert await _encrypted(settings) == (True, True)


def test_the_dsn_names_the_mode_as_libpq_does() -> None:
    settings = ServiceSettings(service_name="tls", db_sslmode="verify-full")
    assert settings.database_url_for("jobs").endswith("/jobs?ssl=verify-full")
    assert settings.dsn_for("jobs").startswith("postgresql://")
    assert settings.dsn_for("jobs").endswith("/jobs?sslmode=verify-full")
    unset = ServiceSettings(service_name="tls", db_sslmode=None)
    assert driver_dsn(unset.database_url_for("jobs")).endswith("/jobs")
