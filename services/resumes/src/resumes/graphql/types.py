"""Resumes' graph types: the resume profile of spec 3, its completeness and contact requests.

Who sees a resume is ``resumes.domain.access``'s rule, applied in one place, :func:`resume_for`
(the resume query, ``_entities`` and every contact request's ``resume`` go through it). The
private fields (first and last name, phone, birthday, home location) declare
:class:`PrivateToApprovedContacts`: null for a recruiter without an approved contact request.
The applicant's own settings (findable, completeness, hidden organizations) declare
``OwnerOrAdminLike``. There is no email field.
"""

from __future__ import annotations

import uuid
from datetime import date, datetime
from enum import Enum
from typing import Any

import strawberry
from jobkit.graphql import Error, errors_summary, field_errors
from jobkit.permissions import OwnerOrAdminLike
from jobkit.vocabulary import TermRef, term_ref
from strawberry.extensions.field_extension import FieldExtension
from strawberry.permission import PermissionExtension
from strawberry.types import Info

from resumes.domain import completeness as domain_completeness
from resumes.domain import errors as domain_errors
from resumes.domain import sections
from resumes.domain.access import RecruiterFacts, discloses_private, is_own, visible_to
from resumes.domain.errors import NO_CONTACTS_LEFT_MESSAGE
from resumes.domain.models import ContactRequest as ContactRequestModel
from resumes.domain.models import Resume as ResumeModel
from resumes.graphql.context import ResumeContext
from resumes.graphql.dataloaders import organization_name, recruiter_facts, resume_by_id
from resumes.graphql.permissions import PrivateToApprovedContacts
from resumes.settings import ResumesSettings

ResumeErrorCode = strawberry.enum(
    domain_errors.ResumeErrorCode, description="Why a resume operation was refused."
)
Salutation = strawberry.enum(sections.Salutation, name="ResumeSalutation")
CareerStatus = strawberry.enum(sections.CareerStatus, name="ResumeCareerStatus")
AvailabilityPeriod = strawberry.enum(sections.AvailabilityPeriod, name="ResumeAvailabilityPeriod")
SalaryUnit = strawberry.enum(sections.SalaryUnit, name="ResumeSalaryUnit")
LanguageLevel = strawberry.enum(
    sections.LanguageLevel,
    name="ResumeLanguageLevel",
    description="CEFR levels A1 to C2, or a native speaker.",
)
CompletenessItem = strawberry.enum(
    domain_completeness.Missing,
    name="ResumeCompletenessItem",
    description="What a resume needs before it can be searchable (resumes.domain.completeness).",
)


@strawberry.enum(
    description="A contact request's state. AWAITING_CREDIT: billing has not answered yet; "
    "DENIED: the organization had no resume contact left (the applicant never sees those two)."
)
class ContactRequestStatus(Enum):
    AWAITING_CREDIT = "awaiting_credit"
    PENDING = "pending"
    APPROVED = "approved"
    DECLINED = "declined"
    REVOKED = "revoked"
    DENIED = "denied"


def _private() -> list[FieldExtension]:
    return [PermissionExtension([PrivateToApprovedContacts()], fail_silently=True)]


def _own() -> list[FieldExtension]:
    return [PermissionExtension([OwnerOrAdminLike()], fail_silently=True)]


@strawberry.type(description="One refused input of a resume operation.")
class ResumeError(Error):
    code: ResumeErrorCode  # type: ignore[valid-type]


@strawberry.type(description="A resume operation was refused; each error names its field.")
class ResumeErrors:
    message: str
    errors: list[ResumeError]

    @classmethod
    def from_domain(cls, refused: domain_errors.ResumeErrors) -> ResumeErrors:
        errors = field_errors(refused, ResumeError)
        return cls(message=errors_summary(len(errors)), errors=errors)


@strawberry.type(description="A city: a desired place of work, an entry's place, or the home.")
class ResumePlace:
    locality: str
    country_code: str
    administrative_area: str | None
    zip: str | None
    lat: float | None
    lon: float | None

    @classmethod
    def of(cls, data: dict[str, Any] | None) -> ResumePlace | None:
        if not data:
            return None
        return cls(
            locality=data["locality"],
            country_code=data["country_code"],
            administrative_area=data.get("administrative_area"),
            zip=data.get("zip"),
            lat=data.get("lat"),
            lon=data.get("lon"),
        )


@strawberry.type(description="The desired salary range.")
class ResumeSalary:
    min: float | None
    max: float | None
    currency: str
    unit: SalaryUnit  # type: ignore[valid-type]


@strawberry.type
class ResumeLanguage:
    language: TermRef
    level: LanguageLevel  # type: ignore[valid-type]


@strawberry.type(description="The share of the completeness rules met, and what is missing.")
class ResumeCompleteness:
    percent: int
    missing: list[CompletenessItem]  # type: ignore[valid-type]
    complete: bool


