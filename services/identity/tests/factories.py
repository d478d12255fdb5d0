"""Factories for identity's tests: valid input by default, any field overridable."""

import uuid
from typing import Any


def sign_up_input(**overrides: Any) -> dict[str, Any]:
    """The signUp mutation's input (GraphQL names)."""
    return {
        "email": f"person-{uuid.uuid4().hex[:8]}@example.org",
        "password": "correct horse battery",
        "firstName": "Grace",
        "lastName": "Hopper",
        "role": "RECRUITER",
    } | overrides
