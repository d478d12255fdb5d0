"""The alerts' error vocabulary (the schema's ``AlertErrorCode``)."""

from enum import StrEnum

from jobkit.errors import DomainError, DomainErrors


class AlertErrorCode(StrEnum):
    # jobkit.errors.CommonCode, which every service's codes include
    REQUIRED = "REQUIRED"
    INVALID = "INVALID"
    TOO_SHORT = "TOO_SHORT"
    TOO_LONG = "TOO_LONG"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    INVALID_CHOICE = "INVALID_CHOICE"
    NOT_FOUND = "NOT_FOUND"
    FORBIDDEN = "FORBIDDEN"
    # the alerts' own
    CAPTCHA_REQUIRED = "CAPTCHA_REQUIRED"
    CAPTCHA_INVALID = "CAPTCHA_INVALID"
    LIMIT_REACHED = "LIMIT_REACHED"
    INVALID_TOKEN = "INVALID_TOKEN"  # noqa: S105 - an error code, not a secret
    UNAVAILABLE = "UNAVAILABLE"


class AlertError(DomainError[AlertErrorCode]):
    pass


class AlertErrors(DomainErrors[AlertErrorCode]):
    pass
