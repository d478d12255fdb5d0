"""A job's content fingerprint (jobs.domain.fingerprint): the same job written another way has
the same one; another title, organization, town or description does not."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from jobkit.html import plain_text
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


@pytest.mark.parametrize(
    "text",
    [
        "<p>Coordinate\t<strong>field</strong>\u00a0\u00a0teams.</p>\n\n<p> Then\u2003rest. </p>",
        " \n<ul><li>One</li>\r\n<li>Two&nbsp;&nbsp;three</li></ul>\u3000",
        "İstanbul\u2028Office  ",
        "",
    ],
)
def test_normalized_is_the_plain_text_lower_cased_as_the_collapsing_made_it(text: str) -> None:
    """The fingerprints stored before ADR 0074 collapsed the plain text's whitespace again:
    the plain text has none left to collapse, so every fingerprint stays what it was."""
    before = re.sub(r"\s+", " ", plain_text(text)).strip().lower()
    assert normalized(text) == before