@strawberry.type(
    name="ResumeEducationEntry",
    description="One education entry (the time period is null where the site's "
    "resume configuration nulls it).",
)
class EducationEntry:
    id: strawberry.ID
    institution: str
    degree_level: TermRef | None
    field_of_study: TermRef | None
    study_program: str | None
    location: ResumePlace | None
    start_date: date | None
    end_date: date | None
    summary: str | None


@strawberry.type(name="ResumeWorkExperienceEntry", description="One work experience entry.")
class WorkExperienceEntry:
    id: strawberry.ID
    job_title: str
    occupation: TermRef | None
    employment_type: TermRef | None
    company_name: str | None
    location: ResumePlace | None
    start_date: date | None
    end_date: date | None
    summary: str | None


def _term(tid: int | None) -> TermRef | None:
    return term_ref(tid) if tid is not None else None


@strawberry.federation.type(
    keys=["id"],
    description="An applicant's resume (spec 3). Its applicant and admin-like users see all of "
    "it; recruiters see the public fields of a searchable resume (or one their organization "
    "asked to contact) and the private fields only once the applicant approved their "
    "organization's contact request. Never the email.",
)
class Resume:
    id: strawberry.ID
    owner_id: strawberry.Private[str]
    disclosed: strawberry.Private[bool]
    row: strawberry.Private[ResumeModel]
    settings: strawberry.Private[ResumesSettings]

    title: str = strawberry.field(description="The headline (job_preferences title).")
    salutation: Salutation | None  # type: ignore[valid-type]
    about: str | None
    updated_at: datetime

    first_name: str | None = strawberry.field(
        extensions=_private(), description="Private: the applicant, or an approved contact."
    )
    last_name: str | None = strawberry.field(
        extensions=_private(), description="Private: the applicant, or an approved contact."
    )
    phone: str | None = strawberry.field(
        extensions=_private(), description="Private: the applicant, or an approved contact."
    )
    birthday: date | None = strawberry.field(
        extensions=_private(),
        description="Private; null where the site's resume configuration nulls it.",
    )
    home_location: ResumePlace | None = strawberry.field(
        extensions=_private(), description="Private: the applicant, or an approved contact."
    )

    findable: bool | None = strawberry.field(
        extensions=_own(), description="The applicant's choice: recruiters may find it."
    )
    searchable: bool | None = strawberry.field(
        extensions=_own(), description="Findable and complete: recruiters can find it now."
    )
    hidden_from_organization_ids: list[strawberry.ID] | None = strawberry.field(
        extensions=_own(), description="The organizations whose recruiters never see it."
    )

    @strawberry.field(extensions=_own(), description="What is missing before it is searchable.")
    def completeness(self) -> ResumeCompleteness | None:
        state = domain_completeness.completeness(self.row)
        return ResumeCompleteness(
            percent=state.percent, missing=list(state.missing), complete=state.complete
        )

    @strawberry.field
    def desired_occupation(self) -> TermRef | None:
        return _term(self.row.desired_occupation_tid)

    @strawberry.field
    def employment_types(self) -> list[TermRef]:
        return [term_ref(tid) for tid in self.row.employment_type_tids]

    @strawberry.field(description="Where the applicant wants to work (public; not the home).")
    def desired_location(self) -> ResumePlace | None:
        return ResumePlace.of(self.row.desired_location)

    @strawberry.field
    def desired_salary(self) -> ResumeSalary | None:
        row = self.row
        if not row.salary_currency:
            return None
        return ResumeSalary(
            min=float(row.salary_min) if row.salary_min is not None else None,
            max=float(row.salary_max) if row.salary_max is not None else None,
            currency=row.salary_currency,
            unit=sections.SalaryUnit(row.salary_unit or "year"),
        )

    @strawberry.field
    def career_status(self) -> CareerStatus | None:  # type: ignore[valid-type]
        return sections.CareerStatus(self.row.career_status) if self.row.career_status else None

    @strawberry.field
    def available_start(self) -> date | None:
        return self.row.available_start

    @strawberry.field
    def availability_periods(self) -> list[AvailabilityPeriod]:  # type: ignore[valid-type]
        return [sections.AvailabilityPeriod(value) for value in self.row.availability_periods]

    @strawberry.field
    def languages(self) -> list[ResumeLanguage]:
        return [
            ResumeLanguage(
                language=term_ref(item["tid"]), level=sections.LanguageLevel(item["level"])
            )
            for item in self.row.languages
        ]

    @strawberry.field
    def languages_free(self) -> str | None:
        return self.row.languages_free

    @strawberry.field
    def language_notes(self) -> str | None:
        return self.row.language_notes

    @strawberry.field
    def skills(self) -> list[TermRef]:
        return [term_ref(tid) for tid in self.row.skill_tids]

    @strawberry.field
    def skills_free(self) -> list[str]:
        return list(self.row.skills_free)

    @strawberry.field
    def skills_notes(self) -> str | None:
        return self.row.skills_notes

    @strawberry.field(description="In the applicant's order.")
    def education(self) -> list[EducationEntry]:
        dated = not self.settings.nulls("education_time_period")
        return [
            EducationEntry(
                id=strawberry.ID(str(entry.id)),
                institution=entry.institution,
                degree_level=_term(entry.degree_level_tid),
                field_of_study=_term(entry.field_of_study_tid),
                study_program=entry.study_program,
                location=ResumePlace.of(entry.location),
                start_date=entry.start_date if dated else None,
                end_date=entry.end_date if dated else None,
                summary=entry.summary,
            )
            for entry in self.row.education
        ]

    @strawberry.field(description="In the applicant's order.")
    def work_experience(self) -> list[WorkExperienceEntry]:
        dated = not self.settings.nulls("work_experience_time_period")
        return [
            WorkExperienceEntry(
                id=strawberry.ID(str(entry.id)),
                job_title=entry.job_title,
                occupation=_term(entry.occupation_tid),
                employment_type=_term(entry.employment_type_tid),
                company_name=entry.company_name,
                location=ResumePlace.of(entry.location),
                start_date=entry.start_date if dated else None,
                end_date=entry.end_date if dated else None,
                summary=entry.summary,
            )
            for entry in self.row.work_experience
        ]

    @classmethod
    def from_model(cls, row: ResumeModel, settings: ResumesSettings, *, disclosed: bool) -> Resume:
        """The resume as answered; ``disclosed``: the domain's ``discloses_private`` for the
        caller (the private fields' permission reads it)."""
        return cls(
            id=strawberry.ID(str(row.id)),
            owner_id=str(row.owner_id),
            disclosed=disclosed,
            row=row,
            settings=settings,
            title=row.title,
            salutation=sections.Salutation(row.salutation) if row.salutation else None,
            about=row.about,
            updated_at=row.updated_at,
            first_name=row.first_name,
            last_name=row.last_name,
            phone=row.phone,
            birthday=None if settings.nulls("birthday") else row.birthday,
            home_location=ResumePlace.of(row.home_location),
            findable=row.findable,
            searchable=domain_completeness.searchable(row),
            hidden_from_organization_ids=[
                strawberry.ID(item.organization_id) for item in row.hidden_from
            ],
        )

    @classmethod
    async def resolve_reference(
        cls, info: Info[ResumeContext, None], id: strawberry.ID
    ) -> Resume | None:
        row = await resume_by_id(info.context, id)
        return await resume_for(info, row) if row is not None else None


