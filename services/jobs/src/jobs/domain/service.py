"""Job use cases. Each opens one unit of work and writes state and outbox events together.

Who may change a job is decided in one place, :func:`_authorize`: recruiters who are members of
the job's organization, and admin-like users. Everything else (a wrong group value, an unknown
term, someone else's upload, a transition the state does not allow) answers errors as data
with the field at fault. Every change bumps the job's ``version`` and emits an event.

The workflow (docs/decisions/0008-job-scheduler.md): DRAFT -publish-> AWAITING_SLOT; billing
grants -> NEEDS_REVIEW when the site moderates (approve -> on), else SCHEDULED when the publish
date is ahead (the scheduler publishes it) or PUBLISHED (the scheduler expires it); billing
denies -> DRAFT with the refusal. Archiving before publication withdraws the slot request;
rejecting a job under review sends it back to DRAFT (slot withdrawn, recruiter mailed);
ARCHIVED and EXPIRED jobs may be republished (a new slot).
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from jobkit.events import EventPayload
from jobkit.geo import geocode
from jobkit.html import plain_text, sanitize_for
from jobkit.outbox import enqueue
from jobkit.uploads.files import file_url
from jobkit.uploads.tables import usable_upload
from jobkit.vocabulary import unknown_terms
from pydantic import BaseModel, ValidationError
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.db import members, outbox, terms, uploads
from jobs.domain import groups
from jobs.domain.errors import (
    NO_SLOTS_LEFT_MESSAGE,
    NO_SUCH_JOB,
    NOT_A_MEMBER,
    JobError,
    JobErrorCode,
    JobErrors,
)
from jobs.domain.events import (
    IndexedLocation,
    IndexedSalary,
    JobArchived,
    JobCreated,
    JobExpired,
    JobPublished,
    JobPublishRequested,
    JobPublishWithdrawn,
    JobRejected,
    JobScheduled,
    JobSnapshot,
    JobSubmitted,
    JobUpdated,
    SlotDenied,
    SlotGranted,
)
from jobs.domain.models import Job, JobSlug, KnownOrganization, SiteSetting
from jobs.domain.slugs import claim_slug, slugify
from jobs.settings import JobsSettings

Code = JobErrorCode
LOGO_STYLE = "job_squared_logo_medium"
PUBLIC_STATES = frozenset({"published"})
# Once public, a job's page stays readable after it ends, saying it is no longer available (the
# web answers 410 with noindex; no JSON-LD): shared links and search engines learn it is gone.
GONE_STATES = frozenset({"expired", "archived"})
# States in which a publication is requested or pending: archiving withdraws the slot request.
BEFORE_PUBLICATION = frozenset({"awaiting_slot", "needs_review", "scheduled"})
SCHEDULER_ACTOR = "system:scheduler"
SLOTS_ACTOR = "system:slots"
NO_SLOTS_LEFT = "no_slots_left"
REJECTED = "rejected"


def now_utc() -> datetime:
    return datetime.now(UTC)


def _error(code: Code, message: str, field: str | None = None) -> JobErrors:
    return JobErrors([JobError(code, message, field)])


def _forbidden() -> JobErrors:
    return _error(Code.FORBIDDEN, NOT_A_MEMBER)


def _not_found() -> JobErrors:
    return _error(Code.NOT_FOUND, NO_SUCH_JOB, "id")


def _invalid_transition(job: Job, action: str) -> JobErrors:
    return _error(
        Code.INVALID_TRANSITION,
        f"A job in state {job.state.upper()} cannot be {action}.",
        "state",
    )


def _actor(principal: Principal) -> str:
    return principal.actor_id or principal.user_id


def visible_to(job: Job, principal: Principal | None, *, is_member: bool) -> bool:
    """Published jobs for everyone, and expired or archived ones that were public once; any
    other state for the organization's members and admin-like users only (applied wherever a
    job is answered: queries and references)."""
    if job.state in PUBLIC_STATES:
        return True
    if job.state in GONE_STATES and job.published_at is not None:
        return True
    return principal is not None and (principal.is_admin_like or is_member)


async def is_member(
    session: AsyncSession, principal: Principal, organization_id: uuid.UUID
) -> bool:
    found = await session.scalar(
        select(func.count())
        .select_from(members)
        .where(
            members.c.organization_id == str(organization_id),
            members.c.user_id == principal.user_id,
        )
    )
    return bool(found)


async def _authorize(
    session: AsyncSession, principal: Principal, organization_id: uuid.UUID
) -> JobErrors | None:
    """The one rule for changing a job: a recruiter member of its organization, or admin-like."""
    if principal.is_admin_like:
        return None
    if principal.is_recruiter and await is_member(session, principal, organization_id):
        return None
    return _forbidden()


async def moderates(session: AsyncSession, site: str) -> bool:
    """Whether the site reviews jobs before they go public (identity's ``jobs.moderation``)."""
    setting = await session.get(SiteSetting, (site, "jobs", "moderation"))
    return bool(setting.value) if setting is not None else False


def expires_at(job: Job, settings: JobsSettings) -> datetime | None:
    """The expiration date, else the publication plus the duration (default 30 days)."""
    if job.expiration is not None:
        return job.expiration
    start = job.published_at or job.published
    if start is None:
        return None
    return start + timedelta(days=job.duration or settings.default_duration_days)


def logo_url(
    settings: JobsSettings, job: Job, organization: KnownOrganization | None
) -> str | None:
    """The job's own logo, else its organization profile's (relative to the site)."""
    if job.logo_upload_id is not None:
        return file_url(settings, job.logo_upload_id, LOGO_STYLE)
    return organization.logo_url if organization is not None else None


async def snapshot(
    session: AsyncSession, settings: JobsSettings, job: Job, kind: type[JobSnapshot]
) -> JobSnapshot:
    organization = await session.get(KnownOrganization, job.organization_id)
    # the database sets updated_at on each write: read what the flush left
    await session.refresh(job, attribute_names=["updated_at"])
    former = await session.scalars(
        select(JobSlug.slug).where(JobSlug.job_id == job.id, JobSlug.slug != job.slug)
    )
    salary = job.salary_range
    return kind(
        job_id=str(job.id),
        site=job.site,
        slug=job.slug,
        former_slugs=sorted(former),
        title=job.title,
        description=job.description,
        description_text=plain_text(job.description or "")[:20_000],
        type=job.type,
        state=job.state,
        version=job.version,
        organization_id=str(job.organization_id),
        organization_number=job.organization_number,
        organization_name=job.organization_name,
        organization_assignment=job.organization_assignment,
        logo_url=logo_url(settings, job, organization),
        link_url=job.link_url,
        employment_type_tids=job.employment_type_tids,
        occupational_field_tids=job.occupational_field_tids,
        fields_of_study_tids=job.fields_of_study_tids,
        degree_level_tid=job.degree_level_tid,
        years_of_experience_tid=job.years_of_experience_tid,
        language_tids=job.language_tids,
        skill_tids=job.skill_tids,
        remote_option_tids=job.remote_option_tids,
        locations=[
            IndexedLocation(
                locality=a["locality"],
                country_code=a["country_code"],
                administrative_area=a.get("administrative_area"),
                address_line1=a.get("address_line1"),
                zip=a.get("zip"),
                lat=a.get("lat"),
                lon=a.get("lon"),
            )
            for a in (item["address"] for item in job.locations)
        ],
        salary=IndexedSalary(**salary) if salary else None,
        application_workflow=job.application_workflow,
        published_at=job.published_at.isoformat() if job.published_at else None,
        expires_at=job.expires_at.isoformat() if job.expires_at else None,
        created_at=(job.created_at or now_utc()).isoformat(),
        featured_until=job.featured_until.isoformat() if job.featured_until else None,
        own_logo=job.logo_upload_id is not None,
        updated_at=job.updated_at.isoformat(),
    )


async def _emit(
    session: AsyncSession,
    settings: JobsSettings,
    job: Job,
    payload: EventPayload | type[JobSnapshot],
    actor: str | None,
) -> None:
    """One event about ``job`` at its current version; a snapshot class is filled in here."""
    if isinstance(payload, type):
        await session.flush()
        payload = await snapshot(session, settings, job, payload)
    event = payload.envelope(
        aggregate_id=str(job.id), site=job.site, actor=actor, aggregate_version=job.version
    )
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)


