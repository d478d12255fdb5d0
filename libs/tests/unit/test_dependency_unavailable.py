"""Which failures of a consumer's handler are a dependency's outage (the partition waits) and
which are the event's (retried, then dead-lettered)."""

from __future__ import annotations

import aiosmtplib
import asyncpg
import pytest
from jobkit.consumer import DependencyUnavailable, dependency_unavailable
from pydantic import BaseModel, ValidationError
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError


def _raised_from(cause: BaseException, error: BaseException) -> BaseException:
    try:
        try:
            raise cause
        except BaseException as inner:
            raise error from inner
    except BaseException as outer:
        return outer


class _Strict(BaseModel):
    number: int


@pytest.mark.parametrize(
    "error",
    [
        ConnectionRefusedError(111, "refused"),
        ConnectionResetError(104, "reset"),
        TimeoutError(),
        DependencyUnavailable("mail server"),
        asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
        asyncpg.CannotConnectNowError("the database system is starting up"),
        asyncpg.AdminShutdownError("terminating connection due to administrator command"),
        OperationalError("SELECT 1", {}, ConnectionRefusedError(111, "refused")),
        DBAPIError("SELECT 1", {}, Exception("gone"), connection_invalidated=True),
        _raised_from(
            OSError("Multiple exceptions: [Errno 111] Connect call failed"), RuntimeError("call")
        ),
        asyncpg.InterfaceError("cannot call Connection.fetch(): connection is closed"),
        aiosmtplib.SMTPDataError(421, "Service shutting down, try again later"),
        aiosmtplib.SMTPSenderRefused(451, "Try again later", "no-reply@jobboard.example"),
        aiosmtplib.SMTPRecipientsRefused(
            [aiosmtplib.SMTPRecipientRefused(450, "Mailbox busy", "a@example.org")]
        ),
    ],
    ids=lambda error: type(error).__name__,
)
def test_an_outage_is_told_apart(error: BaseException) -> None:
    assert dependency_unavailable(error)


def _validation_error() -> ValidationError:
    try:
        _Strict.model_validate({"number": "many"})
    except ValidationError as error:
        return error
    raise AssertionError("validated")


@pytest.mark.parametrize(
    "error",
    [
        ValueError("bad payload"),
        KeyError("field"),
        IntegrityError("INSERT", {}, Exception("duplicate key")),
        asyncpg.UniqueViolationError("duplicate key"),
        asyncpg.exceptions._base.DataError("invalid input for query argument $1"),
        FileNotFoundError(2, "No such file or directory"),
        _validation_error(),
        aiosmtplib.SMTPDataError(554, "Message refused"),
        aiosmtplib.SMTPRecipientsRefused(
            [
                aiosmtplib.SMTPRecipientRefused(450, "Mailbox busy", "a@example.org"),
                aiosmtplib.SMTPRecipientRefused(550, "No such user", "b@example.org"),
            ]
        ),
    ],
    ids=lambda error: type(error).__name__,
)
def test_a_bad_event_is_not_an_outage(error: BaseException) -> None:
    assert not dependency_unavailable(error)
