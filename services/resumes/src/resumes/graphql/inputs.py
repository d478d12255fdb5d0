"""The wizard steps' inputs (spec 3). Validation is the domain's (``resumes.domain.sections``):
these only carry what the page sent, as snake_case dicts for the use cases."""

from __future__ import annotations

import dataclasses
from datetime import date
from enum import Enum
from typing import Any

import strawberry

from resumes.graphql.types import (
    AvailabilityPeriod,
    CareerStatus,
    LanguageLevel,
    SalaryUnit,
    Salutation,
)


def as_data(value: Any) -> Any:
    """An input as plain data: nested inputs as dicts, enums as their values, unset or null as
    absent (the domain's defaults)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: as_data(getattr(value, field.name))
            for field in dataclasses.fields(value)
            if getattr(value, field.name) not in (strawberry.UNSET, None)
        }
    if isinstance(value, list):
        return [as_data(item) for item in value]
    if isinstance(value, Enum):
        return value.value
    return value


@strawberry.input(
    name="ResumePlaceInput", description="A city (geocoded where the gazetteer knows it)."
)
class PlaceInput:
    locality: str
    country_code: str
    administrative_area: str | None = None
    zip: str | None = None


@strawberry.input(
    name="ResumePersonalInfoInput",
    description="Step personal_info. The private fields are first and last name, "
    "phone, birthday and home location.",
)
class PersonalInfoInput:
    first_name: str
    last_name: str
    salutation: Salutation | None = None  # type: ignore[valid-type]
    phone: str | None = None
    birthday: date | None = strawberry.field(
        default=None, description="Ignored where the site's resume configuration nulls it."
    )
    home_location: PlaceInput | None = None
    about: str | None = None


@strawberry.input(name="ResumeSalaryInput")
class SalaryInput:
    min: float | None = None
    max: float | None = None
    currency: str = "EUR"
    unit: SalaryUnit | None = None  # type: ignore[valid-type]


@strawberry.input(name="ResumeJobPreferencesInput", description="Step job_preferences.")
class JobPreferencesInput:
    title: str
    desired_occupation_tid: int | None = None
    employment_type_tids: list[int] = strawberry.field(default_factory=list)
    desired_location: PlaceInput | None = None
    desired_salary: SalaryInput | None = None
    career_status: CareerStatus | None = None  # type: ignore[valid-type]
    available_start: date | None = None
    availability_periods: list[AvailabilityPeriod] = strawberry.field(  # type: ignore[valid-type]
        default_factory=list
    )


@strawberry.input(
    name="ResumeEducationInput",
    description="One education entry; the time period is ignored where the "
    "site's resume configuration nulls it.",
)
class EducationInput:
    institution: str
    degree_level_tid: int | None = None
    field_of_study_tid: int | None = None
    study_program: str | None = None
    location: PlaceInput | None = None
    start_date: date | None = None
    end_date: date | None = None
    summary: str | None = None


@strawberry.input(name="ResumeWorkExperienceInput", description="One work experience entry.")
class WorkExperienceInput:
    job_title: str
    occupation_tid: int | None = None
    employment_type_tid: int | None = None
    company_name: str | None = None
    location: PlaceInput | None = None
    start_date: date | None = None
    end_date: date | None = None
    summary: str | None = None


@strawberry.input(name="ResumeLanguageInput")
class LanguageInput:
    tid: int = strawberry.field(description="A term of the languages vocabulary.")
    level: LanguageLevel  # type: ignore[valid-type]


@strawberry.input(
    name="ResumeLanguagesInput",
    description="The languages step: the whole list, in the applicant's order.",
)
class LanguagesInput:
    languages: list[LanguageInput] = strawberry.field(default_factory=list)
    languages_free: str | None = None
    language_notes: str | None = None


@strawberry.input(
    name="ResumeSkillsInput",
    description="The skills step: vocabulary terms plus free text and notes.",
)
class SkillsInput:
    skill_tids: list[int] = strawberry.field(default_factory=list)
    skills_free: list[str] = strawberry.field(default_factory=list)
    skills_notes: str | None = None
