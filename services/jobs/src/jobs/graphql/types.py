"""Jobs' graph types: the job with every form group of spec 3, its workflow and its page.

Unpublished jobs are only visible to their organization's members and admin-like users
(``visible_to``, applied wherever a job is answered: queries and entity references). Private
fields (application emails, the refusal) are null or empty for everyone else.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import TYPE_CHECKING, Annotated

import strawberry
from jobkit.graphql import Error, errors_summary, field_errors, parse_uuid, site_name
from jobkit.permissions import AdminLikeOrHidden
from jobkit.uploads.files import file_url
from jobkit.vocabulary import TermRef, term_ref
from strawberry.permission import PermissionExtension
from strawberry.types import Info

from jobs.domain import errors as domain_errors
from jobs.domain import page, structured_data
from jobs.domain.access import visible_to
from jobs.domain.clock import now_utc
from jobs.domain.models import Job as JobModel
from jobs.domain.models import SiteSetting
from jobs.graphql.context import JobContext
from jobs.graphql.dataloaders import (
    captcha_required,
    is_bookmarked,
    job_by_id,
    known_organization,
    my_application_of,
    open_reports_of,
    term_labels,
)
from jobs.graphql.job_values import (
    Address,
    ApplicationWorkflow,
    DatePeriod,
    Image,
    JobFile,
    JobLocation,
    JobRefusal,
    JobReport,
    JobReportReason,
    JobReportReasonCount,
    JobReports,
    JobState,
    JobType,
    Metatag,
    Organization,
    OrganizationProfile,
    QualifyingQuestion,
    SalaryRange,
    SalaryUnit,
    StructuredDataHint,
    Url,
)
from jobs.settings import JobsSettings

if TYPE_CHECKING:
    from jobs.graphql.application_types import MyApplication

JobErrorCode = strawberry.enum(
    domain_errors.JobErrorCode, description="Why a job operation was refused."
)


@strawberry.type(description="One refused input of a job operation.")
class JobError(Error):
    code: JobErrorCode  # type: ignore[valid-type]


@strawberry.type(description="A job operation was refused; each error names its field.")
class JobErrors:
    message: str
    errors: list[JobError]

    @classmethod
    def from_domain(cls, refused: domain_errors.JobErrors) -> JobErrors:
        errors = field_errors(refused, JobError)
        return cls(message=errors_summary(len(errors)), errors=errors)


async def may_edit(context: JobContext, organization_id: object) -> bool:
    """The caller is a member of the organization or admin-like (read side of the domain's rule:
    who sees drafts and private fields)."""
    principal = context.principal
    return principal is not None and (
        principal.is_admin_like or await context.is_member(organization_id)
    )


async def visible(context: JobContext, row: JobModel) -> bool:
    """The domain's rule (``visible_to``), with membership from the request's batched loader."""
    member = visible_to(row, None, is_member=False) or await may_edit(context, row.organization_id)
    return visible_to(row, context.principal, is_member=member)


def _settings(info: Info[JobContext, None]) -> JobsSettings:
    settings = info.context.settings
    assert isinstance(settings, JobsSettings)
    return settings


def _terms(tids: list[int]) -> list[TermRef]:
    return [term_ref(tid) for tid in tids]


@strawberry.federation.type(keys=["id"], description="A job posting.")
class Job:
    id: strawberry.ID
    row: strawberry.Private[JobModel]

    @strawberry.field(description="Stable lowercase; the page is /job/{slug}.")
    def slug(self) -> str:
        return self.row.slug

    @strawberry.field(description="The site it belongs to (its canonical URL is there).")
    def site(self) -> str:
        return self.row.site

    @strawberry.field(
        description="The other sites of the platform it is shared with: it is listed and "
        "answers there too (shareJob).",
    )
    def shared_sites(self) -> list[str]:
        return sorted(self.row.shared_sites or [])

    @strawberry.field
    def url(self) -> Url:
        return Url(path=f"/job/{self.row.slug}")

    @strawberry.field
    def type(self) -> JobType:
        return JobType(self.row.type)

    @strawberry.field
    def state(self) -> JobState:
        return JobState(self.row.state)

    @strawberry.field
    def version(self) -> int:
        return self.row.version

    @strawberry.field(
        description="Its open reports; null for everyone but admin-like users.",
        extensions=[PermissionExtension([AdminLikeOrHidden()], fail_silently=True)],
    )
    async def reports(self, info: Info[JobContext, None]) -> JobReports | None:
        summary = await open_reports_of(info.context, self.row.id)
        hidden = self.row.hidden_for_reports_at is not None
        if summary is None:
            return JobReports(count=0, reasons=[], reports=[], hidden=hidden)
        return JobReports(
            count=summary.count,
            reasons=[
                JobReportReasonCount(reason=JobReportReason(reason), count=count)
                for reason, count in sorted(summary.reasons.items(), key=lambda i: (-i[1], i[0]))
            ],
            reports=[
                JobReport(
                    reason=JobReportReason(r.reason), details=r.details, created_at=r.created_at
                )
                for r in summary.reports
            ],
            hidden=hidden,
        )

    @strawberry.field(description="Link (external) jobs: not editable once submitted.")
    def is_external(self) -> bool:
        return self.row.type == "job_per_link"

    @strawberry.field(description="The caller is a member of the organization or admin-like.")
    async def can_edit(self, info: Info[JobContext, None]) -> bool:
        return await may_edit(info.context, self.row.organization_id)

    # job_info
    @strawberry.field
    def title(self) -> str:
        return self.row.title

    @strawberry.field
    def link_url(self) -> str | None:
        return self.row.link_url

    @strawberry.field
    async def file(self, info: Info[JobContext, None]) -> JobFile | None:
        if self.row.file_upload_id is None:
            return None
        return JobFile(
            upload_id=strawberry.ID(str(self.row.file_upload_id)),
            url=file_url(info.context.settings, self.row.file_upload_id, "original"),
            filename=f"{self.row.slug}.pdf",
        )

    @strawberry.field(description="Sanitized HTML (filtered; full for admin-like authors).")
    def description(self) -> str | None:
        return self.row.description

    @strawberry.field
    def availability_period(self) -> DatePeriod | None:
        if self.row.availability_start is None and self.row.availability_end is None:
            return None
        return DatePeriod(start=self.row.availability_start, end=self.row.availability_end)

    @strawberry.field
    def video_url(self) -> str | None:
        return self.row.video_url

    @strawberry.field(description="The privacy-friendly player (youtube-nocookie, Vimeo dnt).")
    def video_embed_url(self) -> str | None:
        return self.row.video_embed_url

    # company_info
    @strawberry.field
    def organization(self) -> Organization | None:
        return Organization(id=strawberry.ID(str(self.row.organization_id)))

    @strawberry.field(description="The organization's profile (it shares the organization's id).")
    def organization_profile(self) -> OrganizationProfile | None:
        return OrganizationProfile(id=strawberry.ID(str(self.row.organization_id)))

    @strawberry.field
    def organization_name(self) -> str:
        return self.row.organization_name

    @strawberry.field(description="The employer's name when posting for another one.")
    def organization_assignment(self) -> str | None:
        return self.row.organization_assignment

    @strawberry.field(
        description="The job's own logo, else null (the web falls back to the profile's)."
    )
    def logo(
        self, info: Info[JobContext, None], style: str = "job_squared_logo_medium"
    ) -> Image | None:
        if self.row.logo_upload_id is None:
            return None
        return Image(
            upload_id=strawberry.ID(str(self.row.logo_upload_id)),
            url=file_url(info.context.settings, self.row.logo_upload_id, style),
            alt=f"{self.row.organization_assignment or self.row.organization_name} logo",
            title=self.row.organization_assignment or self.row.organization_name,
            style=style,
        )

    # job_location
    @strawberry.field
    def locations(self) -> list[JobLocation]:
        return [JobLocation(address=Address.from_dict(i["address"])) for i in self.row.locations]

    @strawberry.field
    def remote_options(self) -> list[TermRef]:
        return _terms(self.row.remote_option_tids)

    # job_categorization
    @strawberry.field
    def employment_type(self) -> list[TermRef]:
        return _terms(self.row.employment_type_tids)

    @strawberry.field
    def occupational_field(self) -> list[TermRef]:
        return _terms(self.row.occupational_field_tids)

    @strawberry.field
    def fields_of_study(self) -> list[TermRef]:
        return _terms(self.row.fields_of_study_tids)

    @strawberry.field
    def degree_level(self) -> TermRef | None:
        tid = self.row.degree_level_tid
        return term_ref(tid) if tid is not None else None

    @strawberry.field
    def years_of_experience(self) -> TermRef | None:
        tid = self.row.years_of_experience_tid
        return term_ref(tid) if tid is not None else None

    @strawberry.field
    def salary_range(self) -> SalaryRange | None:
        data = self.row.salary_range
        if not data:
            return None
        return SalaryRange(
            min_salary=data.get("min_salary"),
            max_salary=data.get("max_salary"),
            currency_code=data["currency_code"],
            salary_unit=SalaryUnit(data.get("salary_unit") or "year"),
        )

    @strawberry.field
    def salary_range_free(self) -> str | None:
        return self.row.salary_range_free

    @strawberry.field
    def languages(self) -> list[TermRef]:
        return _terms(self.row.language_tids)

    @strawberry.field
    def languages_free(self) -> str | None:
        return self.row.languages_free

    @strawberry.field
    def skills(self) -> list[TermRef]:
        return _terms(self.row.skill_tids)

    @strawberry.field
    def skills_free(self) -> str | None:
        return self.row.skills_free

    # job_schedule
    @strawberry.field(description="Publish date (future = scheduled).")
    def published(self) -> datetime | None:
        return self.row.published

    @strawberry.field
    def expiration(self) -> datetime | None:
        return self.row.expiration

    @strawberry.field(description="Days, when no expiration.")
    def duration(self) -> int | None:
        return self.row.duration

    # job_application_options
    @strawberry.field
    def application_workflow(self) -> ApplicationWorkflow:
        return ApplicationWorkflow(self.row.application_workflow)

    @strawberry.field(
        description="Members of the organization and admin-like users only (empty for others)."
    )
    async def application_emails(self, info: Info[JobContext, None]) -> list[str]:
        if not await may_edit(info.context, self.row.organization_id):
            return []
        return list(self.row.application_emails)

    @strawberry.field
    def application_link(self) -> str | None:
        return self.row.application_link

    @strawberry.field
    def application_require_cv(self) -> bool:
        return self.row.application_require_cv

    @strawberry.field
    def application_require_cover_letter(self) -> bool:
        return self.row.application_require_cover_letter

    @strawberry.field
    def application_require_qualifying_questions(self) -> bool:
        return self.row.application_require_qualifying_questions

    @strawberry.field
    async def application_qualifying_questions(
        self, info: Info[JobContext, None]
    ) -> list[QualifyingQuestion]:
        questions = self.row.application_qualifying_questions
        private = bool(questions) and await may_edit(info.context, self.row.organization_id)
        return [QualifyingQuestion.from_stored(q, private=private) for q in questions]

    # workflow and page
    @strawberry.field(
        description="Why the last publish request was refused: members and admin-like only."
    )
    async def refusal(self, info: Info[JobContext, None]) -> JobRefusal | None:
        data = self.row.refusal
        if not data or not await may_edit(info.context, self.row.organization_id):
            return None
        return JobRefusal(
            reason=data["reason"], message=data["message"], at=datetime.fromisoformat(data["at"])
        )

    # the rules of jobs.domain.structured_data the job's posting would break if it went public now
    @strawberry.field(description="What Google requires or recommends that the job still lacks.")
    async def structured_data_hints(self, info: Info[JobContext, None]) -> list[StructuredDataHint]:
        organization = await known_organization(info.context, self.row.organization_id)
        employment = await term_labels(info.context, self.row.employment_type_tids)
        remote = await term_labels(info.context, self.row.remote_option_tids)
        return [
            StructuredDataHint(property=rule.property, level=rule.level, message=rule.message)
            for rule in structured_data.hints(
                self.row,
                settings=_settings(info),
                organization=organization,
                employment_labels=employment,
                remote_labels=remote,
                now=now_utc(),
            )
        ]

    @strawberry.field
    def created_at(self) -> datetime:
        return self.row.created_at

    @strawberry.field
    def updated_at(self) -> datetime:
        return self.row.updated_at

    @strawberry.field(description="When it went public.")
    def published_at(self) -> datetime | None:
        return self.row.published_at

    @strawberry.field(description="The expiration, else the publication plus the duration.")
    def expires_at(self) -> datetime | None:
        return self.row.expires_at

    @strawberry.field(
        description="Applications received (each jobs.application.submitted): members of the "
        "organization and admin-like users only (null for others)."
    )
    async def applications_count(self, info: Info[JobContext, None]) -> int | None:
        if not await may_edit(info.context, self.row.organization_id):
            return None
        return self.row.applications_count

    # Nullable on purpose: a job reached through another subgraph (a search hit) keeps its other
    # fields when this service cannot answer; only the bookmark is missing then.
    @strawberry.field(
        description=(
            "Whether the caller bookmarked it (false for visitors; null when the jobs service "
            "could not answer through the gateway)."
        )
    )
    async def bookmarked(self, info: Info[JobContext, None]) -> bool | None:
        return await is_bookmarked(info.context, self.row.id)

    @strawberry.field(
        description="The caller's latest application to it (also one sent before signing in "
        "from the account's address); null for visitors and when they have not applied."
    )
    async def my_application(
        self, info: Info[JobContext, None]
    ) -> Annotated[MyApplication, strawberry.lazy("jobs.graphql.application_types")] | None:
        from jobs.graphql.application_types import MyApplication

        row = await my_application_of(info.context, self.row.id)
        return MyApplication(row=row) if row is not None else None

    @strawberry.field(
        description="Whether applying asks for a captcha (the site's captcha.job_application)."
    )
    async def application_captcha_required(self, info: Info[JobContext, None]) -> bool:
        return await captcha_required(info.context, self.row.site)

    @strawberry.field(
        description="Title, description, canonical, og:* and robots (noindex unless public)."
    )
    async def metatags(self, info: Info[JobContext, None]) -> list[Metatag]:
        organization = await known_organization(info.context, self.row.organization_id)
        name = await site_name(info.context, SiteSetting.__table__, info.context.frontend.site)
        return [
            Metatag(meta=tag.meta, value=tag.value)
            for tag in page.metatags(
                self.row,
                settings=_settings(info),
                organization=organization,
                site_name=name,
                asking_site=info.context.frontend.site,
            )
        ]

    @strawberry.field(description="schema.org JobPosting as a JSON string; null unless PUBLISHED.")
    async def json_ld(self, info: Info[JobContext, None]) -> str | None:
        if self.row.state != "published":
            return None
        organization = await known_organization(info.context, self.row.organization_id)
        employment = await term_labels(info.context, self.row.employment_type_tids)
        remote = await term_labels(info.context, self.row.remote_option_tids)
        return structured_data.json_ld(
            self.row,
            settings=_settings(info),
            organization=organization,
            employment_labels=employment,
            remote_labels=remote,
            now=now_utc(),
        )

    @classmethod
    def from_model(cls, row: JobModel) -> Job:
        return cls(id=strawberry.ID(str(row.id)), row=row)

    @classmethod
    async def resolve_reference(cls, info: Info[JobContext, None], id: strawberry.ID) -> Job | None:
        row = await job_by_id(info.context, id)
        if row is None or not await visible(info.context, row):
            return None
        return cls.from_model(row)


@strawberry.type
class JobPage:
    jobs: list[Job]
    total: int


def parse_id(value: object) -> uuid.UUID | None:
    return parse_uuid(value)
