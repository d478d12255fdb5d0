"""The service's error vocabulary: the codes its API answers with (see the schema's enums)."""

from enum import StrEnum

from jobkit.errors import DomainError, DomainErrors


class JobErrorCode(StrEnum):
    # jobkit.errors.CommonCode, which every service's codes include
    REQUIRED = "REQUIRED"
    INVALID = "INVALID"
    TOO_SHORT = "TOO_SHORT"
    TOO_LONG = "TOO_LONG"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    INVALID_CHOICE = "INVALID_CHOICE"
    NOT_FOUND = "NOT_FOUND"
    FORBIDDEN = "FORBIDDEN"
    # jobs' own
    UNKNOWN_TERM = "UNKNOWN_TERM"
    UNKNOWN_UPLOAD = "UNKNOWN_UPLOAD"
    NOT_EDITABLE = "NOT_EDITABLE"
    INVALID_TRANSITION = "INVALID_TRANSITION"
    IN_THE_PAST = "IN_THE_PAST"


class JobError(DomainError[JobErrorCode]):
    pass


class JobErrors(DomainErrors[JobErrorCode]):
    pass


NOT_A_MEMBER = "Only recruiters of this job's organization and administrators may change it."
NO_SUCH_JOB = "This job does not exist."
NO_SLOTS_LEFT_MESSAGE = (
    "Your organization has no job slots left. Buy more on /my-products or contact us on /contact."
)
