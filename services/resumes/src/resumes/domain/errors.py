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
    # resumes' own
    UNKNOWN_TERM = "UNKNOWN_TERM"
    DUPLICATE = "DUPLICATE"
    NOT_SEARCHABLE = "NOT_SEARCHABLE"
    ALREADY_REQUESTED = "ALREADY_REQUESTED"
    INVALID_TRANSITION = "INVALID_TRANSITION"
    UNKNOWN_ORGANIZATION = "UNKNOWN_ORGANIZATION"
    FEATURE_OFF = "FEATURE_OFF"


class ResumeError(DomainError[ResumeErrorCode]):
    pass


class ResumeErrors(DomainErrors[ResumeErrorCode]):
    pass


NO_RESUME = "You have no resume yet: start with your personal info."
NO_SUCH_RESUME = "This resume does not exist."
NO_SUCH_ENTRY = "This entry is not on your resume."
ONLY_APPLICANTS = "Only applicants keep a resume."
NO_SUCH_REQUEST = "This contact request does not exist."
NOT_SEARCHABLE_MESSAGE = "This resume cannot be contacted: it is not findable."
ALREADY_REQUESTED_MESSAGE = (
    "Your organization has already asked to contact this applicant; see your contact requests."
)
UNKNOWN_ORGANIZATION_MESSAGE = "This organization is not known yet; try again in a moment."
# the site's features.resume_contact flag (identity's site configuration, spec 4) is off
CONTACT_OFF_MESSAGE = "This site does not let recruiters ask applicants for contact."
# billing denied the request (spec 9: the contact credits page key is `contact`; credits and
# subscriptions point to /contact)
NO_CONTACTS_LEFT_MESSAGE = (
    "Your organization has no resume contacts left. Buy more on /my-products or contact us on "
    "/contact."
)


def one_error(code: ResumeErrorCode, message: str, field: str | None = None) -> ResumeErrors:
    """The answer for one error (the message for people, the snake_case field at fault)."""
    return ResumeErrors([ResumeError(code, message, field)])
