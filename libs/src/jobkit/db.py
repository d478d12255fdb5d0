"""Async SQLAlchemy helpers: one naming convention, one way to build engines and sessions."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from time import monotonic
from typing import Any

from sqlalchemy import (
    ARRAY,
    MetaData,
    TextClause,
    any_,
    bindparam,
    cast,
    column,
    event,
    exc,
    func,
    text,
)
from sqlalchemy.dialects.postgresql.base import PGDialect
from sqlalchemy.engine.interfaces import DBAPIConnection, Dialect
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection
from sqlalchemy.sql.dml import UpdateBase
from sqlalchemy.sql.schema import ScalarElementColumnDefault
from sqlalchemy.sql.selectable import TableValuedAlias, TextualSelect
from sqlalchemy.types import TypeEngine

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def new_metadata() -> MetaData:
    """Each service owns one MetaData with the shared naming convention."""
    return MetaData(naming_convention=NAMING_CONVENTION)


# A pooled connection idle longer than this is pinged before it is handed out (ADR 0076).
IDLE_PING_AFTER_SECONDS = 30.0
_LAST_USED = "jobkit_last_used"


def make_engine(
    url: str, *, pool_size: int = 5, idle_ping_after: float = IDLE_PING_AFTER_SECONDS
) -> AsyncEngine:
    """The engine of a service's database: its pool hands out no connection the driver knows
    is closed, and pings one only when it has been idle ``idle_ping_after`` seconds (ADR 0076)."""
    engine = create_async_engine(url, pool_size=pool_size, max_overflow=pool_size)
    check_connections_at_checkout(engine, idle_ping_after=idle_ping_after)
    return engine


def check_connections_at_checkout(engine: AsyncEngine, *, idle_ping_after: float) -> None:
    """Replaces SQLAlchemy's pre-ping (a BEGIN, ``;``, ROLLBACK at every checkout).

    A backend ended by the server (a restart, ``pg_terminate_backend``, an idle timeout) closes
    its socket, and asyncpg marks the connection closed when its event loop reads that: such a
    connection is refused at checkout without a round trip. A connection that may have died
    without a word (a firewall's or NAT's idle timeout, a partition: no FIN) is one that sat in
    the pool; only that one, idle past ``idle_ping_after`` seconds, is pinged. Either way a
    ``DisconnectionError`` makes the pool replace the connection and check out again (its
    documented custom pessimistic handling)."""
    pool = engine.sync_engine.pool
    dialect = engine.sync_engine.dialect

    @event.listens_for(pool, "connect")
    def connected(dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry) -> None:
        record.info[_LAST_USED] = monotonic()

    @event.listens_for(pool, "checkin")
    def checked_in(dbapi_connection: DBAPIConnection | None, record: ConnectionPoolEntry) -> None:
        record.info[_LAST_USED] = monotonic()

    @event.listens_for(pool, "checkout")
    def checked_out(
        dbapi_connection: DBAPIConnection,
        record: ConnectionPoolEntry,
        proxy: PoolProxiedConnection,
    ) -> None:
        _refuse_dead(dialect, dbapi_connection, record, idle_ping_after)


def _refuse_dead(
    dialect: Dialect,
    dbapi_connection: DBAPIConnection,
    record: ConnectionPoolEntry,
    idle_ping_after: float,
) -> None:
    if dbapi_connection.driver_connection.is_closed():
        raise exc.DisconnectionError("the server closed the connection")
    idle = monotonic() - record.info.get(_LAST_USED, 0.0)
    if idle <= idle_ping_after:
        return
    try:
        dialect.do_ping(dbapi_connection)
    except Exception as error:
        raise exc.DisconnectionError(f"idle {idle:.0f} s, its ping failed: {error}") from error
    record.info[_LAST_USED] = monotonic()


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


@asynccontextmanager
async def unit_of_work(
    sessions: async_sessionmaker[AsyncSession],
) -> AsyncIterator[AsyncSession]:
    """One transaction: commit when the block succeeds, roll back when it raises.

    Use cases open exactly one of these; repositories and helpers never commit.
    """
    async with sessions() as session, session.begin():
        yield session


def unnested(
    name: str,
    columns: Mapping[str, TypeEngine[Any]],
    rows: Sequence[Mapping[str, Any]] | None = None,
) -> TableValuedAlias:
    """``rows`` as a FROM clause (``unnest(:a, :b, ...) AS name(a, b, ...)``): one array
    parameter per column, so the statement that reads them is compiled and prepared once
    whatever the number of rows, where a multi-row VALUES is compiled (and prepared) anew for
    each number of rows. The rows keep their order.

    Without ``rows`` the arrays are bound when the statement runs (:func:`unnested_parameters`),
    so a statement run for every batch can be built once."""
    arrays = [
        cast(
            bindparam(f"{name}_{key}", [row[key] for row in rows])
            if rows is not None
            else bindparam(f"{name}_{key}"),
            ARRAY(type_),
        )
        for key, type_ in columns.items()
    ]
    return (
        func.unnest(*arrays)
        .table_valued(*(column(key, type_) for key, type_ in columns.items()))
        .render_derived(name=name)
    )


def unnested_parameters(
    name: str, columns: Mapping[str, TypeEngine[Any]], rows: Sequence[Mapping[str, Any]]
) -> dict[str, list[Any]]:
    """The arrays of ``rows`` for :func:`unnested` ``(name, columns)`` built without rows."""
    return {f"{name}_{key}": [row[key] for row in rows] for key in columns}


def any_bound(name: str, type_: TypeEngine[Any]) -> Any:
    """``= ANY(:name)`` for ``column == any_bound(name, type)``, its array bound when the
    statement runs (``{name: values}``): a statement that reads it can be built once, as a
    module's constant (ADR 0074), and its text is the same whatever the number of values."""
    return any_(cast(bindparam(name), ARRAY(type_)))


