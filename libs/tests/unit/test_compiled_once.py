"""A PostgreSQL INSERT ... ON CONFLICT kept as its SQL text (jobkit.db.compiled_once, ADR 0073):
SQLAlchemy 2.0 gives such a statement no cache key, so it was compiled again each time it ran;
the text has one, and sends the driver the same SQL with the same parameters."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from jobkit.db import compiled_once, unnested, unnested_parameters
from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    Uuid,
    func,
    literal,
    select,
)
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.dialects.postgresql.asyncpg import PGDialect_asyncpg
from sqlalchemy.sql import ClauseElement

metadata = MetaData()
ledger = Table(
    "ledger",
    metadata,
    Column("consumer_group", String(200), primary_key=True),
    Column("event_id", Uuid(), primary_key=True),
    Column("event_type", String(200), nullable=False),
    Column("processed_at", DateTime(timezone=True), server_default=func.now()),
)
routes = Table(
    "routes",
    metadata,
    Column("slug", String(500), primary_key=True),
    Column("version", Integer(), nullable=False),
    Column("gone", Boolean(), nullable=False, default=False),  # a default the INSERT leaves out
    Column("target", String(500)),
)
LEDGER_COLUMNS = {"event_id": Uuid(), "event_type": String()}
ROUTE_COLUMNS = {"slug": String(), "version": Integer()}


def _ledger_insert() -> Any:
    rows = unnested("rows", LEDGER_COLUMNS)
    return (
        insert(ledger)
        .from_select(
            ["consumer_group", "event_id", "event_type"],
            select(literal("the-group", String()), rows.c.event_id, rows.c.event_type),
        )
        .on_conflict_do_nothing()
        .returning(ledger.c.event_id)
    )


def _routes_upsert() -> Any:
    fresh = insert(routes).from_select(
        list(ROUTE_COLUMNS), select(unnested("fresh", ROUTE_COLUMNS))
    )
    return fresh.on_conflict_do_update(
        index_elements=[routes.c.slug],
        set_={"version": fresh.excluded.version, "target": None, "gone": False},
    )


def _sent(statement: ClauseElement, parameters: dict[str, Any]) -> tuple[str, Any]:
    """The SQL and the positional parameters the asyncpg dialect sends for ``statement``."""
    compiled = statement.compile(dialect=PGDialect_asyncpg())
    values = compiled.construct_params(parameters)
    return compiled.string, [values[name] for name in compiled.positiontup or ()]


def test_on_conflict_is_not_cached_by_sqlalchemy_but_its_text_is() -> None:
    for statement in (_ledger_insert(), _routes_upsert()):
        assert statement._generate_cache_key() is None
        assert compiled_once(statement)._generate_cache_key() is not None


def test_the_text_sends_the_same_sql_and_parameters() -> None:
    ids = [uuid.uuid4(), uuid.uuid4()]
    rows = [{"event_id": ids[0], "event_type": "a"}, {"event_id": ids[1], "event_type": "b"}]
    parameters = unnested_parameters("rows", LEDGER_COLUMNS, rows)
    statement = _ledger_insert()
    assert _sent(compiled_once(statement), parameters) == _sent(statement, parameters)
    assert list(compiled_once(statement).selected_columns) == [ledger.c.event_id]

    paths = [{"slug": "a-job", "version": 3}]
    parameters = unnested_parameters("fresh", ROUTE_COLUMNS, paths)
    statement = _routes_upsert()
    sql, values = _sent(compiled_once(statement), parameters)
    plain_sql, plain_values = _sent(statement, parameters)
    assert sql == plain_sql
    # the first is the default of the column the INSERT leaves out, which SQLAlchemy's
    # execution fills in when the plain statement runs: the text has it bound
    assert sql.startswith("INSERT INTO routes (slug, version, gone) SELECT")
    assert (values[0], plain_values[0]) == (False, None)
    assert values[1:] == plain_values[1:] == [["a-job"], [3], False, None]


def test_a_default_computed_when_the_statement_runs_is_refused() -> None:
    table = Table(
        "stamped",
        MetaData(),
        Column("id", Integer(), primary_key=True),
        Column("token", String(), default=lambda: uuid.uuid4().hex),
    )
    statement = insert(table).values(id=1).on_conflict_do_nothing()
    with pytest.raises(ValueError, match="computed when the statement runs"):
        compiled_once(statement)
