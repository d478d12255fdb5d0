"""Factories for organizations' tests: valid objects by default, any field overridable."""

import uuid
from typing import Any

from organizations.domain.models import Organization, OrganizationProfile


def organization(**overrides: Any) -> Organization:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "name": "Green Harbor",
        "owner_id": uuid.uuid4(),
        "site": "jobboard",
    }
    return Organization(**(fields | overrides))


def profile(**overrides: Any) -> tuple[Organization, OrganizationProfile]:
    """An organization and its published profile (same id)."""
    org = organization(**{k: v for k, v in overrides.items() if k in {"id", "name", "owner_id"}})
    fields: dict[str, Any] = {
        "id": org.id,
        "name": org.name,
        "owner_id": org.owner_id,
        "site": "jobboard",
        "slug": f"org-{org.id.hex[:8]}",
        "status": "published",
        "social_profiles": {},
        "occupation_tids": [],
        "fields_of_study_tids": [],
        "benefit_tids": [],
        "contact_persons": [],
        "gallery": [],
        "videos": [],
        "locations": [],
        "faq": [],
        "attachments": [],
    }
    return org, OrganizationProfile(**(fields | overrides))


def address(**overrides: Any) -> dict[str, Any]:
    """An AddressInput (GraphQL names)."""
    return {
        "countryCode": "US",
        "addressLine1": "1 Harbor Way",
        "locality": "Boston",
        "administrativeArea": "MA",
        "zip": "02110",
    } | overrides
