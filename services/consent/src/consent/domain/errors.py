"""The service's error vocabulary: the codes its API answers with (see the schema's enums)."""

from enum import StrEnum

from jobkit.errors import DomainError, DomainErrors


class ConsentErrorCode(StrEnum):
    # jobkit.errors.CommonCode, which every service's codes include
    REQUIRED = "REQUIRED"
    INVALID = "INVALID"
    TOO_SHORT = "TOO_SHORT"
    TOO_LONG = "TOO_LONG"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    INVALID_CHOICE = "INVALID_CHOICE"
    NOT_FOUND = "NOT_FOUND"
    FORBIDDEN = "FORBIDDEN"
    # consent's own
    NOT_LATEST_REVISION = "NOT_LATEST_REVISION"
    NOT_OWN_MAIL = "NOT_OWN_MAIL"


class ConsentError(DomainError[ConsentErrorCode]):
    pass


class ConsentErrors(DomainErrors[ConsentErrorCode]):
    pass


MAIL_REQUIRED = "Please give the email address you consent with."
NOT_OWN_MAIL = "You can only give consent for your own email address."
UNKNOWN_INFO = "There is no consent info with this id."
NOT_LATEST = "This is not the latest revision of the consent info; please agree to the latest one."
EMPTY_TEXT = "The consent text needs at least one language with some text."
