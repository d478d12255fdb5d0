"""A job's content fingerprint (jobs.domain.fingerprint): the same job written another way has
the same one; another title, organization, town or description does not."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from jobs.domain.fingerprint import content_fingerprint, normalized

ORG = uuid.UUID("6f1c2a52-3a43-4d35-9c1f-4b6f0b7f2a10")
BOSTON = {"locality": "Boston", "country_code": "US", "administrative_area": "MA"}


def _print(**overrides: Any) -> str:
    fields: dict[str, Any] = {
        "title": "Field Coordinator",
        "organization_id": ORG,
        "addresses": [BOSTON],
        "description": "<p>Coordinate <strong>field</strong> teams.</p>",
    } | overrides
    return content_fingerprint(**fields)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<p>Coordinate <strong>field</strong>\n\n teams.</p>", "coordinate field teams."),
        ("  FIELD   Coordinator ", "field coordinator"),
        ("Fish &amp; Chips", "fish & chips"),
        (None, ""),
    ],
)
def test_normalized_text(text: str | None, expected: str) -> None:
    assert normalized(text) == expected


@pytest.mark.parametrize(
    "same",
    [
        {"title": "  field COORDINATOR "},
        {"description": "<div>Coordinate   <b>field</b> teams.</div>"},
        {"addresses": [{"locality": "BOSTON", "country_code": "us", "zip": "02110"}]},
        {"addresses": [BOSTON, BOSTON]},
    ],
)
def test_the_same_job_written_another_way(same: dict[str, Any]) -> None:
    assert _print(**same) == _print()


@pytest.mark.parametrize(
    "other",
    [
        {"title": "Field Coordinator II"},
        {"organization_id": uuid.uuid4()},
        {"addresses": [{"locality": "Denver", "country_code": "US"}]},
        {"addresses": []},
        {"description": "<p>Coordinate office teams.</p>"},
        {"description": None},
    ],
)
def test_another_job(other: dict[str, Any]) -> None:
    assert _print(**other) != _print()


def test_the_order_of_locations_does_not_count() -> None:
    denver = {"locality": "Denver", "country_code": "US"}
    assert _print(addresses=[BOSTON, denver]) == _print(addresses=[denver, BOSTON])
