"""What a job's events carry: the snapshot of the job at its version, and enqueuing an event
about the job in the outbox (in the use case's transaction)."""

from __future__ import annotations

from jobkit.events import EventPayload
from jobkit.html import plain_text
from jobkit.outbox import enqueue
from jobkit.uploads.files import file_url
from sqlalchemy import inspect, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from jobs.db import outbox
from jobs.domain.batch_reads import batch_reads, transaction_time
from jobs.domain.clock import now_utc
from jobs.domain.events import IndexedLocation, IndexedSalary, JobSnapshot
from jobs.domain.fingerprint import fingerprint_inputs, fingerprint_of
from jobs.domain.models import Job, JobSlug, KnownOrganization
from jobs.settings import JobsSettings

LOGO_STYLE = "job_squared_logo_medium"


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
    reads = batch_reads(session)
    organization = (
        reads.organizations[job.organization_id]
        if job.organization_id in reads.organizations
        else await session.get(KnownOrganization, job.organization_id)
    )
    if "updated_at" in inspect(job).unloaded:
        # the flush wrote the database's now() in it: the transaction's time (read once)
        set_committed_value(job, "updated_at", await transaction_time(session))
    # made in this transaction: its slugs are the ones claimed here; moved by a run of slot
    # answers: its slugs were read for the run
    claimed = reads.created.get(job.id)
    if claimed is None:
        claimed = reads.moved.get(job.id)
    former = (
        [slug for slug in claimed if slug != job.slug]
        if claimed is not None
        else await session.scalars(
            select(JobSlug.slug).where(JobSlug.job_id == job.id, JobSlug.slug != job.slug)
        )
    )
    salary = job.salary_range
    return kind(
        job_id=str(job.id),
        site=job.site,
        shared_sites=sorted(job.shared_sites or []),
        slug=job.slug,
        # a slug it has on several sites (shared, ADR 0057) is one path of the slug index
        former_slugs=sorted(set(former)),
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
        video_url=job.video_url,
        updated_at=job.updated_at.isoformat(),
    )


async def emit(
    session: AsyncSession,
    settings: JobsSettings,
    job: Job,
    payload: EventPayload | type[JobSnapshot],
    actor: str | None,
) -> None:
    """One event about ``job`` at its current version; a snapshot class is filled in here.
    Every save of a job writes an event, so its content fingerprint is kept here too (computed
    again only when what it is made of changed since the transaction's last one)."""
    reads = batch_reads(session)
    inputs = fingerprint_inputs(job)
    kept = reads.fingerprints.get(job.id)
    if kept is None or kept[0] != inputs:
        kept = reads.fingerprints[job.id] = (inputs, fingerprint_of(job))
    job.content_fingerprint = kept[1]
    if isinstance(payload, type):
        if job.id not in reads.created and job.id not in reads.moved:
            # the row written, so its updated_at is this transaction's (a job made in this
            # transaction has it from its INSERT already, a run of slot answers sets it)
            await session.flush()
        payload = await snapshot(session, settings, job, payload)
    event = payload.envelope(
        aggregate_id=str(job.id), site=job.site, actor=actor, aggregate_version=job.version
    )
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)


async def refreshed(session: AsyncSession, job: Job) -> Job:
    """The job as written, with the columns the database sets (for the use case's answer)."""
    await session.flush()
    await session.refresh(job)
    return job
