"""Editing a job: replacing one of its form groups (:mod:`jobs.domain.groups` checks each
field's shape; the rules across fields, the vocabularies and the uploads are checked here), and
renaming it. Edits keep the job's state (:func:`jobs.domain.workflow.record_edit`)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from jobkit.geo import geocode
from jobkit.html import sanitize_for
from jobkit.uploads.tables import usable_upload
from jobkit.vocabulary import unknown_terms
from pydantic import BaseModel, ValidationError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.db import terms, uploads
from jobs.domain import groups
from jobs.domain.access import actor_of, authorize
from jobs.domain.batch_reads import batch_reads
from jobs.domain.clock import aware, now_utc
from jobs.domain.errors import JobError, JobErrorCode, JobErrors, not_found, one_error
from jobs.domain.models import Job, JobSlug
from jobs.domain.publishing import expires_at, rules_broken_by_edit, rules_kept
from jobs.domain.sharing import sites_of
from jobs.domain.slugs import claim_slug_on, slugify
from jobs.domain.snapshots import refreshed
from jobs.domain.workflow import JobState, record_edit
from jobs.settings import JobsSettings

Code = JobErrorCode


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


def term_ids(source: object) -> list[int]:
    """The vocabulary ids a job or a whole job's groups name (every field of TERM_FIELDS)."""
    found: list[int] = []
    for fields in TERM_FIELDS.values():
        for name, _ in fields:
            value = getattr(source, name, None)
            if isinstance(value, list):
                found += [tid for tid in value if isinstance(tid, int)]
            elif isinstance(value, int):
                found.append(value)
    return found


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
        if model.expiration is not None and aware(model.expiration) <= now:
            errors.append(
                JobError(Code.IN_THE_PAST, "The expiration date has passed.", "expiration")
            )
        if (
            model.expiration is not None
            and model.published is not None
            and aware(model.expiration) <= aware(model.published)
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


async def _check_references(
    session: AsyncSession, principal: Principal, group: str, model: BaseModel
) -> list[JobError]:
    errors: list[JobError] = []
    for field, vocabulary in TERM_FIELDS.get(group, []):
        value = getattr(model, field)
        tids = value if isinstance(value, list) else ([value] if value is not None else [])
        unknown = batch_reads(session).unknown(vocabulary, tids)
        if unknown is None:
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
        job.published = aware(model.published) if model.published else None
        job.expiration = aware(model.expiration) if model.expiration else None
        job.duration = model.duration
        if job.state in {JobState.PUBLISHED, JobState.SCHEDULED}:
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
    try:
        async with unit_of_work(sessions) as session:
            job = await session.get(Job, job_id, with_for_update=True)
            if job is None:
                return not_found()
            refused = await authorize(session, principal, job.organization_id)
            if refused is not None:
                return refused
            if is_locked(job):
                return one_error(
                    Code.NOT_EDITABLE, "External jobs cannot be edited once submitted.", "id"
                )
            if isinstance(model, groups.CompanyInfo) and model.organization_id != str(
                job.organization_id
            ):
                return one_error(
                    Code.INVALID,
                    "A job stays with its organization; duplicate it for another one.",
                    "organization_id",
                )
            kept = await rules_kept(session, settings, job, now)
            errors = await apply_groups(session, settings, principal, job, {group: model}, now)
            if errors:
                return JobErrors(errors)
            broken = await rules_broken_by_edit(session, settings, job, kept, now)
            if broken:
                raise JobErrors(broken)  # the edited job is rolled back: nothing written
            await record_edit(session, settings, job, actor=actor_of(principal))
            return await refreshed(session, job)
    except JobErrors as refused_edit:
        return refused_edit


async def apply_groups(
    session: AsyncSession,
    settings: JobsSettings,
    principal: Principal,
    job: Job,
    models: dict[str, BaseModel],
    now: datetime,
) -> list[JobError]:
    """Check the groups' rules across fields and their references (vocabularies, uploads),
    then, when all pass, write them to the job; the errors otherwise (nothing written). The
    caller records the edit (one new version for all of them)."""
    errors: list[JobError] = []
    for group, model in models.items():
        errors += _rule_errors(model, now) + await _check_references(
            session, principal, group, model
        )
    if errors:
        return errors
    for model in models.values():
        _apply(job, model, full_html=principal.is_admin_like, settings=settings)
    return []


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
            return not_found()
        refused = await authorize(session, principal, job.organization_id)
        if refused is not None:
            return refused
        if is_locked(job):
            return one_error(
                Code.NOT_EDITABLE, "External jobs cannot be edited once submitted.", "id"
            )
        if valid.title == job.title:
            return await refreshed(session, job)
        base = slugify(valid.title)
        if base != slugify(job.title):
            sites = sites_of(job)
            held = set(
                await session.scalars(
                    select(JobSlug.site).where(
                        JobSlug.job_id == job.id, JobSlug.slug == base, JobSlug.site.in_(sites)
                    )
                )
            )
            # renamed back: the slug it had (on each of its sites) comes back rather than a
            # numbered new one
            job.slug = (
                base
                if held == set(sites)
                else await claim_slug_on(session, sites=sites, title=valid.title, job_id=job.id)
            )
        job.title = valid.title
        await record_edit(session, settings, job, actor=actor_of(principal))
        return await refreshed(session, job)
