"""Factories for resumes' tests: valid objects by default, any field overridable."""

import uuid
from typing import Any

from resumes.domain.models import Resume


def resume(**overrides: Any) -> Resume:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "owner_id": uuid.uuid4(),
        "title": "Nurse, 5 years",
    }
    return Resume(**(fields | overrides))