async def _answer(session: AsyncSession, job: Job) -> Job:
    await session.flush()
    await session.refresh(job)  # server-set columns, for the answer
    return job


# --- creating and editing ---------------------------------------------------------------------


async def create_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    organization_id: uuid.UUID,
    title: str,
    type: str = "job_per_template",
    link_url: str | None = None,
    site: str | None = None,
) -> Job | JobErrors:
    """A recruiter of the organization (or an admin-like user) starts a job as a DRAFT."""
    try:
        valid = groups.NewJob.model_validate({"type": type, "title": title, "link_url": link_url})
    except ValidationError as error:
        return JobErrors(errors_from_validation(error, Code))
    async with unit_of_work(sessions) as session:
        refused = await _authorize(session, principal, organization_id)
        if refused is not None:
            return refused
        organization = await session.get(KnownOrganization, organization_id)
        if organization is None:
            return _error(Code.NOT_FOUND, "This organization does not exist.", "organizationId")
        job = Job(
            id=uuid.uuid4(),
            site=site or settings.site,
            slug=str(uuid.uuid4()),  # a placeholder until the slug is claimed below
            type=valid.type,
            state="draft",
            version=1,
            owner_id=uuid.UUID(principal.user_id),
            owner_email=principal.email,
            organization_id=organization.id,
            organization_number=organization.number,
            organization_name=organization.name,
            title=valid.title,
            link_url=valid.link_url,
            locations=[],
            remote_option_tids=[],
            employment_type_tids=[],
            occupational_field_tids=[],
            fields_of_study_tids=[],
            language_tids=[],
            skill_tids=[],
            application_workflow="link" if valid.type == "job_per_link" else "on_site",
            application_emails=[],
            application_link=valid.link_url,
            application_qualifying_questions=[],
            application_require_cv=False,
            application_require_cover_letter=False,
            application_require_qualifying_questions=False,
            views_count=0,
            applications_count=0,
        )
        session.add(job)
        await session.flush()
        job.slug = await claim_slug(session, site=job.site, title=job.title, job_id=job.id)
        await _emit(session, settings, job, JobCreated, _actor(principal))
        return await _answer(session, job)


