"""The error vocabulary and the guards every subgraph schema carries (no I/O)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import pytest
import strawberry
from jobkit.errors import (
    CommonCode,
    DomainError,
    DomainErrors,
    errors_from_validation,
    missing_common_codes,
)
from jobkit.graphql import Error, errors_summary, field_errors
from jobkit.outages import SERVICE_UNAVAILABLE_MESSAGE
from jobkit.schema import INTERNAL_ERROR_MESSAGE, build_schema
from pydantic import BaseModel, Field, ValidationError


class ShopCode(StrEnum):
    REQUIRED = "REQUIRED"
    INVALID = "INVALID"
    TOO_SHORT = "TOO_SHORT"
    TOO_LONG = "TOO_LONG"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    INVALID_CHOICE = "INVALID_CHOICE"
    NOT_FOUND = "NOT_FOUND"
    FORBIDDEN = "FORBIDDEN"
    SOLD_OUT = "SOLD_OUT"


class Order(BaseModel):
    first_name: str = Field(min_length=2)
    quantity: int = Field(gt=0)
    note: str = Field(max_length=3)
    contact_email: str


def test_pydantic_errors_become_the_services_codes_never_pydantic_names() -> None:
    with pytest.raises(ValidationError) as raised:
        Order(first_name="A", quantity=0, note="long note")
    errors = errors_from_validation(raised.value, ShopCode)
    assert {(error.field, error.code) for error in errors} == {
        ("first_name", ShopCode.TOO_SHORT),
        ("quantity", ShopCode.OUT_OF_RANGE),
        ("note", ShopCode.TOO_LONG),
        ("contact_email", ShopCode.REQUIRED),
    }
    assert all(isinstance(error.code, ShopCode) for error in errors)


ShopErrorCode = strawberry.enum(ShopCode, name="ShopErrorCode")


@strawberry.type
class ShopError(Error):
    code: ShopErrorCode  # type: ignore[valid-type]


def test_field_errors_use_the_schemas_camel_case_names() -> None:
    errors = DomainErrors(
        [
            DomainError(ShopCode.SOLD_OUT, "Gone.", "line_items.product_id"),
            DomainError(ShopCode.REQUIRED, "Needed.", "contact_email"),
        ]
    )
    mapped = field_errors(errors, ShopError)
    assert [(e.field, e.code, e.message) for e in mapped] == [
        ("lineItems.productId", ShopCode.SOLD_OUT, "Gone."),
        ("contactEmail", ShopCode.REQUIRED, "Needed."),
    ]
    assert errors_summary(2) == "The input has 2 invalid fields."
    assert "Gone." not in errors_summary(2)


def test_a_service_enum_missing_common_codes_is_reported() -> None:
    class Incomplete(StrEnum):
        REQUIRED = "REQUIRED"

    assert missing_common_codes(ShopCode) == []
    assert set(missing_common_codes(Incomplete)) == {c.value for c in CommonCode} - {"REQUIRED"}


@strawberry.type
class Query:
    @strawberry.field
    def echo(self, text: str) -> str:
        return text

    @strawberry.field
    def broken(self) -> str:
        raise RuntimeError('relation "secret_table" does not exist: SELECT password FROM users')

    @strawberry.field
    def database_restarting(self) -> str:
        raise ConnectionRefusedError(111, "Connect call failed ('10.0.0.7', 5432)")


schema = build_schema(query=Query)


async def _run(query: str, variables: dict[str, Any] | None = None) -> Any:
    return await schema.execute(query, variable_values=variables)


@pytest.mark.parametrize("bad", ["a\x00b", "x\ud800y", "\udfff"])
async def test_unstorable_strings_in_variables_are_refused_before_any_resolver(bad: str) -> None:
    result = await _run("query($t: String!) { echo(text: $t) }", {"t": bad})
    assert result.data is None
    assert result.errors is not None
    assert result.errors[0].extensions == {"code": "BAD_USER_INPUT"}


async def test_unstorable_strings_in_inline_literals_are_refused() -> None:
    result = await _run('{ echo(text: "a\\u0000b") }')
    assert result.data is None
    assert result.errors is not None
    assert result.errors[0].extensions == {"code": "BAD_USER_INPUT"}
    fine = await _run('{ echo(text: "Zürich \\u00e9") }')
    assert fine.errors is None
    assert fine.data == {"echo": "Zürich é"}


async def test_unexpected_errors_are_masked_and_carry_a_code() -> None:
    result = await _run("{ broken }")
    assert result.errors is not None
    error = result.errors[0]
    assert error.message == INTERNAL_ERROR_MESSAGE
    assert error.extensions is not None
    assert error.extensions["code"] == "INTERNAL_SERVER_ERROR"
    assert "secret_table" not in str(result.errors)


async def test_a_dependency_outage_answers_service_unavailable_without_its_address() -> None:
    result = await _run("{ databaseRestarting }")
    assert result.errors is not None
    error = result.errors[0]
    assert error.message == SERVICE_UNAVAILABLE_MESSAGE
    assert error.extensions is not None
    assert error.extensions["code"] == "SERVICE_UNAVAILABLE"
    assert "10.0.0.7" not in str(result.errors)
