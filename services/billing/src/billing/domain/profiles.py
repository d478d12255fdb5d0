"""Customer (billing) profiles: who invoices go to; members of the organization and admin-like
users change them (the permission is declared on the field), the rules of a valid one are here."""

from __future__ import annotations

from typing import Annotated, Any

from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from pydantic import BaseModel, EmailStr, Field, ValidationError, ValidationInfo, field_validator
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from billing.domain.errors import BillingError, BillingErrorCode, BillingErrors
from billing.domain.models import CustomerProfile
from billing.domain.service import UNKNOWN_ORGANIZATION, organization_name
from billing.domain.vat import EU_VAT_PATTERNS, normalize, vat_problem

Text = Annotated[str, Field(min_length=1, max_length=255)]
Short = Annotated[str, Field(max_length=100)]


class Address(BaseModel):
    street: Text | None = None
    postal_code: Annotated[str, Field(max_length=20)] | None = None
    city: Short | None = None
    country_code: Annotated[str, Field(pattern=r"^[A-Za-z]{2}$")] | None = None


class ProfileInput(BaseModel):
    company_name: Text
    email: EmailStr
    first_name: Short | None = None
    last_name: Short | None = None
    address: Address = Address()
    vat_number: str | None = None

    @field_validator("vat_number")
    @classmethod
    def _vat(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is None or not value.strip():
            return None
        address = info.data.get("address")
        country = address.country_code if isinstance(address, Address) else None
        problem = vat_problem(value, country)
        if problem:
            raise ValueError(problem)
        eu = (country or "").upper() in EU_VAT_PATTERNS
        return normalize(value) if eu else value.strip()


async def customer_profile(
    session: AsyncSession, organization_number: int
) -> CustomerProfile | None:
    return await session.get(CustomerProfile, organization_number)


async def update_customer_profile(
    *,
    sessions: async_sessionmaker[AsyncSession],
    organization_number: int,
    data: dict[str, Any],
) -> CustomerProfile | BillingErrors:
    try:
        valid = ProfileInput.model_validate(data)
    except ValidationError as error:
        return BillingErrors(errors_from_validation(error, BillingErrorCode))
    async with unit_of_work(sessions) as session:
        if await organization_name(session, organization_number) is None:
            return BillingErrors(
                [BillingError(BillingErrorCode.NOT_FOUND, UNKNOWN_ORGANIZATION, "organization_id")]
            )
        row = await session.get(CustomerProfile, organization_number, with_for_update=True)
        if row is None:
            row = CustomerProfile(organization_number=organization_number)
            session.add(row)
        row.company_name = valid.company_name
        row.email = str(valid.email)
        row.first_name = valid.first_name
        row.last_name = valid.last_name
        row.street = valid.address.street
        row.postal_code = valid.address.postal_code
        row.city = valid.address.city
        row.country_code = (
            valid.address.country_code.upper() if valid.address.country_code else None
        )
        row.vat_number = valid.vat_number
        await session.flush()
        await session.refresh(row)
        return row
