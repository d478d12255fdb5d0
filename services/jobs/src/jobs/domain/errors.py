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
    HAS_APPLICATIONS = "HAS_APPLICATIONS"
    IN_THE_PAST = "IN_THE_PAST"
    # sharing with other sites (ADR 0057)
    UNKNOWN_SITE = "UNKNOWN_SITE"
    # applications
    NOT_OPEN = "NOT_OPEN"
    ALREADY_APPLIED = "ALREADY_APPLIED"
    RATE_LIMITED = "RATE_LIMITED"
    CAPTCHA_REQUIRED = "CAPTCHA_REQUIRED"
    CAPTCHA_INVALID = "CAPTCHA_INVALID"
    # reports
    ALREADY_REPORTED = "ALREADY_REPORTED"


class JobError(DomainError[JobErrorCode]):
    pass


class JobErrors(DomainErrors[JobErrorCode]):
    pass


NOT_A_MEMBER = "Only recruiters of this job's organization and administrators may change it."
NO_SUCH_JOB = "This job does not exist."
NO_SLOTS_LEFT_MESSAGE = (
    "Your organization has no job slots left. Buy more on /my-products or contact us on /contact."
)
NOT_DELETABLE_MESSAGE = (
    "Only a draft, or a job that is archived or expired, can be deleted: archive this job first."
)
HAS_APPLICATIONS_MESSAGE = (
    "This job has applications, so it cannot be deleted: its applicants keep following them. "
    "Archive it instead; it leaves the site all the same."
)
NOT_OPEN_MESSAGE = "This job no longer takes applications."
ALREADY_APPLIED_MESSAGE = (
    "You have already applied to this job with this email address. The recruiter has your "
    "application; you can follow it on /my-applications."
)
RATE_LIMITED_MESSAGE = "Too many applications in a short time. Please try again in a few minutes."
CAPTCHA_REQUIRED_MESSAGE = "Please confirm you are not a robot."
CAPTCHA_INVALID_MESSAGE = "The captcha answer was not accepted. Please try again."
NOT_A_RECRUITER_OF_THE_JOB = (
    "Only recruiters of this job's organization and administrators may see its applications."
)
NO_SUCH_APPLICATION = "This application does not exist."
ALREADY_REPORTED_MESSAGE = "You have already reported this job. Thank you: we are looking into it."
REPORTS_RATE_LIMITED_MESSAGE = "Too many reports in a short time. Please try again later."


def one_error(code: JobErrorCode, message: str, field: str | None = None) -> JobErrors:
    """The answer for one error (the message for people, the snake_case field at fault)."""
    return JobErrors([JobError(code, message, field)])


def forbidden() -> JobErrors:
    return one_error(JobErrorCode.FORBIDDEN, NOT_A_MEMBER)


def not_found() -> JobErrors:
    return one_error(JobErrorCode.NOT_FOUND, NO_SUCH_JOB, "id")
