"""Background workers declared at create_service_app: started with the service when it runs
background workers (beside the relay and the consumers), cancelled when it stops, not started
otherwise. Real PostgreSQL (a temporary database) and Kafka (the relay's)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import strawberry
from fastapi import FastAPI
from jobkit.app import ServiceRuntime, Worker, create_service_app
from jobkit.db import new_metadata
from jobkit.messaging_tables import add_messaging_tables
from jobkit.schema import build_schema
from jobkit.settings import ServiceSettings, database_name
from jobkit.testing.database import temporary_database
from jobkit.testing.server import serve

pytestmark = pytest.mark.integration

metadata = new_metadata()
outbox, _processed = add_messaging_tables(metadata)


@strawberry.type
class _Query:
    ping: str = "pong"


@pytest.fixture(scope="module")
async def settings() -> AsyncIterator[ServiceSettings]:
    base = ServiceSettings(service_name="workers", db_name="workers")
    async with temporary_database(base, metadata=metadata) as url:
        yield base.model_copy(
            update={
                "db_name": database_name(url),
                "run_migrations_on_startup": False,
                "kafka_topic_prefix": f"t{uuid.uuid4().hex[:8]}.",
            }
        )


class Ticker:
    """A worker that says when it runs and when it is cancelled."""

    def __init__(self) -> None:
        self.runtime: ServiceRuntime | None = None
        self.running = asyncio.Event()
        self.cancelled = False

    async def run(self, runtime: ServiceRuntime) -> None:
        self.runtime = runtime
        self.running.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cancelled = True
            raise


def app_with(settings: ServiceSettings, ticker: Ticker) -> FastAPI:
    return create_service_app(
        settings=settings,
        schema=build_schema(query=_Query),
        service_dir=Path("."),
        outbox=outbox,
        workers=[Worker("ticker", ticker.run)],
    )


async def test_a_declared_worker_runs_with_the_service_and_stops_with_it(
    settings: ServiceSettings,
) -> None:
    ticker = Ticker()
    app = app_with(settings.model_copy(update={"run_background_workers": True}), ticker)
    async with serve(app):
        await asyncio.wait_for(ticker.running.wait(), timeout=30)
        runtime: ServiceRuntime = app.state.runtime
        assert ticker.runtime is runtime
        assert "ticker" in [task.get_name() for task in runtime.tasks]
        assert not ticker.cancelled
    assert ticker.cancelled


async def test_no_worker_runs_where_the_service_runs_no_background_workers(
    settings: ServiceSettings,
) -> None:
    ticker = Ticker()
    app = app_with(settings.model_copy(update={"run_background_workers": False}), ticker)
    async with serve(app):
        runtime: ServiceRuntime = app.state.runtime
        assert runtime.tasks == []
    assert ticker.runtime is None
    assert not ticker.running.is_set()
