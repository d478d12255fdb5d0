"""A PostgreSQL restart under jobkit.db's pool (ADR 0076): the next query through the engine
succeeds, on a new connection. The server is a private cluster of this test's own (initdb and
pg_ctl of the installed PostgreSQL, in a temporary directory, on port 5499), never the shared one;
without those programs the test is skipped."""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from jobkit.db import make_engine
from sqlalchemy import text

pytestmark = pytest.mark.integration

PORT = 5499
PATIENCE = 60.0  # seconds for the server's close to reach the client on a slow machine


def _programs() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if found:
        return Path(found[-1]).parent
    pg_ctl = shutil.which("pg_ctl")
    return Path(pg_ctl).parent if pg_ctl else None


async def _run(*command: str) -> None:
    # initdb refuses to run as root: as root, run the cluster as the OS user postgres
    if os.geteuid() == 0:
        command = ("runuser", "-u", "postgres", "--", *command)
    process = await asyncio.create_subprocess_exec(
        *command, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
    )
    output, _ = await process.communicate()
    assert process.returncode == 0, output.decode(errors="replace")


@pytest.fixture
async def cluster() -> AsyncIterator[tuple[Path, Path, str]]:
    programs = _programs()
    if programs is None:
        pytest.skip("no PostgreSQL programs (initdb, pg_ctl) installed")
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        pytest.skip("running as root without runuser")
    directory = Path(tempfile.mkdtemp(prefix="preping-cluster-"))
    if os.geteuid() == 0:
        shutil.chown(directory, user="postgres")
    data = directory / "data"
    # the server's output to a file, not to the pipe this test reads pg_ctl's answer from
    log = str(directory / "server.log")
    options = f"-p {PORT} -k {directory} -c listen_addresses=127.0.0.1 -c fsync=off"
    try:
        await _run(str(programs / "initdb"), "-D", str(data), "-U", "pool", "--auth=trust")
        await _run(
            str(programs / "pg_ctl"), "-D", str(data), "-l", log, "-o", options, "-w", "start"
        )
        try:
            yield programs, data, log
        finally:
            await _run(str(programs / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
    finally:
        shutil.rmtree(directory, ignore_errors=True)


async def test_the_query_after_a_restart_succeeds_on_a_new_connection(
    cluster: tuple[Path, Path, str],
) -> None:
    programs, data, log = cluster
    engine = make_engine(f"postgresql+asyncpg://pool@127.0.0.1:{PORT}/postgres")
    try:
        async with engine.connect() as connection:
            pid = (await connection.execute(text("SELECT pg_backend_pid()"))).scalar_one()
            driver = (await connection.get_raw_connection()).driver_connection

        await _run(
            str(programs / "pg_ctl"), "-D", str(data), "-l", log, "-m", "fast", "-w", "restart"
        )
        loop = asyncio.get_running_loop()
        deadline = loop.time() + PATIENCE
        while not driver.is_closed():
            assert loop.time() < deadline, "the client did not see the restart"
            await asyncio.sleep(0.01)

        async with engine.connect() as connection:
            new_pid = (await connection.execute(text("SELECT pg_backend_pid()"))).scalar_one()
        assert new_pid != pid
    finally:
        await engine.dispose()
