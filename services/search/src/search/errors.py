"""The service's error vocabulary: the codes its API answers with (see the schema's enums)."""

from enum import StrEnum

from jobkit.errors import DomainError, DomainErrors


class SearchErrorCode(StrEnum):
    # jobkit.errors.CommonCode, which every service's codes include
    REQUIRED = "REQUIRED"
    INVALID = "INVALID"
    TOO_SHORT = "TOO_SHORT"
    TOO_LONG = "TOO_LONG"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    INVALID_CHOICE = "INVALID_CHOICE"
    NOT_FOUND = "NOT_FOUND"
    FORBIDDEN = "FORBIDDEN"


class SearchError(DomainError[SearchErrorCode]):
    pass


class SearchErrors(DomainErrors[SearchErrorCode]):
    pass


def check_limit(limit: int, most: int, what: str) -> int:
    """``limit`` when it is 1 to ``most``; otherwise the refusal "Ask for 1 to {most} {what}."."""
    if not 1 <= limit <= most:
        raise SearchErrors(
            [
                SearchError(
                    code=SearchErrorCode.OUT_OF_RANGE,
                    message=f"Ask for 1 to {most} {what}.",
                    field="limit",
                )
            ]
        )
    return limit
