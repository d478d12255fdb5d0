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
