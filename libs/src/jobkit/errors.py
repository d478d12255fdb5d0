"""The domain's error vocabulary, shared by every service (no GraphQL, no HTTP here).

A service declares its own error-code enum (``AccountErrorCode``, ``BillingErrorCode``...) that
includes :class:`CommonCode`'s members, raises or returns :class:`DomainError` with one of its
codes, and lets :func:`errors_from_validation` turn a pydantic ``ValidationError`` into the same
vocabulary. The GraphQL layer maps these to the service's error types with camelCase fields
(``jobkit.graphql.field_errors``); nothing of pydantic's own wording or type names reaches an API.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from pydantic import ValidationError


class CommonCode(StrEnum):
    """Codes every service's error enum carries (a unit test checks each enum has them)."""

    REQUIRED = "REQUIRED"
    INVALID = "INVALID"
    TOO_SHORT = "TOO_SHORT"
    TOO_LONG = "TOO_LONG"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    INVALID_CHOICE = "INVALID_CHOICE"
    NOT_FOUND = "NOT_FOUND"
    FORBIDDEN = "FORBIDDEN"


CodeT = TypeVar("CodeT", bound=StrEnum)


@dataclass(frozen=True)
class DomainError(Exception, Generic[CodeT]):
    """One expected failure of a use case: which input (``field``, snake_case), why, and a code."""

    code: CodeT
    message: str
    field: str | None = None

    def __str__(self) -> str:
        return f"{self.code}: {self.message}" + (f" ({self.field})" if self.field else "")


class DomainErrors(Exception, Generic[CodeT]):
    """Several expected failures at once (a form with more than one invalid field)."""

    def __init__(self, errors: Sequence[DomainError[CodeT]]) -> None:
        super().__init__("; ".join(str(error) for error in errors))
        self.errors = list(errors)


# pydantic's error types -> our common codes. One table, so a pydantic upgrade that renames a
# type changes one line here, never the API.
_PYDANTIC_CODES: dict[str, CommonCode] = {
    "missing": CommonCode.REQUIRED,
    "string_too_short": CommonCode.TOO_SHORT,
    "too_short": CommonCode.TOO_SHORT,
    "string_too_long": CommonCode.TOO_LONG,
    "too_long": CommonCode.TOO_LONG,
    "greater_than": CommonCode.OUT_OF_RANGE,
    "greater_than_equal": CommonCode.OUT_OF_RANGE,
    "less_than": CommonCode.OUT_OF_RANGE,
    "less_than_equal": CommonCode.OUT_OF_RANGE,
    "enum": CommonCode.INVALID_CHOICE,
    "literal_error": CommonCode.INVALID_CHOICE,
}

# Friendlier wording than pydantic's for the common cases; anything else keeps pydantic's text
# (it is about the value, never about our internals).
_MESSAGES: dict[CommonCode, str] = {
    CommonCode.REQUIRED: "This field is required.",
}


def errors_from_validation(error: ValidationError, codes: type[CodeT]) -> list[DomainError[CodeT]]:
    """A pydantic ``ValidationError`` as domain errors with the service's own codes."""
    found: list[DomainError[CodeT]] = []
    for item in error.errors(include_url=False):
        common = _PYDANTIC_CODES.get(str(item["type"]), CommonCode.INVALID)
        message = str(item.get("ctx", {}).get("reason") or item["msg"])
        if message.startswith("Value error, "):
            message = message.removeprefix("Value error, ")
        # list items keep their index (``items.0.source``), so a form can point at the row
        location = [str(part) for part in item["loc"]]
        found.append(
            DomainError(
                code=codes(common.value),
                message=_MESSAGES.get(common, message),
                field=".".join(location) or None,
            )
        )
    return found


def missing_common_codes(codes: type[StrEnum]) -> Iterable[str]:
    """The :class:`CommonCode` members a service's enum lacks (empty when it is complete)."""
    own = {member.value for member in codes}
    return [member.value for member in CommonCode if member.value not in own]
