"""The input of each job form group (camelCase in the schema, the domain's groups behind)."""

from __future__ import annotations

from datetime import date, datetime

import strawberry

from jobs.graphql.job_values import ApplicationWorkflow, JobType, QualifyingQuestionType, SalaryUnit


@strawberry.input
class AddressInput:
    country_code: str = strawberry.field(description="ISO 3166-1 alpha-2, e.g. US, DE")
    locality: str
    address_line1: str | None = None
    address_line2: str | None = None
    administrative_area: str | None = None
    zip: str | None = None


@strawberry.input
class CreateJobInput:
    organization_id: strawberry.ID
    title: str
    type: JobType = JobType.JOB_PER_TEMPLATE
    link_url: str | None = strawberry.field(
        default=None, description="The original ad (JOB_PER_LINK): may be given at creation."
    )


@strawberry.input
class DatePeriodInput:
    start: date | None = None
    end: date | None = None


@strawberry.input
class JobInfoInput:
    title: str | None = strawberry.field(
        default=None,
        description="Required on create; ignored on edit (the edit form hides it).",
    )
    link_url: str | None = None
    file_upload_id: strawberry.ID | None = strawberry.field(
        default=None, description="An upload (purpose job_file, a PDF) of the caller's."
    )
    description: str | None = strawberry.field(
        default=None, description="Rich text (HTML), sanitized on write."
    )
    availability_period: DatePeriodInput | None = None
    video_url: str | None = None


@strawberry.input
class CompanyInfoJobInput:
    organization_id: strawberry.ID
    organization_assignment: str | None = None
    logo_upload_id: strawberry.ID | None = strawberry.field(
        default=None, description="An upload (purpose job_logo) of the caller's."
    )


@strawberry.input
class JobLocationInput:
    address: AddressInput


@strawberry.input
class JobLocationGroupInput:
    locations: list[JobLocationInput] = strawberry.field(default_factory=list)
    remote_option_tids: list[int] = strawberry.field(default_factory=list)


@strawberry.input
class SalaryRangeInput:
    currency_code: str
    salary_unit: SalaryUnit
    min_salary: float | None = None
    max_salary: float | None = None


@strawberry.input
class JobCategorizationInput:
    employment_type_tids: list[int] = strawberry.field(default_factory=list)
    occupational_field_tids: list[int] = strawberry.field(default_factory=list)
    fields_of_study_tids: list[int] = strawberry.field(default_factory=list)
    degree_level_tid: int | None = None
    years_of_experience_tid: int | None = None
    salary_range: SalaryRangeInput | None = None
    salary_range_free: str | None = None
    language_tids: list[int] = strawberry.field(default_factory=list)
    languages_free: str | None = None
    skill_tids: list[int] = strawberry.field(default_factory=list)
    skills_free: str | None = None


@strawberry.input
class JobScheduleInput:
    published: datetime | None = None
    expiration: datetime | None = None
    duration: int | None = None


@strawberry.input(description="A typed qualifying question.")
class QualifyingQuestionInput:
    question: str
    type: QualifyingQuestionType = QualifyingQuestionType.FREE_TEXT
    options: list[str] = strawberry.field(
        default_factory=list,
        description="SINGLE_CHOICE: two or more; YES_NO: ignored (yes, no); FREE_TEXT: none.",
    )
    knock_out_answers: list[str] = strawberry.field(
        default_factory=list,
        description="Options that flag the application (not all of them; none for FREE_TEXT).",
    )


@strawberry.input
class JobApplicationOptionsInput:
    application_workflow: ApplicationWorkflow = ApplicationWorkflow.ON_SITE
    application_emails: list[str] = strawberry.field(default_factory=list)
    application_link: str | None = None
    application_require_cv: bool = False
    application_require_cover_letter: bool = False
    application_require_qualifying_questions: bool = False
    application_qualifying_questions: list[QualifyingQuestionInput] = strawberry.field(
        default_factory=list
    )
