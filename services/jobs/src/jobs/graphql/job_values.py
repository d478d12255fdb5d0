"""Jobs' graph value types: the enums, addresses, images, dates, salaries, qualifying questions
and reports a job is made of (the job itself and its page are in ``types``)."""

from __future__ import annotations

from datetime import date, datetime
from enum import Enum
from typing import Any

import strawberry
from strawberry.federation.schema_directives import Key
from strawberry.federation.types import FieldSet


@strawberry.enum(description="The kind of job posting (spec 5: allowed job types).")
class JobType(Enum):
    JOB_PER_TEMPLATE = "job_per_template"
    JOB_PER_LINK = "job_per_link"
    JOB_PER_FILE = "job_per_file"


@strawberry.enum(
    description="Workflow state. AWAITING_SLOT: publish requested, waiting for billing's answer."
)
class JobState(Enum):
    DRAFT = "draft"
    AWAITING_SLOT = "awaiting_slot"
    NEEDS_REVIEW = "needs_review"
    SCHEDULED = "scheduled"
    PUBLISHED = "published"
    ARCHIVED = "archived"
    EXPIRED = "expired"


@strawberry.enum
class SalaryUnit(Enum):
    HOUR = "hour"
    DAY = "day"
    WEEK = "week"
    MONTH = "month"
    YEAR = "year"


@strawberry.enum(description="ON_SITE: apply on this board.")
class ApplicationWorkflow(Enum):
    EMAIL = "email"
    LINK = "link"
    ON_SITE = "on_site"


@strawberry.federation.type(shareable=True)
class Url:
    path: str


@strawberry.federation.type(shareable=True, description="An image in one of its styles.")
class Image:
    upload_id: strawberry.ID = strawberry.field(
        description="The upload it was made from (what the group mutations take to keep it)."
    )
    url: str
    alt: str
    title: str | None
    style: str


@strawberry.federation.type(shareable=True)
class Address:
    country_code: str
    address_line1: str | None
    address_line2: str | None
    administrative_area: str | None
    locality: str
    zip: str | None
    lat: float | None
    lon: float | None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Address:
        return cls(
            country_code=data["country_code"],
            address_line1=data.get("address_line1"),
            address_line2=data.get("address_line2"),
            administrative_area=data.get("administrative_area"),
            locality=data["locality"],
            zip=data.get("zip"),
            lat=data.get("lat"),
            lon=data.get("lon"),
        )


@strawberry.federation.type(
    shareable=True,
    description="A metatag of a public page (title, description, canonical, og:*).",
)
class Metatag:
    meta: str
    value: str


@strawberry.federation.type(
    keys=[Key(fields=FieldSet("id"), resolvable=False)],
    description="An organization: the employer behind a profile and its jobs.",
)
class Organization:
    id: strawberry.ID


@strawberry.federation.type(
    keys=[Key(fields=FieldSet("id"), resolvable=False)],
    description="An organization's profile: public once published.",
)
class OrganizationProfile:
    id: strawberry.ID


@strawberry.type
class DatePeriod:
    start: date | None
    end: date | None


@strawberry.type
class SalaryRange:
    min_salary: float | None
    max_salary: float | None
    currency_code: str
    salary_unit: SalaryUnit


@strawberry.type
class JobLocation:
    address: Address


@strawberry.type(description="The job's PDF (job_per_file), shown inline.")
class JobFile:
    upload_id: strawberry.ID
    url: str
    filename: str


@strawberry.enum(description="How a qualifying question is answered.")
class QualifyingQuestionType(Enum):
    YES_NO = "yes_no"
    SINGLE_CHOICE = "single_choice"
    FREE_TEXT = "free_text"


@strawberry.type(description="A qualifying question of the job's application form.")
class QualifyingQuestion:
    question: str
    type: QualifyingQuestionType
    options: list[str] = strawberry.field(
        description='The answers to choose from: "yes" and "no" for YES_NO, empty for FREE_TEXT.'
    )
    knock_out_answers: list[str] = strawberry.field(
        description="Answers that flag an application for the recruiter (never hide it): "
        "members of the organization and admin-like users only (empty for others)."
    )

    @classmethod
    def from_stored(cls, data: dict[str, Any], *, private: bool) -> QualifyingQuestion:
        return cls(
            question=data["question"],
            type=QualifyingQuestionType(data["type"]),
            options=list(data.get("options") or []),
            knock_out_answers=list(data.get("knock_out_answers") or []) if private else [],
        )


@strawberry.type(
    description="Why the last publish request was refused (billing) or the review rejected."
)
class JobRefusal:
    reason: str = strawberry.field(description="no_slots_left | rejected | reported")
    message: str
    at: datetime


@strawberry.type(
    description="A missing Google JobPosting property (structured-data check before publishing)."
)
class StructuredDataHint:
    property: str
    level: str = strawberry.field(description="required | recommended")
    message: str


@strawberry.enum(description="Why a visitor reports a job.")
class JobReportReason(Enum):
    SCAM = "scam"
    DISCRIMINATORY = "discriminatory"
    EXPIRED = "expired"
    WRONG_INFORMATION = "wrong_information"
    OTHER = "other"


@strawberry.type(description="One visitor's report of a job (what the review queue shows).")
class JobReport:
    reason: JobReportReason
    details: str | None
    created_at: datetime


@strawberry.type(description="How many open reports give a reason.")
class JobReportReasonCount:
    reason: JobReportReason
    count: int


@strawberry.type(description="A job's open reports (administrators only).")
class JobReports:
    count: int = strawberry.field(description="Open reports, one per reporter.")
    reasons: list[JobReportReasonCount]
    reports: list[JobReport] = strawberry.field(description="Newest first.")
    hidden: bool = strawberry.field(
        description="The reports reached the site's threshold: the job is offline (NEEDS_REVIEW) "
        "until an administrator dismisses them or archives it."
    )
