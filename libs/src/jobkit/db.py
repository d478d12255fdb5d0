"""Async SQLAlchemy helpers: one naming convention, one way to build engines and sessions."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import ARRAY, MetaData, any_, bindparam, cast, column, func
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.sql.selectable import TableValuedAlias
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


def make_engine(url: str, *, pool_size: int = 5) -> AsyncEngine:
    return create_async_engine(url, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True)


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
