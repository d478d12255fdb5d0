"""The job form groups of spec 3 as validated input: one model per group, one mutation each.

Strings are stripped; empty optional strings become None. URLs must be http(s). The models only
check shape: term ids are checked against the vocabulary read model, upload ids against the
caller's uploads, and dates against the clock by the use case.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal
from urllib.parse import parse_qs, urlparse

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    EmailStr,
    Field,
    StringConstraints,
    ValidationInfo,
    field_validator,
)

JobType = Literal["job_per_template", "job_per_link", "job_per_file"]
SalaryUnit = Literal["hour", "day", "week", "month", "year"]
ApplicationWorkflow = Literal["email", "link", "on_site"]
MAX_TITLE = 255
MAX_DESCRIPTION = 50_000


def _blank_to_none(value: object) -> object:
    if isinstance(value, str) and not value.strip():
        return None
    return value


def _http_url(value: str) -> str:
    parsed = urlparse(value)
    if parsed.scheme not in {"http", "https"} or not parsed.hostname or "." not in parsed.hostname:
        raise ValueError("Enter a full web address starting with https://")
    return value


Title = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_TITLE)]
ShortText = Annotated[str, StringConstraints(strip_whitespace=True, max_length=255)]
OptionalText = Annotated[ShortText | None, BeforeValidator(_blank_to_none)]
LongText = Annotated[str, StringConstraints(strip_whitespace=True, max_length=1000)]
OptionalLongText = Annotated[LongText | None, BeforeValidator(_blank_to_none)]
Url = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=2000), AfterValidator(_http_url)
]
OptionalUrl = Annotated[Url | None, BeforeValidator(_blank_to_none)]
OptionalId = Annotated[str | None, BeforeValidator(_blank_to_none)]
Tids = Annotated[list[int], Field(max_length=30)]


class Group(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class NewJob(Group):
    type: JobType = "job_per_template"
    title: Title
    link_url: OptionalUrl = None


class NewTitle(Group):
    """A job's new title (renameJob): the slug follows, the former one redirects."""

    title: Title


VIDEO_HOSTS = ("youtube.com", "youtu.be", "vimeo.com")


def _video(url: str) -> str:
    host = (urlparse(url).hostname or "").lower()
    if not any(host == h or host.endswith("." + h) for h in VIDEO_HOSTS):
        raise ValueError("Enter a YouTube or Vimeo address.")
    return url


class DatePeriod(Group):
    start: date | None = None
    end: date | None = None


class JobInfo(Group):
    """The title is not part of it: it is set once, at creation (the edit form hides it)."""

    link_url: OptionalUrl = None
    file_upload_id: OptionalId = None
    description: Annotated[str, StringConstraints(max_length=MAX_DESCRIPTION)] | None = None
    availability_period: DatePeriod | None = None
    video_url: Annotated[OptionalUrl, AfterValidator(lambda v: _video(v) if v else v)] = None


class CompanyInfo(Group):
    organization_id: str
    organization_assignment: OptionalText = None
    logo_upload_id: OptionalId = None


def _country_code(value: str) -> str:
    if len(value) != 2 or not value.isascii() or not value.isalpha():
        raise ValueError(
            f"\u201c{value[:60]}\u201d is not a country code: give the country as its "
            "two-letter ISO 3166-1 code (for example US, GB or DE)."
        )
    return value


class Address(Group):
    country_code: Annotated[str, AfterValidator(_country_code)] = Field(
        description="ISO 3166-1 alpha-2", json_schema_extra={"pattern": "^[A-Za-z]{2}$"}
    )
    address_line1: OptionalText = None
    address_line2: OptionalText = None
    administrative_area: OptionalText = None
    locality: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=255)]
    zip: Annotated[
        Annotated[str, StringConstraints(max_length=20)] | None, BeforeValidator(_blank_to_none)
    ] = None


class Location(Group):
    address: Address


class JobLocation(Group):
    locations: list[Location] = Field(default_factory=list, max_length=20)
    remote_option_tids: Tids = Field(default_factory=list)


class SalaryRange(Group):
    min_salary: Annotated[float, Field(ge=0, le=1e9)] | None = None
    max_salary: Annotated[float, Field(ge=0, le=1e9)] | None = None
    currency_code: Annotated[
        str, StringConstraints(strip_whitespace=True, to_upper=True, pattern=r"^[A-Za-z]{3}$")
    ]
    salary_unit: SalaryUnit = "year"


