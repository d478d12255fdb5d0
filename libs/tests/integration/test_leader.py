"""jobkit.leader against the real PostgreSQL: one replica leads at a time, another takes over
when it stops, and a leader whose work fails lets go of the lock before its connection goes back
to the pool (so a replica, itself included, leads again on another connection)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
from jobkit.db import make_engine
from jobkit.leader import AdvisoryLockLeader
from jobkit.settings import ServiceSettings
from jobkit.testing.database import temporary_database
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

pytestmark = pytest.mark.integration

PATIENCE = 60.0  # seconds for a condition to come true on a slow machine


@pytest.fixture
async def database(run_prefix: str) -> AsyncIterator[str]:
    async with temporary_database(ServiceSettings(service_name="leader")) as url:
        yield url


async def _eventually(check: Callable[[], bool], what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while not check():
        assert loop.time() < deadline, f"not within {PATIENCE:g} s: {what}"
        await asyncio.sleep(0.05)


def _leader(engine: AsyncEngine, name: str) -> AdvisoryLockLeader:
    return AdvisoryLockLeader(
        engine=engine, lock_name="test.leader", name=name, retry_interval=0.05
    )


async def _no_pause(_: Exception) -> None:
    return None


def _working(counts: dict[str, int], name: str) -> Callable[[AsyncConnection], Awaitable[None]]:
    async def lead(connection: AsyncConnection) -> None:
        while True:
            counts[name] += 1
            await AdvisoryLockLeader.still_held(connection)
            await asyncio.sleep(0.01)

    return lead


async def test_one_replica_leads_and_another_takes_over_when_it_stops(database: str) -> None:
    engines = [make_engine(database), make_engine(database)]
    first, second = _leader(engines[0], "first"), _leader(engines[1], "second")
    counts = {"first": 0, "second": 0}
    both: list[bool] = []
    tasks = {
        "first": asyncio.create_task(
            first.run_forever(_working(counts, "first"), after_failure=_no_pause)
        ),
        "second": asyncio.create_task(
            second.run_forever(_working(counts, "second"), after_failure=_no_pause)
        ),
    }
    try:
        await _eventually(lambda: first.is_leader or second.is_leader, "a leader")
        for _ in range(20):  # both keep competing: still one
            both.append(first.is_leader and second.is_leader)
            await asyncio.sleep(0.05)
        assert not any(both)
        leading, waiting = ("first", "second") if first.is_leader else ("second", "first")
        assert counts[waiting] == 0
        tasks[leading].cancel()
        await asyncio.gather(tasks[leading], return_exceptions=True)
        follower = second if waiting == "second" else first
        await _eventually(lambda: follower.is_leader, f"{waiting} taking over")
        await _eventually(lambda: counts[waiting] > 0, f"{waiting} working")
    finally:
        for task in tasks.values():
            task.cancel()
        await asyncio.gather(*tasks.values(), return_exceptions=True)
        for engine in engines:
            await engine.dispose()


async def test_a_leader_whose_work_fails_lets_go_and_leads_again_on_another_connection(
    database: str,
) -> None:
    """Fails if the lock goes back to the pool with its connection: the next connection the
    replica gets could then never take it (nor could any other replica)."""
    engine = make_engine(database)
    # two idle connections in the pool: after the failure the replica gets the other one
    async with engine.connect() as one, engine.connect() as other:
        assert one is not other
    leader = _leader(engine, "failing-once")
    failures: list[Exception] = []
    leading_again = asyncio.Event()
    backends: list[int] = []

    async def lead(connection: AsyncConnection) -> None:
        backends.append(int(await connection.scalar(text("SELECT pg_backend_pid()")) or 0))
        await connection.commit()
        if len(backends) == 1:
            raise RuntimeError("the work failed")
        leading_again.set()
        await asyncio.Event().wait()

    async def after_failure(error: Exception) -> None:
        failures.append(error)

    task = asyncio.create_task(leader.run_forever(lead, after_failure=after_failure))
    try:
        await asyncio.wait_for(leading_again.wait(), timeout=PATIENCE)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await engine.dispose()
    assert [str(error) for error in failures] == ["the work failed"]
    assert len(set(backends)) == 2, "the second lead ran on another connection"