GROUP_MODELS: dict[str, type[groups.Group]] = {
    "job_info": groups.JobInfo,
    "company_info": groups.CompanyInfo,
    "job_location": groups.JobLocation,
    "job_categorization": groups.JobCategorization,
    "job_schedule": groups.JobSchedule,
    "job_application_options": groups.JobApplicationOptions,
}

# The group's vocabulary fields: (field, vocabulary).
TERM_FIELDS: dict[str, list[tuple[str, str]]] = {
    "job_location": [("remote_option_tids", "remote_options")],
    "job_categorization": [
        ("employment_type_tids", "employment_types"),
        ("occupational_field_tids", "occupational_fields"),
        ("fields_of_study_tids", "fields_of_study"),
        ("degree_level_tid", "degree_levels"),
        ("years_of_experience_tid", "years_of_experience"),
        ("language_tids", "languages"),
        ("skill_tids", "skills"),
    ],
}


def _uploads_of(model: BaseModel) -> list[tuple[str, str | None, str]]:
    """(field path, upload id, purpose) of every upload the group references."""
    if isinstance(model, groups.JobInfo):
        return [("file_upload_id", model.file_upload_id, "job_file")]
    if isinstance(model, groups.CompanyInfo):
        return [("logo_upload_id", model.logo_upload_id, "job_logo")]
    return []


def _rule_errors(model: BaseModel, now: datetime) -> list[JobError]:
    """Rules across fields and against the clock (pydantic checked each field's shape)."""
    errors: list[JobError] = []
    if isinstance(model, groups.JobCategorization) and model.salary_range is not None:
        salary = model.salary_range
        if (
            salary.min_salary is not None
            and salary.max_salary is not None
            and salary.min_salary > salary.max_salary
        ):
            errors.append(
                JobError(
                    Code.OUT_OF_RANGE,
                    "The minimum salary is above the maximum.",
                    "salary_range.min_salary",
                )
            )
    if isinstance(model, groups.JobSchedule):
        if model.expiration is not None and _aware(model.expiration) <= now:
            errors.append(
                JobError(Code.IN_THE_PAST, "The expiration date has passed.", "expiration")
            )
        if (
            model.expiration is not None
            and model.published is not None
            and _aware(model.expiration) <= _aware(model.published)
        ):
            errors.append(
                JobError(
                    Code.OUT_OF_RANGE, "The job must expire after it is published.", "expiration"
                )
            )
    if isinstance(model, groups.JobInfo) and model.availability_period is not None:
        period = model.availability_period
        if period.start and period.end and period.start > period.end:
            errors.append(
                JobError(
                    Code.OUT_OF_RANGE,
                    "The period ends before it starts.",
                    "availability_period.end",
                )
            )
    if isinstance(model, groups.JobApplicationOptions):
        if model.application_workflow == "email" and not model.application_emails:
            errors.append(
                JobError(Code.REQUIRED, "Add an address applications go to.", "application_emails")
            )
        if model.application_workflow == "link" and not model.application_link:
            errors.append(
                JobError(
                    Code.REQUIRED, "Add the address of the application form.", "application_link"
                )
            )
    return errors


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


