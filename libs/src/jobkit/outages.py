"""Telling a dependency's outage from a bug or a bad input.

A service's database restarting, Elasticsearch down, a mail server refusing: the work is good and
can succeed later. The idempotent consumer then holds its partition instead of dead-lettering
(:mod:`jobkit.consumer`), and a request answers ``SERVICE_UNAVAILABLE`` (503 when it fails before
GraphQL runs) instead of an internal error (:mod:`jobkit.schema`, :mod:`jobkit.app`).
"""

from __future__ import annotations

import asyncpg
from sqlalchemy.exc import DBAPIError

SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE"
SERVICE_UNAVAILABLE_MESSAGE = "This is unavailable right now; please try again in a moment."


class DependencyUnavailable(Exception):
    """Raised by a handler when something its effect needs does not answer (a server is down or
    restarting): the event is good and waits; it is never dead-lettered for this."""


def dependency_unavailable(error: BaseException) -> bool:
    """Whether ``error`` (or what caused it) says a dependency does not answer, rather than that
    the event cannot be applied: a refused or dropped connection, a timeout, PostgreSQL
    restarting or shutting down, or :class:`DependencyUnavailable`."""
    seen: set[int] = set()
    todo: list[BaseException] = [error]
    while todo:
        current = todo.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, _UNAVAILABLE):
            return True
        if isinstance(current, DBAPIError):
            if current.connection_invalidated:
                return True
            if isinstance(current.orig, BaseException):
                todo.append(current.orig)  # the driver's error
        todo.extend(cause for cause in (current.__cause__, current.__context__) if cause)
    return False


_UNAVAILABLE: tuple[type[BaseException], ...] = (
    DependencyUnavailable,
    OSError,  # refused, reset, unreachable (ConnectionError is one)
    TimeoutError,  # asyncio's too
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,  # the connection was closed under the driver
    asyncpg.CannotConnectNowError,  # starting up or shutting down
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.TooManyConnectionsError,
)
