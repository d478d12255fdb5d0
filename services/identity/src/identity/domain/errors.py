"""The service's error vocabulary: the codes its API answers with (see the schema's enums)."""

from enum import StrEnum

from jobkit.errors import DomainError, DomainErrors


class AccountErrorCode(StrEnum):
    # jobkit.errors.CommonCode, which every service's codes include
    REQUIRED = "REQUIRED"
    INVALID = "INVALID"
    TOO_SHORT = "TOO_SHORT"
    TOO_LONG = "TOO_LONG"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    INVALID_CHOICE = "INVALID_CHOICE"
    NOT_FOUND = "NOT_FOUND"
    FORBIDDEN = "FORBIDDEN"
    # identity's own
    EMAIL_TAKEN = "EMAIL_TAKEN"
    PASSWORD_TOO_SIMILAR = "PASSWORD_TOO_SIMILAR"  # noqa: S105 - an error code
    ROLE_NOT_ALLOWED = "ROLE_NOT_ALLOWED"
    INVALID_CREDENTIALS = "INVALID_CREDENTIALS"
    THROTTLED = "THROTTLED"
    LINK_INVALID = "LINK_INVALID"
    LINK_EXPIRED = "LINK_EXPIRED"
    LINK_USED = "LINK_USED"
    CAPTCHA_REQUIRED = "CAPTCHA_REQUIRED"
    CAPTCHA_INVALID = "CAPTCHA_INVALID"
    WRONG_PASSWORD = "WRONG_PASSWORD"  # noqa: S105 - an error code
    CONSENT_REQUIRED = "CONSENT_REQUIRED"


class AccountError(DomainError[AccountErrorCode]):
    pass


class AccountErrors(DomainErrors[AccountErrorCode]):
    pass


EMAIL_TAKEN = "The email address {email} is already taken."
PASSWORD_TOO_SIMILAR = "The password must not contain your email address."  # noqa: S105
ROLE_NOT_ALLOWED = "You can sign up as an applicant or a recruiter."
INVALID_CREDENTIALS = "The email address or password is incorrect."
THROTTLED = "Too many failed sign-in attempts. Try again in {minutes} minutes."
LINK_INVALID = "This link is not valid. Ask for a new one."
LINK_EXPIRED = "This link has expired. Ask for a new one."
LINK_USED = "Your email address is already confirmed. You can sign in."
CAPTCHA_REQUIRED = "Please confirm that you are not a robot."
CAPTCHA_INVALID = "The robot check failed or expired. Please try again."
WRONG_PASSWORD = "Your current password is not correct."  # noqa: S105 - a message
CONSENT_REQUIRED = "Please accept the terms and conditions"