async def _check_references(
    session: AsyncSession, principal: Principal, group: str, model: BaseModel
) -> list[JobError]:
    errors: list[JobError] = []
    for field, vocabulary in TERM_FIELDS.get(group, []):
        value = getattr(model, field)
        tids = value if isinstance(value, list) else ([value] if value is not None else [])
        unknown = await unknown_terms(session, terms, vocabulary, tids)
        if unknown:
            errors.append(
                JobError(
                    Code.UNKNOWN_TERM,
                    f"Unknown {vocabulary.replace('_', ' ')}: {', '.join(map(str, unknown))}.",
                    field,
                )
            )
    for field, upload_id, purpose in _uploads_of(model):
        if upload_id is None:
            continue
        row = await usable_upload(session, uploads, upload_id, principal=principal, purpose=purpose)
        if row is None:
            errors.append(
                JobError(
                    Code.UNKNOWN_UPLOAD, "Upload the file again: this one is not available.", field
                )
            )
    return errors


def _address(address: groups.Address) -> dict[str, Any]:
    data = address.model_dump()
    data["country_code"] = address.country_code.upper()
    point = geocode(locality=address.locality, country_code=address.country_code)
    data["lat"], data["lon"] = (point.lat, point.lon) if point else (None, None)
    return data


def _apply(job: Job, model: BaseModel, *, full_html: bool, settings: JobsSettings) -> None:
    if isinstance(model, groups.JobInfo):
        # The title is set at creation only (the edit form hides it): never changed here.
        if job.type == "job_per_link" or model.link_url is not None:
            job.link_url = model.link_url
        job.file_upload_id = uuid.UUID(model.file_upload_id) if model.file_upload_id else None
        job.description = sanitize_for(model.description or "", full=full_html) or None
        period = model.availability_period
        job.availability_start = period.start if period else None
        job.availability_end = period.end if period else None
        job.video_url = model.video_url
        job.video_embed_url = groups.video_embed_url(model.video_url)
    elif isinstance(model, groups.CompanyInfo):
        job.organization_assignment = model.organization_assignment
        job.logo_upload_id = uuid.UUID(model.logo_upload_id) if model.logo_upload_id else None
    elif isinstance(model, groups.JobLocation):
        job.locations = [{"address": _address(item.address)} for item in model.locations]
        job.remote_option_tids = list(dict.fromkeys(model.remote_option_tids))
    elif isinstance(model, groups.JobCategorization):
        job.employment_type_tids = list(dict.fromkeys(model.employment_type_tids))
        job.occupational_field_tids = list(dict.fromkeys(model.occupational_field_tids))
        job.fields_of_study_tids = list(dict.fromkeys(model.fields_of_study_tids))
        job.degree_level_tid = model.degree_level_tid
        job.years_of_experience_tid = model.years_of_experience_tid
        job.salary_range = model.salary_range.model_dump() if model.salary_range else None
        job.salary_range_free = model.salary_range_free
        job.language_tids = list(dict.fromkeys(model.language_tids))
        job.languages_free = model.languages_free
        job.skill_tids = list(dict.fromkeys(model.skill_tids))
        job.skills_free = model.skills_free
    elif isinstance(model, groups.JobSchedule):
        job.published = _aware(model.published) if model.published else None
        job.expiration = _aware(model.expiration) if model.expiration else None
        job.duration = model.duration
        if job.state in {"published", "scheduled"}:
            job.expires_at = expires_at(job, settings)
    elif isinstance(model, groups.JobApplicationOptions):
        job.application_workflow = model.application_workflow
        job.application_emails = [str(e).lower() for e in model.application_emails]
        job.application_link = model.application_link
        job.application_require_cv = model.application_require_cv
        job.application_require_cover_letter = model.application_require_cover_letter
        job.application_require_qualifying_questions = (
            model.application_require_qualifying_questions
        )
        job.application_qualifying_questions = [
            question.model_dump() for question in model.application_qualifying_questions
        ]


