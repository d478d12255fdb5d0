"""Telling a dependency's outage from a bug or a bad input.

A service's database restarting, Elasticsearch down, a mail server refusing: the work is good and
can succeed later. The idempotent consumer then holds its partition instead of dead-lettering
(:mod:`jobkit.consumer`), and a request answers ``SERVICE_UNAVAILABLE`` (503 when it fails before
GraphQL runs) instead of an internal error (:mod:`jobkit.schema`, :mod:`jobkit.app`).
"""

from __future__ import annotations

import errno
import socket

import aiosmtplib
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
    restarting or shutting down, an SMTP relay refusing for now (4xx), or
    :class:`DependencyUnavailable`."""
    seen: set[int] = set()
    todo: list[BaseException] = [error]
    while todo:
        current = todo.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if (
            isinstance(current, _UNAVAILABLE)
            or _network_error(current)
            or _mail_refused_for_now(current)
        ):
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
    ConnectionError,  # refused, reset, aborted
    TimeoutError,  # asyncio's too
    socket.gaierror,  # the server's name does not resolve (now)
    asyncpg.PostgresConnectionError,
    asyncpg.CannotConnectNowError,  # starting up or shutting down
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.TooManyConnectionsError,
)
# OSErrors of the network only: a missing file (also an OSError) is the event's fault
_NETWORK_ERRNOS = frozenset(
    {errno.ECONNREFUSED, errno.ECONNRESET, errno.EHOSTUNREACH, errno.ENETUNREACH, errno.ETIMEDOUT}
)


def _network_error(error: BaseException) -> bool:
    if isinstance(error, asyncpg.InterfaceError):
        # the driver's connection was closed under it (its other interface errors, such as an
        # argument it cannot encode, are the event's fault)
        return "connection is closed" in str(error)
    if type(error) is OSError:
        # asyncio's connect to every address of a name failed ("Multiple exceptions: ...")
        return error.errno in _NETWORK_ERRNOS or str(error).startswith("Multiple exceptions")
    return False


def _mail_refused_for_now(error: BaseException) -> bool:
    """An SMTP relay's temporary refusal (4xx: shutting down, busy, out of space): the mail can
    go later. A permanent one (5xx) is the mail's own fault."""
    if isinstance(error, aiosmtplib.SMTPRecipientsRefused):
        codes = [refusal.code for refusal in error.recipients]
        return bool(codes) and all(400 <= code < 500 for code in codes)
    return isinstance(error, aiosmtplib.SMTPResponseException) and 400 <= error.code < 500
