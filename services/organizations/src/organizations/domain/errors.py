"""The service's error vocabulary: the codes its API answers with (see the schema's enums)."""

from enum import StrEnum

from jobkit.errors import DomainError, DomainErrors


class OrganizationErrorCode(StrEnum):
    # jobkit.errors.CommonCode, which every service's codes include
    REQUIRED = "REQUIRED"
    INVALID = "INVALID"
    TOO_SHORT = "TOO_SHORT"
    TOO_LONG = "TOO_LONG"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    INVALID_CHOICE = "INVALID_CHOICE"
    NOT_FOUND = "NOT_FOUND"
    FORBIDDEN = "FORBIDDEN"
    # organizations' own
    UNKNOWN_TERM = "UNKNOWN_TERM"
    UNKNOWN_UPLOAD = "UNKNOWN_UPLOAD"
    ALREADY_MEMBER = "ALREADY_MEMBER"
    INVITATION_INVALID = "INVITATION_INVALID"
    INVITATION_EXPIRED = "INVITATION_EXPIRED"
    OWNER_CANNOT_LEAVE = "OWNER_CANNOT_LEAVE"
    INCOMPLETE_PROFILE = "INCOMPLETE_PROFILE"
    RATE_LIMITED = "RATE_LIMITED"
    CAPTCHA_REQUIRED = "CAPTCHA_REQUIRED"
    CAPTCHA_INVALID = "CAPTCHA_INVALID"


class OrganizationError(DomainError[OrganizationErrorCode]):
    pass


class OrganizationErrors(DomainErrors[OrganizationErrorCode]):
    pass


NOT_A_MEMBER = "Only members of this organization and administrators may change it."
NO_SUCH_PROFILE = "This organization does not exist."


def one_error(
    code: OrganizationErrorCode, message: str, field: str | None = None
) -> OrganizationErrors:
    """The answer for one error (the message for people, the snake_case field at fault)."""
    return OrganizationErrors([OrganizationError(code, message, field)])


def forbidden() -> OrganizationErrors:
    return one_error(OrganizationErrorCode.FORBIDDEN, NOT_A_MEMBER)


def not_found() -> OrganizationErrors:
    return one_error(OrganizationErrorCode.NOT_FOUND, NO_SUCH_PROFILE, "id")