def settings_of(info: Info[ResumeContext, None]) -> ResumesSettings:
    settings = info.context.settings
    assert isinstance(settings, ResumesSettings)
    return settings


async def resume_for(info: Info[ResumeContext, None], row: ResumeModel) -> Resume | None:
    """The resume as this caller may see it, or None (access.visible_to)."""
    principal = info.context.principal
    if principal is None:
        return None
    facts = (
        RecruiterFacts()
        if is_own(row, principal) or not principal.is_recruiter
        else await recruiter_facts(info.context, row.id)
    )
    if not visible_to(row, principal, facts):
        return None
    return Resume.from_model(
        row, settings_of(info), disclosed=discloses_private(row, principal, facts)
    )


def own_resume(info: Info[ResumeContext, None], row: ResumeModel) -> Resume:
    """The caller's own resume (myResume, the wizard's answers): everything disclosed."""
    return Resume.from_model(row, settings_of(info), disclosed=True)


@strawberry.type(description="A recruiter's organization asked to contact an applicant.")
class ContactRequest:
    id: strawberry.ID
    status: ContactRequestStatus
    organization_id: strawberry.ID
    created_at: datetime
    updated_at: datetime
    resume_id: strawberry.Private[uuid.UUID]
    denied: strawberry.Private[bool]

    @strawberry.field(description="The organization's current name.")
    async def organization_name(self, info: Info[ResumeContext, None]) -> str | None:
        return await organization_name(info.context, str(self.organization_id))

    @strawberry.field(
        description="The resume as the caller may see it (private fields only after approval)."
    )
    async def resume(self, info: Info[ResumeContext, None]) -> Resume | None:
        row = await resume_by_id(info.context, self.resume_id)
        return await resume_for(info, row) if row is not None else None

    @strawberry.field(description="Why billing refused it, and where to get more contacts.")
    def refusal(self) -> str | None:
        return NO_CONTACTS_LEFT_MESSAGE if self.denied else None

    @classmethod
    def from_model(cls, row: ContactRequestModel) -> ContactRequest:
        return cls(
            id=strawberry.ID(str(row.id)),
            status=ContactRequestStatus(row.status),
            organization_id=strawberry.ID(row.organization_id),
            created_at=row.created_at,
            updated_at=row.updated_at,
            resume_id=row.resume_id,
            denied=row.status == "denied",
        )


@strawberry.type(description="One page of contact requests, newest change first.")
class ContactRequestPage:
    total: int
    requests: list[ContactRequest]
