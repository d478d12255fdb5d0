"""The service's error codes include the common ones every API answers with (no I/O)."""

from jobkit.errors import missing_common_codes
from search.errors import SearchErrorCode


def test_the_error_codes_include_every_common_code() -> None:
    assert missing_common_codes(SearchErrorCode) == []