class JobCategorization(Group):
    employment_type_tids: Tids = Field(default_factory=list)
    occupational_field_tids: Tids = Field(default_factory=list)
    fields_of_study_tids: Tids = Field(default_factory=list)
    degree_level_tid: int | None = None
    years_of_experience_tid: int | None = None
    salary_range: SalaryRange | None = None
    salary_range_free: OptionalText = None
    language_tids: Tids = Field(default_factory=list)
    languages_free: OptionalText = None
    skill_tids: Tids = Field(default_factory=list)
    skills_free: OptionalLongText = None


class JobSchedule(Group):
    published: datetime | None = None
    expiration: datetime | None = None
    duration: Annotated[int, Field(ge=1, le=365)] | None = None


QuestionText = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)
]
OptionText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
QuestionType = Literal["yes_no", "single_choice", "free_text"]
YES_NO_OPTIONS = ("yes", "no")
MAX_OPTIONS = 20


class QualifyingQuestion(Group):
    """A typed qualifying question. An answer among ``knock_out_answers`` flags the application
    for the recruiter (never hides it): for YES_NO one of "yes"/"no", for SINGLE_CHOICE some of
    the options (not all: someone must be able to pass), none for FREE_TEXT."""

    question: QuestionText
    type: QuestionType = "free_text"
    options: list[OptionText] = Field(
        default_factory=list, max_length=MAX_OPTIONS, validate_default=True
    )
    knock_out_answers: list[OptionText] = Field(default_factory=list, max_length=MAX_OPTIONS)

    @field_validator("options")
    @classmethod
    def _options_fit_the_type(cls, options: list[str], info: ValidationInfo) -> list[str]:
        kind = info.data.get("type")
        if kind == "single_choice":
            if len(options) < 2:
                raise ValueError("Give at least two options to choose from.")
            if len({o.casefold() for o in options}) != len(options):
                raise ValueError("Each option must be different.")
            return options
        if options and kind == "free_text":
            raise ValueError("A free-text question has no options.")
        return list(YES_NO_OPTIONS) if kind == "yes_no" else []

    @field_validator("knock_out_answers")
    @classmethod
    def _knock_outs_are_options(cls, answers: list[str], info: ValidationInfo) -> list[str]:
        kind, options = info.data.get("type"), info.data.get("options")
        if not answers:
            return []
        if kind == "free_text":
            raise ValueError("A free-text answer cannot knock out.")
        if options is None:  # the options were refused already
            return answers
        by_key = {o.casefold(): o for o in options}
        if any(a.casefold() not in by_key for a in answers):
            raise ValueError("A knock-out answer must be one of the options.")
        chosen = list(dict.fromkeys(by_key[a.casefold()] for a in answers))
        if len(chosen) >= len(options):
            raise ValueError("At least one answer must not knock out.")
        return chosen


class JobApplicationOptions(Group):
    application_workflow: ApplicationWorkflow = "on_site"
    application_emails: list[EmailStr] = Field(default_factory=list, max_length=10)
    application_link: OptionalUrl = None
    application_require_cv: bool = False
    application_require_cover_letter: bool = False
    application_require_qualifying_questions: bool = False
    application_qualifying_questions: list[QualifyingQuestion] = Field(
        default_factory=list, max_length=20
    )


def video_embed_url(source: str | None) -> str | None:
    """The privacy-friendly player address of a YouTube or Vimeo page (no cookies until play)."""
    if not source:
        return None
    parsed = urlparse(source)
    host = (parsed.hostname or "").lower()
    video_id: str | None = None
    if host.endswith("youtu.be"):
        video_id = parsed.path.strip("/").split("/")[0] or None
    elif host.endswith("youtube.com"):
        if parsed.path.startswith(("/embed/", "/shorts/", "/live/")):
            video_id = parsed.path.split("/")[2] or None
        else:
            found = parse_qs(parsed.query).get("v")
            video_id = found[0] if found else None
    elif host.endswith("vimeo.com"):
        digits = [part for part in parsed.path.split("/") if part.isdigit()]
        return f"https://player.vimeo.com/video/{digits[-1]}?dnt=1" if digits else None
    return f"https://www.youtube-nocookie.com/embed/{video_id}" if video_id else None
