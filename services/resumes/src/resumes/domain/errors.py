"""The service's error vocabulary: the codes its API answers with (see the schema's enums)."""

from enum import StrEnum

from jobkit.errors import DomainError, DomainErrors


class ResumeErrorCode(StrEnum):
    # jobkit.errors.CommonCode, which every service's codes include
    REQUIRED = "REQUIRED"
    INVALID = "INVALID"
    TOO_SHORT = "TOO_SHORT"
    TOO_LONG = "TOO_LONG"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    INVALID_CHOICE = "INVALID_CHOICE"
    NOT_FOUND = "NOT_FOUND"
    FORBIDDEN = "FORBIDDEN"


class ResumeError(DomainError[ResumeErrorCode]):
    pass


class ResumeErrors(DomainErrors[ResumeErrorCode]):
    pass
