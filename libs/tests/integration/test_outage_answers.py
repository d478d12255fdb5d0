"""A request that fails before any resolver runs because a dependency does not answer (the
token's session looked up while PostgreSQL restarts, ADR 0023) answers 503 with a GraphQL error
``SERVICE_UNAVAILABLE`` and no address, never a bare 500; a bug there stays a 500."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import strawberry
from fastapi import Request
from jobkit.app import ServiceRuntime, create_service_app
from jobkit.db import new_metadata
from jobkit.messaging_tables import add_messaging_tables
from jobkit.schema import build_schema
from jobkit.settings import ServiceSettings, database_name
from jobkit.testing.database import temporary_database
from jobkit.testing.server import serve
from sqlalchemy.exc import OperationalError

pytestmark = pytest.mark.integration

metadata = new_metadata()
outbox, _processed = add_messaging_tables(metadata)


@strawberry.type
class _Query:
    ping: str = "pong"


@pytest.fixture(scope="module")
async def settings() -> AsyncIterator[ServiceSettings]:
    base = ServiceSettings(service_name="outage", db_name="outage")
    async with temporary_database(base, metadata=metadata) as url:
        yield base.model_copy(
            update={
                "db_name": database_name(url),
                "run_migrations_on_startup": False,
                "run_background_workers": False,
                "kafka_topic_prefix": f"t{uuid.uuid4().hex[:8]}.",
            }
        )


def _failing_context(error: Exception) -> Any:
    def context(runtime: ServiceRuntime, request: Request) -> Any:
        async def build() -> None:
            raise error

        return build()

    return context


async def test_a_database_restart_before_the_resolvers_answers_503_service_unavailable(
    settings: ServiceSettings,
) -> None:
    refused = OperationalError(
        "SELECT ended_at FROM sessions", {}, ConnectionRefusedError(111, "('10.0.0.7', 5432)")
    )
    app = create_service_app(
        settings=settings,
        schema=build_schema(query=_Query),
        service_dir=Path("."),
        outbox=outbox,
        context=_failing_context(refused),
    )
    async with serve(app) as url, httpx.AsyncClient() as client:
        answer = await client.post(f"{url}/graphql", json={"query": "{ ping }"})
    assert answer.status_code == 503
    body = answer.json()
    assert body["errors"][0]["extensions"] == {"code": "SERVICE_UNAVAILABLE"}
    assert "10.0.0.7" not in answer.text
    assert "sessions" not in answer.text


async def test_a_bug_before_the_resolvers_stays_an_internal_error(
    settings: ServiceSettings,
) -> None:
    app = create_service_app(
        settings=settings,
        schema=build_schema(query=_Query),
        service_dir=Path("."),
        outbox=outbox,
        context=_failing_context(KeyError("a bug")),
    )
    async with serve(app) as url, httpx.AsyncClient() as client:
        answer = await client.post(f"{url}/graphql", json={"query": "{ ping }"})
    assert answer.status_code == 500
