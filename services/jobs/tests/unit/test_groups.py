"""The form groups' validation and the video embeds (no I/O)."""

from __future__ import annotations

import pytest
from jobkit.errors import errors_from_validation
from jobs.domain import groups
from jobs.domain.errors import JobErrorCode
from pydantic import ValidationError


def _codes(model: type[groups.Group], data: dict[str, object]) -> dict[str | None, JobErrorCode]:
    with pytest.raises(ValidationError) as caught:
        model.model_validate(data)
    return {e.field: e.code for e in errors_from_validation(caught.value, JobErrorCode)}


def test_a_title_of_ten_thousand_characters_is_too_long() -> None:
    assert _codes(groups.NewJob, {"title": "x" * 10_000}) == {"title": JobErrorCode.TOO_LONG}
    assert _codes(groups.NewJob, {"title": "  "}) == {"title": JobErrorCode.TOO_SHORT}


def test_currency_codes_are_three_letters_and_urls_http() -> None:
    assert _codes(groups.JobCategorization, {"salary_range": {"currency_code": "DOLLARS"}}) == {
        "salary_range.currency_code": JobErrorCode.INVALID
    }
    assert groups.SalaryRange(currency_code="eur").currency_code == "EUR"
    assert _codes(groups.JobInfo, {"link_url": "javascript:alert(1)"}) == {
        "link_url": JobErrorCode.INVALID
    }
    assert _codes(groups.JobApplicationOptions, {"application_emails": ["not-an-address"]}) == {
        "application_emails.0": JobErrorCode.INVALID
    }


@pytest.mark.parametrize(
    ("source", "embed"),
    [
        ("https://www.youtube.com/watch?v=abc123", "https://www.youtube-nocookie.com/embed/abc123"),
        ("https://youtu.be/abc123", "https://www.youtube-nocookie.com/embed/abc123"),
        ("https://vimeo.com/123456", "https://player.vimeo.com/video/123456?dnt=1"),
    ],
)
def test_videos_embed_through_privacy_friendly_players(source: str, embed: str) -> None:
    assert groups.video_embed_url(source) == embed
