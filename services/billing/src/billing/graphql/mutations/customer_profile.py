"""updateCustomerProfile: members of the organization and admin-like users."""

from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from billing.domain import profiles
from billing.domain.errors import BillingErrors as DomainErrors
from billing.domain.models import CustomerProfile as ProfileRow
from billing.graphql.context import BillingContext
from billing.graphql.errors import BillingErrors


@strawberry.type
class BillingAddress:
    street: str | None
    postal_code: str | None
    city: str | None
    country_code: str | None


@strawberry.type(description="Where an organization's invoices go.")
class CustomerProfile:
    company_name: str
    email: str
    first_name: str | None
    last_name: str | None
    address: BillingAddress
    vat_number: str | None

    @classmethod
    def from_row(cls, row: ProfileRow) -> CustomerProfile:
        return cls(
            company_name=row.company_name,
            email=row.email,
            first_name=row.first_name,
            last_name=row.last_name,
            address=BillingAddress(
                street=row.street,
                postal_code=row.postal_code,
                city=row.city,
                country_code=row.country_code,
            ),
            vat_number=row.vat_number,
        )


@strawberry.input
class BillingAddressInput:
    street: str | None = None
    postal_code: str | None = None
    city: str | None = None
    country_code: str | None = strawberry.field(
        default=None, description="ISO 3166-1 alpha-2; an EU country's VAT format is checked."
    )


@strawberry.input
class CustomerProfileInput:
    company_name: str
    email: str
    first_name: str | None = None
    last_name: str | None = None
    address: BillingAddressInput | None = None
    vat_number: str | None = strawberry.field(
        default=None,
        description="EU: the country's format (e.g. DE123456789); elsewhere up to 30 characters.",
    )


@strawberry.type
class CustomerProfileSaved:
    profile: CustomerProfile


CustomerProfileResult = Annotated[
    CustomerProfileSaved | BillingErrors, strawberry.union("CustomerProfileResult")
]


async def update_customer_profile(
    info: Info[BillingContext, None], organization_id: int, input: CustomerProfileInput
) -> CustomerProfileResult:
    data = strawberry.asdict(input)
    data["address"] = data["address"] or {}
    result = await profiles.update_customer_profile(
        sessions=info.context.sessions, organization_number=organization_id, data=data
    )
    if isinstance(result, DomainErrors):
        return BillingErrors.from_domain(result)
    return CustomerProfileSaved(profile=CustomerProfile.from_row(result))
