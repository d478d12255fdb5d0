"""What each wizard step takes, validated (spec 3 and 5): pydantic models the use cases check
input with; their errors become the service's codes (``errors_from_validation``)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Annotated, Any, Self, TypeVar

from jobkit.errors import errors_from_validation
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from resumes.domain.errors import ResumeError, ResumeErrorCode, ResumeErrors

Text = Annotated[str, StringConstraints(strip_whitespace=True)]
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
Line = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=255)]
LongText = Annotated[str, StringConstraints(strip_whitespace=True, max_length=5000)]
Phone = Annotated[
    str, StringConstraints(strip_whitespace=True, pattern=r"^\+?[0-9 ()/.-]{5,30}$", max_length=40)
]
Country = Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^[A-Za-z]{2}$")]

MAX_ENTRIES = 30
MAX_SKILLS = 50
MAX_LANGUAGES = 20


class Salutation(StrEnum):
    MR = "mr"
    MS = "ms"
    MX = "mx"


class CareerStatus(StrEnum):
    """The career_status vocabulary's terms by their alias (search's taxonomy)."""

    STUDENT = "student"
    GRADUATE = "graduate"
    PROFESSIONAL = "professional"
    EXECUTIVE = "executive"
    RETURNER = "returner"


class AvailabilityPeriod(StrEnum):
    FULL_TIME = "full_time"
    PART_TIME = "part_time"
    MORNINGS = "mornings"
    EVENINGS = "evenings"
    WEEKENDS = "weekends"
    SHIFTS = "shifts"


class SalaryUnit(StrEnum):
    HOUR = "hour"
    DAY = "day"
    WEEK = "week"
    MONTH = "month"
    YEAR = "year"


class LanguageLevel(StrEnum):
    A1 = "a1"
    A2 = "a2"
    B1 = "b1"
    B2 = "b2"
    C1 = "c1"
    C2 = "c2"
    NATIVE = "native"


class _Input(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Place(_Input):
    locality: Line
    country_code: Country
    administrative_area: Annotated[str, StringConstraints(max_length=100)] | None = None
    zip: Annotated[str, StringConstraints(max_length=20)] | None = None


class PersonalInfo(_Input):
    salutation: Salutation | None = None
    first_name: Name
    last_name: Name
    phone: Phone | None = None
    birthday: date | None = None
    home_location: Place | None = None
    about: LongText | None = None

    @model_validator(mode="after")
    def _plausible_birthday(self) -> Self:
        if self.birthday is not None:
            today = datetime.now(UTC).date()
            age = today.year - self.birthday.year
            if self.birthday >= today or age > 120:
                raise ValueError("birthday: enter your date of birth")
            if age < 14:
                raise ValueError("birthday: you must be at least 14 to keep a resume")
        return self


class Salary(_Input):
    min: Decimal | None = Field(default=None, ge=0, le=10_000_000)
    max: Decimal | None = Field(default=None, ge=0, le=10_000_000)
    currency: Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}$")] = "EUR"
    unit: SalaryUnit = SalaryUnit.YEAR

    @model_validator(mode="after")
    def _a_range(self) -> Self:
        if self.min is None and self.max is None:
            raise ValueError("desired_salary: give a minimum, a maximum or both")
        if self.min is not None and self.max is not None and self.max < self.min:
            raise ValueError("desired_salary: the maximum is below the minimum")
        return self


class JobPreferences(_Input):
    title: Annotated[str, StringConstraints(strip_whitespace=True, min_length=2, max_length=255)]
    desired_occupation_tid: int | None = None
    employment_type_tids: list[int] = Field(default_factory=list, max_length=10)
    desired_location: Place | None = None
    desired_salary: Salary | None = None
    career_status: CareerStatus | None = None
    available_start: date | None = None
    availability_periods: list[AvailabilityPeriod] = Field(default_factory=list, max_length=6)


class _Dated(_Input):
    start_date: date | None = None
    end_date: date | None = None
    summary: LongText | None = None
    location: Place | None = None

    @model_validator(mode="after")
    def _in_order(self) -> Self:
        if self.start_date and self.end_date and self.end_date < self.start_date:
            raise ValueError("end_date: the end is before the start")
        return self


class Education(_Dated):
    institution: Line
    degree_level_tid: int | None = None
    field_of_study_tid: int | None = None
    study_program: (
        Annotated[str, StringConstraints(strip_whitespace=True, max_length=255)] | None
    ) = None


class WorkExperience(_Dated):
    job_title: Line
    occupation_tid: int | None = None
    employment_type_tid: int | None = None
    company_name: (
        Annotated[str, StringConstraints(strip_whitespace=True, max_length=255)] | None
    ) = None


class Language(_Input):
    tid: int
    level: LanguageLevel


class Languages(_Input):
    languages: list[Language] = Field(default_factory=list, max_length=MAX_LANGUAGES)
    languages_free: (
        Annotated[str, StringConstraints(strip_whitespace=True, max_length=500)] | None
    ) = None
    language_notes: LongText | None = None

    @model_validator(mode="after")
    def _once_each(self) -> Self:
        tids = [language.tid for language in self.languages]
        if len(set(tids)) != len(tids):
            raise ValueError("languages: each language once")
        return self


class Skills(_Input):
    skill_tids: list[int] = Field(default_factory=list, max_length=MAX_SKILLS)
    skills_free: list[
        Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
    ] = Field(default_factory=list, max_length=MAX_SKILLS)
    skills_notes: LongText | None = None


# (field, vocabulary) of the term ids each step refers to (checked against the read model)
TERM_FIELDS: dict[type[BaseModel], list[tuple[str, str]]] = {
    JobPreferences: [
        ("desired_occupation_tid", "occupational_fields"),
        ("employment_type_tids", "employment_types"),
    ],
    Education: [("degree_level_tid", "degree_levels"), ("field_of_study_tid", "fields_of_study")],
    WorkExperience: [
        ("occupation_tid", "occupational_fields"),
        ("employment_type_tid", "employment_types"),
    ],
    Skills: [("skill_tids", "skills")],
}


InputT = TypeVar("InputT", bound=BaseModel)


def parse(model: type[InputT], data: dict[str, Any], prefix: str = "") -> InputT | ResumeErrors:
    """``data`` as a valid ``model``, or the errors, each naming its field (a rule across
    fields says which field it is about: "end_date: the end is before the start")."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        found: list[ResumeError] = []
        for item in errors_from_validation(error, ResumeErrorCode):
            field, message = item.field, item.message
            head, colon, rest = message.partition(": ")
            if colon and head.isidentifier() and head.islower():
                if field is None:
                    field = head
                elif not field.endswith(head):
                    field = f"{field}.{head}"
                message = rest[:1].upper() + rest[1:] + "."
            path = f"{prefix}.{field}" if prefix and field else (field or prefix or None)
            found.append(ResumeError(item.code, message, path))
        return ResumeErrors(found)