def is_locked(job: Job) -> bool:
    """External (link) jobs are not editable once submitted: the posting wizard fills in their
    draft, after that the original ad is the truth."""
    return job.type == "job_per_link" and job.submitted_at is not None


async def update_group(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    group: str,
    data: dict[str, Any],
    now: datetime | None = None,
) -> Job | JobErrors:
    """Replace one group of a job (its organization's recruiters and admin-like users only)."""
    now = now or now_utc()
    data = {k: v for k, v in data.items() if not (group == "job_info" and k == "title")}
    try:
        model = GROUP_MODELS[group].model_validate(data)
    except ValidationError as error:
        return JobErrors(errors_from_validation(error, Code))
    async with unit_of_work(sessions) as session:
        job = await session.get(Job, job_id, with_for_update=True)
        if job is None:
            return _not_found()
        refused = await _authorize(session, principal, job.organization_id)
        if refused is not None:
            return refused
        if is_locked(job):
            return _error(Code.NOT_EDITABLE, "External jobs cannot be edited once submitted.", "id")
        if isinstance(model, groups.CompanyInfo) and model.organization_id != str(
            job.organization_id
        ):
            return _error(
                Code.INVALID,
                "A job stays with its organization; duplicate it for another one.",
                "organization_id",
            )
        errors = _rule_errors(model, now) + await _check_references(
            session, principal, group, model
        )
        if errors:
            return JobErrors(errors)
        _apply(job, model, full_html=principal.is_admin_like, settings=settings)
        job.version += 1
        await _emit(session, settings, job, JobUpdated, _actor(principal))
        return await _answer(session, job)


async def rename_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    title: str,
) -> Job | JobErrors:
    """A new title and with it a new slug (its organization's recruiters and admin-like users).
    The former slug stays in ``job_slugs``: the job page and search's slug index answer it with a
    301 to the new one, so shared and indexed links keep working."""
    try:
        valid = groups.NewTitle.model_validate({"title": title})
    except ValidationError as error:
        return JobErrors(errors_from_validation(error, Code))
    async with unit_of_work(sessions) as session:
        job = await session.get(Job, job_id, with_for_update=True)
        if job is None:
            return _not_found()
        refused = await _authorize(session, principal, job.organization_id)
        if refused is not None:
            return refused
        if is_locked(job):
            return _error(Code.NOT_EDITABLE, "External jobs cannot be edited once submitted.", "id")
        if valid.title == job.title:
            return await _answer(session, job)
        base = slugify(valid.title)
        if base != slugify(job.title):
            own = set(await session.scalars(select(JobSlug.slug).where(JobSlug.job_id == job.id)))
            # renamed back: the slug it had comes back rather than a numbered new one
            job.slug = (
                base
                if base in own
                else await claim_slug(session, site=job.site, title=valid.title, job_id=job.id)
            )
        job.title = valid.title
        job.version += 1
        await _emit(session, settings, job, JobUpdated, _actor(principal))
        return await _answer(session, job)


# --- the workflow -----------------------------------------------------------------------------


def missing_for_publication(job: Job, now: datetime) -> list[JobError]:
    missing = []
    if job.type == "job_per_template" and not job.description:
        missing.append(JobError(Code.REQUIRED, "Describe the job first.", "description"))
    if job.type == "job_per_link" and not job.link_url:
        missing.append(JobError(Code.REQUIRED, "Add the address of the original ad.", "link_url"))
    if job.type == "job_per_file" and job.file_upload_id is None:
        missing.append(JobError(Code.REQUIRED, "Upload the job's PDF first.", "file_upload_id"))
    if job.expiration is not None and job.expiration <= now:
        missing.append(JobError(Code.IN_THE_PAST, "The expiration date has passed.", "expiration"))
    return missing


async def _request_publication(
    session: AsyncSession, settings: JobsSettings, job: Job, actor: str, now: datetime
) -> None:
    job.state = "awaiting_slot"
    job.refusal = None
    job.submitted_at = job.submitted_at or now
    job.version += 1
    await _emit(
        session,
        settings,
        job,
        JobSubmitted(
            job_id=str(job.id),
            organization_id=str(job.organization_id),
            organization_number=job.organization_number,
            version=job.version,
        ),
        actor,
    )
    await _emit(
        session,
        settings,
        job,
        JobPublishRequested(
            job_id=str(job.id),
            organization_number=job.organization_number,
            organization_name=job.organization_name,
        ),
        actor,
    )


