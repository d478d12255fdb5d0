"""Factories for organizations' tests: valid objects by default, any field overridable."""

import uuid
from typing import Any

from organizations.domain.models import OrganizationProfile


def profile(**overrides: Any) -> OrganizationProfile:
    fields: dict[str, Any] = {"id": uuid.uuid4(), "name": "Green Harbor", "owner_id": uuid.uuid4()}
    return OrganizationProfile(**(fields | overrides))
