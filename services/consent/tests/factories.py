"""Factories for consent's tests: valid objects by default, any field overridable."""

import uuid
from typing import Any

from consent.domain.models import ConsentInfo


def consent_info(**overrides: Any) -> ConsentInfo:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "type": "PRIVACY_POLICY",
        "placement": "REGISTRATION",
        "language": "en",
        "opt_in": True,
        "text": "We keep your data.",
    }
    return ConsentInfo(**(fields | overrides))
