"""jobkit.audit: a mutation made with a masquerade token is recorded in the outbox before it runs,
with its outcome after; without a way to record it, it does not run at all."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator

import pytest
import strawberry
from jobkit.audit import AUDIT_UNAVAILABLE, client_operation_name
from jobkit.auth import Principal
from jobkit.db import make_engine, make_sessionmaker, new_metadata
from jobkit.graphql import ServiceContext
from jobkit.messaging_tables import add_messaging_tables
from jobkit.schema import build_schema
from jobkit.settings import ServiceSettings
from jobkit.testing.database import temporary_database
from sqlalchemy import Table, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

metadata = new_metadata()
outbox, _ = add_messaging_tables(metadata)
writes: list[str] = []


@strawberry.type
class Query:
    ping: str = "pong"


@strawberry.type
class Mutation:
    @strawberry.mutation
    def rename(self, name: str) -> str:
        writes.append(name)
        return name


schema = build_schema(query=Query, mutation=Mutation)


@pytest.fixture(scope="module")
async def sessions() -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    settings = ServiceSettings(service_name="audit", db_name="audit")
    async with temporary_database(settings, metadata=metadata) as url:
        engine = make_engine(url)
        yield make_sessionmaker(engine)
        await engine.dispose()


def _context(
    sessions: async_sessionmaker[AsyncSession], principal: Principal, box: Table | None
) -> ServiceContext:
    return ServiceContext(
        sessions=sessions,
        settings=ServiceSettings(service_name="audited"),
        principal=principal,
        auth_error=None,
        outbox=box,
    )


async def _audit_events(sessions: async_sessionmaker[AsyncSession]) -> list[dict[str, object]]:
    async with sessions() as session:
        rows = await session.execute(select(outbox.c.body).order_by(outbox.c.id))
        return [json.loads(body) for (body,) in rows]


def _masquerading() -> Principal:
    return Principal(
        user_id=str(uuid.uuid4()),
        roles=frozenset({"applicant"}),
        masqueraded=True,
        actor_id=str(uuid.uuid4()),
    )


async def test_a_masqueraded_mutation_is_recorded_before_and_after(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    principal = _masquerading()
    result = await schema.execute(
        "mutation Go($n: String!) { rename(name: $n) }",
        variable_values={"n": "secret value"},
        operation_name="Go",
        context_value=_context(sessions, principal, outbox),
    )
    assert result.errors is None
    assert result.data == {"rename": "secret value"}
    events = [e for e in await _audit_events(sessions) if e["actor"] == principal.actor_id]
    assert [e["type"] for e in events] == [
        "audit.masquerade.write_attempted",
        "audit.masquerade.write_finished",
    ]
    attempted, finished = (e["payload"] for e in events)
    assert attempted["admin_id"] == principal.actor_id  # type: ignore[index]
    assert attempted["user_id"] == principal.user_id  # type: ignore[index]
    assert attempted["fields"] == ["rename"]  # type: ignore[index]
    assert attempted["variables"] == ["n"]  # type: ignore[index]
    assert "secret value" not in json.dumps(events)
    assert finished["outcome"] == "succeeded"  # type: ignore[index]


async def test_reads_and_ordinary_writes_are_not_recorded(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    before = len(await _audit_events(sessions))
    masquerading = _masquerading()
    await schema.execute("{ ping }", context_value=_context(sessions, masquerading, outbox))
    own = Principal(user_id=str(uuid.uuid4()), roles=frozenset({"applicant"}))
    await schema.execute(
        'mutation { rename(name: "x") }', context_value=_context(sessions, own, outbox)
    )
    assert len(await _audit_events(sessions)) == before


async def test_a_write_that_cannot_be_recorded_does_not_run(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    writes.clear()
    result = await schema.execute(
        'mutation { rename(name: "unrecorded") }',
        context_value=_context(sessions, _masquerading(), None),
    )
    assert writes == []
    assert result.errors is not None
    assert result.errors[0].message == AUDIT_UNAVAILABLE
    assert result.errors[0].extensions == {"code": "FORBIDDEN"}


def test_the_gateways_suffix_is_taken_off_the_operation_name() -> None:
    assert client_operation_name("SaveJob__identity__0") == "SaveJob"
    assert client_operation_name("Save__Job__jobs__12") == "Save__Job"
    assert client_operation_name("Plain") == "Plain"
    assert client_operation_name(None) is None
