"""New jobs: a recruiter's DRAFT, and a copy of a job as a new DRAFT. A new job's slug is
claimed from its title (:mod:`jobs.domain.slugs`)."""

from __future__ import annotations

import uuid

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.domain import groups
from jobs.domain.access import actor_of, authorize, locked_for
from jobs.domain.batch_reads import batch_reads, transaction_time
from jobs.domain.errors import JobErrorCode, JobErrors, one_error
from jobs.domain.events import JobCreated
from jobs.domain.models import Job, KnownOrganization
from jobs.domain.sharing import sites_of
from jobs.domain.slugs import claim_slug, claim_slug_on
from jobs.domain.snapshots import emit, refreshed
from jobs.domain.workflow import JobState
from jobs.settings import JobsSettings

Code = JobErrorCode


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
        refused = await authorize(session, principal, organization_id)
        if refused is not None:
            return refused
        organization = await session.get(KnownOrganization, organization_id)
        if organization is None:
            return one_error(Code.NOT_FOUND, "This organization does not exist.", "organizationId")
        job = await new_draft(session, settings, principal, organization, valid, site=site)
        await emit(session, settings, job, JobCreated, actor_of(principal))
        return await refreshed(session, job)


async def new_draft(
    session: AsyncSession,
    settings: JobsSettings,
    principal: Principal,
    organization: KnownOrganization,
    valid: groups.NewJob,
    *,
    site: str | None = None,
    external_reference: str | None = None,
    deferred: bool = False,
) -> Job:
    """A new DRAFT of ``organization`` with its slug claimed (the caller emits its event).
    ``deferred`` leaves its row to the caller's next flush (a batch writes its new jobs with one
    flush, ADR 0060): the columns the database would set (``created_at``, ``updated_at``: the
    transaction's ``now()``) are set from the transaction's time, read once."""
    job = Job(
        id=uuid.uuid4(),
        site=site or settings.site,
        slug=str(uuid.uuid4()),  # a placeholder until the slug is claimed below
        type=valid.type,
        state=JobState.DRAFT.value,
        version=1,
        owner_id=uuid.UUID(principal.user_id),
        owner_email=principal.email,
        external_reference=external_reference,
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
    if deferred:
        job.created_at = job.updated_at = await transaction_time(session)
    session.add(job)
    if not deferred:
        await session.flush()
    batch_reads(session).created[job.id] = []  # its snapshots need not read its former slugs
    job.slug = await claim_slug(session, site=job.site, title=job.title, job_id=job.id)
    return job


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
        original = await locked_for(session, principal, job_id)
        if isinstance(original, JobErrors):
            return original
        copy = Job(
            id=uuid.uuid4(),
            site=original.site,
            shared_sites=list(original.shared_sites),
            slug=str(uuid.uuid4()),  # a placeholder until the slug is claimed below
            state=JobState.DRAFT.value,
            version=1,
            owner_id=uuid.UUID(principal.user_id),
            owner_email=principal.email,
            views_count=0,
            applications_count=0,
            **{name: getattr(original, name) for name in COPIED_FIELDS},
        )
        session.add(copy)
        await session.flush()
        copy.slug = await claim_slug_on(
            session, sites=sites_of(copy), title=copy.title, job_id=copy.id
        )
        await emit(session, settings, copy, JobCreated, actor_of(principal))
        return await refreshed(session, copy)