async def _locked(
    session: AsyncSession, principal: Principal, job_id: uuid.UUID, *, admin_only: bool = False
) -> Job | JobErrors:
    """The job, locked for this transaction, if the caller may change it."""
    job = await session.get(Job, job_id, with_for_update=True)
    if job is None:
        return _not_found()
    if admin_only:
        if not principal.is_admin_like:
            return _error(Code.FORBIDDEN, "Only administrators review jobs.")
        return job
    refused = await _authorize(session, principal, job.organization_id)
    return refused if refused is not None else job


async def publish_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    now: datetime | None = None,
) -> Job | JobErrors:
    """Ask for a slot: AWAITING_SLOT until billing answers (``billing.slot.granted/denied``)."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        job = await _locked(session, principal, job_id)
        if isinstance(job, JobErrors):
            return job
        if job.state != "draft":
            return _invalid_transition(job, "published")
        missing = missing_for_publication(job, now)
        if missing:
            return JobErrors(missing)
        await _request_publication(session, settings, job, _actor(principal), now)
        return await _answer(session, job)


async def republish_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    now: datetime | None = None,
) -> Job | JobErrors:
    """An archived or expired job asks for a new slot (a new publication)."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        job = await _locked(session, principal, job_id)
        if isinstance(job, JobErrors):
            return job
        if job.state not in {"archived", "expired"}:
            return _invalid_transition(job, "republished")
        missing = missing_for_publication(job, now)
        if missing:
            return JobErrors(missing)
        job.published_at = None
        job.expires_at = None
        if job.published is not None and job.published <= now:
            job.published = None  # the old publish date is history; publish when granted
        await _request_publication(session, settings, job, _actor(principal), now)
        return await _answer(session, job)


async def _withdraw(session: AsyncSession, settings: JobsSettings, job: Job, actor: str) -> None:
    await _emit(
        session,
        settings,
        job,
        JobPublishWithdrawn(job_id=str(job.id), organization_number=job.organization_number),
        actor,
    )


async def archive_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
) -> Job | JobErrors:
    """Take a job offline; before its publication the slot request is withdrawn (billing gives
    the slot back), after it the slot stays used."""
    async with unit_of_work(sessions) as session:
        job = await _locked(session, principal, job_id)
        if isinstance(job, JobErrors):
            return job
        if job.state in {"archived", "expired"}:
            return _invalid_transition(job, "archived")
        withdraw = job.state in BEFORE_PUBLICATION
        job.state = "archived"
        job.version += 1
        actor = _actor(principal)
        if withdraw:
            await _withdraw(session, settings, job, actor)
        await _emit(session, settings, job, JobArchived, actor)
        return await _answer(session, job)


async def _go_live(
    session: AsyncSession, settings: JobsSettings, job: Job, actor: str, now: datetime
) -> None:
    """Publish now, or schedule when the publish date is ahead."""
    if job.published is not None and job.published > now:
        job.state = "scheduled"
        job.published_at = None
        job.expires_at = expires_at(job, settings)
        job.version += 1
        await _emit(session, settings, job, JobScheduled, actor)
        return
    job.state = "published"
    job.published_at = now
    job.expires_at = expires_at(job, settings)
    job.version += 1
    await _emit(session, settings, job, JobPublished, actor)


async def approve_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    now: datetime | None = None,
) -> Job | JobErrors:
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        job = await _locked(session, principal, job_id, admin_only=True)
        if isinstance(job, JobErrors):
            return job
        if job.state != "needs_review":
            return _invalid_transition(job, "approved")
        await _go_live(session, settings, job, _actor(principal), now)
        return await _answer(session, job)


