"""Factories for billing's tests: valid objects by default, any field overridable."""

import uuid
from typing import Any

from billing.domain.models import CreditEntry


def credit_entry(**overrides: Any) -> CreditEntry:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "organization_id": 1,
        "organization_name": "Org 1",
        "type": "job",
        "label": "Job postings",
        "amount": 3,
        "frontend": "jobboard",
    }
    return CreditEntry(**(fields | overrides))
