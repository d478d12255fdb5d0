"""Factories for search's tests: valid objects by default, any field overridable."""

import uuid
from typing import Any

from search.domain.models import LandingPage, Route


def landing_page(**overrides: Any) -> LandingPage:
    return LandingPage(**({"id": uuid.uuid4(), "title": "Nursing jobs"} | overrides))


def route(**overrides: Any) -> Route:
    fields: dict[str, Any] = {"slug": f"/jobs/page-{uuid.uuid4().hex[:6]}", "language": "en"}
    return Route(**(fields | overrides))