async def reject_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    reason: str,
    now: datetime | None = None,
) -> Job | JobErrors:
    """Back to DRAFT with the reason; the slot goes back to the organization and the recruiter
    is mailed (jobs' mailer, on ``jobs.job.rejected``)."""
    now = now or now_utc()
    reason = reason.strip()
    if not reason:
        return _error(Code.REQUIRED, "Say why the job is rejected.", "reason")
    if len(reason) > 2000:
        return _error(Code.TOO_LONG, "Keep the reason under 2000 characters.", "reason")
    async with unit_of_work(sessions) as session:
        job = await _locked(session, principal, job_id, admin_only=True)
        if isinstance(job, JobErrors):
            return job
        if job.state != "needs_review":
            return _invalid_transition(job, "rejected")
        job.state = "draft"
        job.refusal = {"reason": REJECTED, "message": reason, "at": now.isoformat()}
        job.version += 1
        actor = _actor(principal)
        await _withdraw(session, settings, job, actor)
        await _emit(
            session,
            settings,
            job,
            JobRejected(
                job_id=str(job.id),
                organization_id=str(job.organization_id),
                owner_id=str(job.owner_id),
                title=job.title,
                reason=reason,
            ),
            actor,
        )
        await _emit(session, settings, job, JobUpdated, actor)
        return await _answer(session, job)


COPIED_FIELDS = (
    "type", "organization_id", "organization_number", "organization_name",
    "organization_assignment", "logo_upload_id", "title", "link_url", "file_upload_id",
    "description", "availability_start", "availability_end", "video_url", "video_embed_url",
    "locations", "remote_option_tids", "employment_type_tids", "occupational_field_tids",
    "fields_of_study_tids", "degree_level_tid", "years_of_experience_tid", "salary_range",
    "salary_range_free", "language_tids", "languages_free", "skill_tids", "skills_free",
    "duration", "application_workflow", "application_emails", "application_link",
    "application_require_cv", "application_require_cover_letter",
    "application_require_qualifying_questions", "application_qualifying_questions",
)  # fmt: skip


async def duplicate_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
) -> Job | JobErrors:
    """A copy as a new DRAFT (the schedule's dates are not copied: they belong to the original's
    publication)."""
    async with unit_of_work(sessions) as session:
        original = await _locked(session, principal, job_id)
        if isinstance(original, JobErrors):
            return original
        copy = Job(
            id=uuid.uuid4(),
            site=original.site,
            slug=str(uuid.uuid4()),  # a placeholder until the slug is claimed below
            state="draft",
            version=1,
            owner_id=uuid.UUID(principal.user_id),
            owner_email=principal.email,
            views_count=0,
            applications_count=0,
            **{name: getattr(original, name) for name in COPIED_FIELDS},
        )
        session.add(copy)
        await session.flush()
        copy.slug = await claim_slug(session, site=copy.site, title=copy.title, job_id=copy.id)
        await _emit(session, settings, copy, JobCreated, _actor(principal))
        return await _answer(session, copy)


async def publish_now(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    job_id: uuid.UUID,
    published: datetime | None = None,
    expiration: datetime | None = None,
    now: datetime | None = None,
    actor: str = "system:seed",
) -> Job | JobErrors:
    """For the demo seed and administrators' scripts: publish without billing's slot saga, at the
    given dates. A publish date ahead schedules the job; an expiry already past expires it (its
    ``jobs.job.published`` event first, then ``expired``), so search sees the same history as
    for a job that lived through it."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        job = await session.get(Job, job_id, with_for_update=True)
        if job is None:
            return _not_found()
        job.published = _aware(published) if published else None
        job.expiration = _aware(expiration) if expiration else None
        job.submitted_at = job.submitted_at or now
        if job.published is not None and job.published > now:
            await _go_live(session, settings, job, actor, now)
            return await _answer(session, job)
        job.state = "published"
        job.published_at = job.published or now
        job.expires_at = expires_at(job, settings)
        job.version += 1
        await _emit(session, settings, job, JobPublished, actor)
        if job.expires_at is not None and job.expires_at <= now:
            job.state = "expired"
            job.version += 1
            await _emit(session, settings, job, JobExpired, actor)
        return await _answer(session, job)


async def feature_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    job_id: uuid.UUID,
    until: datetime,
    now: datetime | None = None,
    actor: str = "system:seed",
) -> Job | JobErrors:
    """For the demo seed and administrators' scripts (like :func:`publish_now`): feature a job
    until ``until`` as a boosted slot would. A job featured now keeps its date (nothing written),
    so running it again changes nothing."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        job = await session.get(Job, job_id, with_for_update=True)
        if job is None:
            return _not_found()
        if job.featured_until is None or job.featured_until <= now:
            job.featured_until = _aware(until)
            job.version += 1
            await _emit(session, settings, job, JobUpdated, actor)
        return await _answer(session, job)


