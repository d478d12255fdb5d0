"""Factories for jobs' tests: valid objects by default, any field overridable."""

import uuid
from typing import Any

from jobs.domain.models import Job


def job(**overrides: Any) -> Job:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "title": "Community Health Worker",
        "owner_id": uuid.uuid4(),
        "status": "published",
    }
    return Job(**(fields | overrides))
