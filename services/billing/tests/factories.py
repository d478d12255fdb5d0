"""Factories for billing's tests: valid objects by default, any field overridable."""

import uuid
from typing import Any

from billing.domain.models import LedgerEntry, Product


def grant(**overrides: Any) -> LedgerEntry:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "organization_number": 1,
        "organization_name": "Org 1",
        "frontend": "jobboard",
        "kind": "job",
        "entry_type": "grant",
        "label": "Job postings",
        "amount": 3,
        "actor": "test",
    }
    return LedgerEntry(**(fields | overrides))


def product(**overrides: Any) -> Product:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "frontend": "jobboard",
        "type": "job_package",
        "name": "5 job postings",
        "job_slots": 5,
        "contact_slots": 0,
        "validity_days": 60,
        "period_days": None,
    }
    return Product(**(fields | overrides))