def any_of(values: Sequence[Any], type_: TypeEngine[Any]) -> Any:
    """``= ANY(:array)`` for ``column == any_of(values, type)``: one array parameter, so the
    statement's text is the same whatever the number of values (an IN list renders one
    parameter per value, a new text, prepared anew, for each length)."""
    return any_(cast(bindparam(None, list(values)), ARRAY(type_)))


# renders ``:name`` placeholders, which text() reads back as its bound parameters
_NAMED_PARAMETERS = PGDialect(paramstyle="named")  # type: ignore[no-untyped-call]


def compiled_once(statement: UpdateBase) -> TextClause | TextualSelect:
    """``statement`` rendered as SQL once, as text that SQLAlchemy's statement cache keeps.

    SQLAlchemy 2.0 caches no PostgreSQL ``INSERT ... ON CONFLICT`` (its ``Insert`` has no cache
    key): such a statement, though built once (ADR 0068), was compiled again every time it ran
    (ADR 0073). The text is the statement's, run with the same parameters by name; what the
    statement fixed itself is bound here (its literal values, and the scalar defaults of the
    columns it leaves to them); its RETURNING columns keep their types. The driver is sent the
    same SQL (``libs/tests/unit/test_compiled_once.py``)."""
    compiled = statement.compile(dialect=_NAMED_PARAMETERS)
    defaults: dict[str, Any] = {}
    for column_ in (*compiled.insert_prefetch, *compiled.update_prefetch):
        default = column_.default
        if not isinstance(default, ScalarElementColumnDefault):
            raise ValueError(f"{column_} has a default computed when the statement runs")
        defaults[column_.key] = default.arg
    parameters = [
        bindparam(name, type_=parameter.type)
        if parameter.required and name not in defaults
        else bindparam(name, defaults.get(name, parameter.effective_value), type_=parameter.type)
        for parameter, name in compiled.bind_names.items()
    ]
    clause = text(compiled.string).bindparams(*parameters)
    returning = list(statement.exported_columns)
    return clause.columns(*returning) if returning else clause
