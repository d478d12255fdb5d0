"""Billing's error types in the schema: BillingErrorCode, BillingError, BillingErrors."""

from __future__ import annotations

import strawberry
from jobkit.graphql import Error, errors_summary, field_errors

from billing.domain import errors as domain_errors

BillingErrorCode = strawberry.enum(
    domain_errors.BillingErrorCode, description="Why a billing operation was refused."
)


@strawberry.type(description="One refused input of a billing operation.")
class BillingError(Error):
    code: BillingErrorCode  # type: ignore[valid-type]


@strawberry.type(description="A billing operation was refused; each error names its field.")
class BillingErrors:
    message: str
    errors: list[BillingError]

    @classmethod
    def from_domain(cls, refused: domain_errors.BillingErrors) -> BillingErrors:
        errors = field_errors(refused, BillingError)
        return cls(message=errors_summary(len(errors)), errors=errors)