async def remember_organization(
    *,
    sessions: async_sessionmaker[AsyncSession],
    organization_id: uuid.UUID,
    number: int,
    name: str,
    profile_slug: str | None = None,
    logo_url: str | None = None,
) -> None:
    """For the demo seed: put an organization into the read model now, as its events would
    (the seed may run before the consumers have caught up)."""
    values: dict[str, Any] = {"number": number, "name": name[:255]}
    if profile_slug is not None:
        values |= {"profile_slug": profile_slug, "profile_published": True}
    if logo_url is not None:
        values["logo_url"] = logo_url
    async with unit_of_work(sessions) as session:
        await session.execute(
            insert(KnownOrganization)
            .values(id=organization_id, **({"profile_published": False} | values))
            .on_conflict_do_update(index_elements=[KnownOrganization.id], set_=values)
        )


# --- billing's answers (run inside the idempotent consumer's transaction) ---------------------


async def _waiting_job(session: AsyncSession, job_id: str) -> Job | None:
    """The job a slot answer is for, locked, when it still waits for one; None for any other
    (billing answers every publisher on its topic: an id that is not a job of ours is not an
    error, and must not be retried and dead-lettered)."""
    try:
        key = uuid.UUID(job_id)
    except ValueError:
        return None
    job = await session.get(Job, key, with_for_update=True)
    return job if job is not None and job.state == "awaiting_slot" else None


async def apply_slot_granted(
    session: AsyncSession, settings: JobsSettings, answer: SlotGranted, now: datetime | None = None
) -> None:
    """The slot is ours: review first when the site moderates, else publish or schedule. An
    answer for a job no longer waiting (archived meanwhile: its withdrawal follows the request
    on billing's side) changes nothing."""
    job = await _waiting_job(session, answer.job_id)
    if job is None:
        return
    # the boost this publication's slot carries (none: a former publication's boost ends)
    job.featured_until = (
        _aware(datetime.fromisoformat(answer.featured_until)) if (answer.featured_until) else None
    )
    if await moderates(session, job.site):
        job.state = "needs_review"
        job.version += 1
        await _emit(session, settings, job, JobUpdated, SLOTS_ACTOR)
        return
    await _go_live(session, settings, job, SLOTS_ACTOR, now or now_utc())


async def apply_slot_denied(
    session: AsyncSession, settings: JobsSettings, answer: SlotDenied, now: datetime | None = None
) -> None:
    """No slot: back to DRAFT with the reason and where to get more."""
    job = await _waiting_job(session, answer.job_id)
    if job is None:
        return
    job.state = "draft"
    job.refusal = {
        "reason": answer.reason or NO_SLOTS_LEFT,
        "message": NO_SLOTS_LEFT_MESSAGE,
        "at": (now or now_utc()).isoformat(),
    }
    job.version += 1
    await _emit(session, settings, job, JobUpdated, SLOTS_ACTOR)


# --- the scheduler (docs/decisions/0008-job-scheduler.md) -------------------------------------


async def publish_due_jobs(
    sessions: async_sessionmaker[AsyncSession], settings: JobsSettings, now: datetime | None = None
) -> int:
    """Publish SCHEDULED jobs whose time came; each exactly once across replicas (row locks
    with SKIP LOCKED, the state change and its event in one transaction)."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        due = list(
            await session.scalars(
                select(Job)
                .where(Job.state == "scheduled", Job.published <= now)
                .order_by(Job.published)
                .limit(settings.scheduler_batch_size)
                .with_for_update(skip_locked=True)
            )
        )
        for job in due:
            await _go_live(session, settings, job, SCHEDULER_ACTOR, now)
        return len(due)


async def expire_jobs(
    sessions: async_sessionmaker[AsyncSession], settings: JobsSettings, now: datetime | None = None
) -> int:
    """Expire PUBLISHED jobs past their ``expires_at`` (same locking as publishing)."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        due = list(
            await session.scalars(
                select(Job)
                .where(Job.state == "published", Job.expires_at <= now)
                .order_by(Job.expires_at)
                .limit(settings.scheduler_batch_size)
                .with_for_update(skip_locked=True)
            )
        )
        for job in due:
            job.state = "expired"
            job.version += 1
            await _emit(session, settings, job, JobExpired, SCHEDULER_ACTOR)
        return len(due)
