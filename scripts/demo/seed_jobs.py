"""Demo jobs through the jobs service's own use cases (the same validation, sanitizing, slugs
and events as the wizard): created as the organization's recruiter, every form group filled,
then published, scheduled, expired or archived at their demo dates without billing's slot saga
(:func:`publish_now`: the demo history predates the ledger). Idempotent: a job whose
organization already has one of that title is left as it is.

The seed's own moves (:func:`publish_now`, :func:`feature_job`, :func:`remember_organization`)
live here, not in the service: production jobs only move by the rows of
``jobs.domain.workflow.TRANSITIONS``; the demo history's extra rows are :data:`DEMO_HISTORY`,
checked by the same ``transition``, with the same versions and events."""

from __future__ import annotations

import asyncio
import io
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.memberships import apply_member_added
from jobkit.uploads import process, storage_from_settings
from jobkit.uploads.processing import store_upload
from jobs.db import members as jobs_members
from jobs.db import uploads
from jobs.domain.clock import aware, now_utc
from jobs.domain.creation import create_job
from jobs.domain.editing import apply_groups, update_group
from jobs.domain.errors import JobErrors, not_found
from jobs.domain.events import JobExpired, JobPublished, JobScheduled
from jobs.domain.groups import JobLocation
from jobs.domain.models import Job, KnownOrganization, VerifiedOrganization
from jobs.domain.publishing import archive_job, expires_at
from jobs.domain.sharing import known_sites, share_job
from jobs.domain.snapshots import refreshed
from jobs.domain.workflow import Action, JobState, record_edit, transition
from jobs.settings import JobsSettings
from PIL import Image, ImageDraw
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from .jobs_data import US_SHARED_JOBS, DemoJob, demo_jobs, us_site_jobs

SEED_ACTOR = "system:seed"

# The moves of a demo job's history that production has no row for (they skip billing's slot
# saga): a draft scheduled or published at its demo date. Expiring is production's own row.
SCHEDULE_WITHOUT_SLOT = "schedule_without_slot"
PUBLISH_WITHOUT_SLOT = "publish_without_slot"
DEMO_HISTORY: Mapping[tuple[str, str], str] = {
    (JobState.DRAFT, SCHEDULE_WITHOUT_SLOT): JobState.SCHEDULED,
    (JobState.DRAFT, PUBLISH_WITHOUT_SLOT): JobState.PUBLISHED,
}


async def publish_now(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    job_id: uuid.UUID,
    published: datetime | None = None,
    expiration: datetime | None = None,
    now: datetime | None = None,
    actor: str = SEED_ACTOR,
) -> Job | JobErrors:
    """Publish a draft without billing's slot saga, at the given dates. A publish date ahead
    schedules the job; an expiry already past expires it (its ``jobs.job.published`` event
    first, then ``expired``), so search sees the same history as for a job that lived
    through it."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        job = await session.get(Job, job_id, with_for_update=True)
        if job is None:
            return not_found()
        job.published = aware(published) if published else None
        job.expiration = aware(expiration) if expiration else None
        job.submitted_at = job.submitted_at or now
        if job.published is not None and job.published > now:
            job.published_at = None
            job.expires_at = expires_at(job, settings)
            await transition(
                session,
                settings,
                job,
                SCHEDULE_WITHOUT_SLOT,
                JobScheduled,
                actor=actor,
                table=DEMO_HISTORY,
            )
            return await refreshed(session, job)
        job.published_at = job.published or now
        job.expires_at = expires_at(job, settings)
        await transition(
            session,
            settings,
            job,
            PUBLISH_WITHOUT_SLOT,
            JobPublished,
            actor=actor,
            table=DEMO_HISTORY,
        )
        if job.expires_at is not None and job.expires_at <= now:
            await transition(session, settings, job, Action.EXPIRE, JobExpired, actor=actor)
        return await refreshed(session, job)


async def feature_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    job_id: uuid.UUID,
    until: datetime,
    now: datetime | None = None,
    actor: str = SEED_ACTOR,
) -> Job | JobErrors:
    """Feature a job until ``until`` as a boosted slot would (ADR 0012). A job featured now
    keeps its date (nothing written), so running it again changes nothing."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        job = await session.get(Job, job_id, with_for_update=True)
        if job is None:
            return not_found()
        if job.featured_until is None or job.featured_until <= now:
            job.featured_until = aware(until)
            await record_edit(session, settings, job, actor=actor)
        return await refreshed(session, job)


async def remember_organization(
    *,
    sessions: async_sessionmaker[AsyncSession],
    organization_id: uuid.UUID,
    number: int,
    name: str,
    profile_slug: str | None = None,
    logo_url: str | None = None,
    verified: bool = True,
) -> None:
    """Put an organization into jobs' read model now, as its events would (the seed may run
    before the consumers have caught up); the demo organizations are verified (ADR 0030)."""
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
        if verified:
            await session.execute(
                insert(VerifiedOrganization)
                .values(organization_id=organization_id)
                .on_conflict_do_nothing(index_elements=[VerifiedOrganization.organization_id])
            )


def _ok(result: object, what: str) -> Any:
    if isinstance(result, JobErrors):
        raise RuntimeError(f"demo job refused ({what}): {result.errors}")
    return result


def _pdf(job: DemoJob) -> bytes:
    """A one-page PDF job ad (drawn with Pillow): the organization's colour band and the title."""
    page = Image.new("RGB", (1240, 1754), "white")
    draw = ImageDraw.Draw(page)
    draw.rectangle((0, 0, 1240, 220), fill=job.organization.colour)
    draw.text((80, 90), job.organization.name, fill="white", font_size=56)
    draw.text((80, 320), job.title, fill="#1a1a1a", font_size=64)
    lines = [
        f"{job.employment[0].replace('-', ' ').title()} - {job.remote.replace('-', ' ')}",
        *(f"- {line}" for line in ("Meaningful work", "Fair pay", "Time to learn")),
        f"Apply: {job.application_email}",
    ]
    for n, line in enumerate(lines):
        draw.text((80, 460 + n * 70), line, fill="#333333", font_size=40)
    out = io.BytesIO()
    page.save(out, format="PDF", resolution=150)
    return out.getvalue()


async def _file(
    sessions: async_sessionmaker[AsyncSession], settings: JobsSettings, owner: str, job: DemoJob
) -> str:
    values = await store_upload(
        processed=await process(_pdf(job)),
        storage=storage_from_settings(settings),
        sessions=sessions,
        table=uploads,
        owner_id=owner,
        filename=f"{job.title}.pdf",
        purpose="job_file",
        private=False,
    )
    return str(values["id"])


def job_groups(
    job: DemoJob, tids: dict[tuple[str, str], int], file_id: str | None
) -> dict[str, Any]:
    def tid(vocabulary: str, alias: str) -> int:
        return tids[(vocabulary, alias)]

    salary = (
        {
            "min_salary": job.salary.minimum,
            "max_salary": job.salary.maximum,
            "currency_code": job.salary.currency,
            "salary_unit": job.salary.unit.lower(),
        }
        if job.salary
        else None
    )
    return {
        "job_info": {
            "description": job.description,
            "file_upload_id": file_id,
            "video_url": job.video_url,
        },
        "job_location": {
            "locations": [
                {
                    "address": {
                        "country_code": place.country,
                        "locality": place.locality,
                        "administrative_area": place.area,
                        "address_line1": place.street,
                        "zip": place.zip,
                    }
                }
                for place in job.locations
            ],
            "remote_option_tids": [tid("remote_options", job.remote)],
        },
        "job_categorization": {
            "employment_type_tids": [tid("employment_types", a) for a in job.employment],
            "occupational_field_tids": [tid("occupational_fields", a) for a in job.occupations],
            "fields_of_study_tids": [tid("fields_of_study", a) for a in job.studies],
            "degree_level_tid": tid("degree_levels", job.degree),
            "years_of_experience_tid": tid("years_of_experience", job.experience),
            "salary_range": salary,
            "salary_range_free": job.salary_free,
            "language_tids": [tid("languages", a) for a in job.languages],
            "skill_tids": [tid("skills", a) for a in job.skills],
        },
        "job_schedule": {"duration": job.duration_days},
        "job_application_options": {
            "application_workflow": job.workflow.lower(),
            "application_emails": [job.application_email] if job.workflow == "EMAIL" else [],
            "application_link": job.application_link,
            "application_require_cv": job.workflow == "ON_SITE",
            "application_require_qualifying_questions": bool(job.questions),
            "application_qualifying_questions": list(job.questions),
        },
    }


async def create_demo_job(
    job: DemoJob,
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    tids: dict[tuple[str, str], int],
    organization_id: uuid.UUID,
    owner: str,
    now: datetime,
    site: str | None = None,
) -> uuid.UUID:
    """One demo job through the use cases, every group filled, brought to its demo state, on
    ``site`` (the jobs service's own site by default)."""
    # the organization's recruiter, acting with an administrator's reach (the membership
    # read model fills from organizations' events, which the seed does not wait for)
    actor = Principal(user_id=owner, roles=frozenset({"recruiter", "administrator"}))
    created = _ok(
        await create_job(
            sessions=sessions,
            settings=settings,
            principal=actor,
            organization_id=organization_id,
            title=job.title,
            type=job.kind.lower(),
            link_url=job.link_url,
            site=site,
        ),
        job.title,
    )
    file_id = await _file(sessions, settings, owner, job) if job.kind == "JOB_PER_FILE" else None
    for group, data in job_groups(job, tids, file_id).items():
        if job.kind == "JOB_PER_LINK" and group == "job_info":
            data = {"description": job.description, "video_url": job.video_url}
        _ok(
            await update_group(
                sessions=sessions,
                settings=settings,
                principal=actor,
                job_id=created.id,
                group=group,
                data=data,
            ),
            f"{job.title}: {group}",
        )
    job_id: uuid.UUID = created.id
    if job.state == "draft":
        return job_id
    published = now + job.published_offset
    expiration = published + timedelta(days=job.duration_days) if job.state == "expired" else None
    _ok(
        await publish_now(
            sessions=sessions,
            settings=settings,
            job_id=created.id,
            published=published,
            expiration=expiration,
            now=now,
        ),
        job.title,
    )
    if job.state == "archived":
        _ok(
            await archive_job(
                sessions=sessions, settings=settings, principal=actor, job_id=created.id
            ),
            job.title,
        )
    return job_id


async def bring_into_line(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    tids: dict[tuple[str, str], int],
    organizations: dict[str, tuple[uuid.UUID, int]],
    owners: dict[str, uuid.UUID],
    now: datetime,
) -> int:
    """Demo jobs seeded before remote ones named the country their applicants must live in
    (Google's required ``applicantLocationRequirements``, jobs.domain.structured_data) get their
    demo locations: the location group's own checks and write, one edit (a new version and an
    updated event, so search follows), in any state. Idempotent: a job with locations is left
    as it is. Returns how many jobs it changed."""
    wanted = {
        (organizations[demo.organization.name][0], demo.title): demo
        for demo in demo_jobs()
        if demo.locations and demo.organization.name in organizations
    }
    async with sessions() as session:
        bare = [
            (job_id, wanted[(organization_id, title)])
            for job_id, organization_id, title in await session.execute(
                select(Job.id, Job.organization_id, Job.title).where(
                    func.jsonb_array_length(Job.locations) == 0
                )
            )
            if (organization_id, title) in wanted
        ]
    for job_id, demo in bare:
        owner = str(owners[demo.organization.recruiter])
        actor = Principal(user_id=owner, roles=frozenset({"recruiter", "administrator"}))
        group = JobLocation.model_validate(job_groups(demo, tids, None)["job_location"])
        async with unit_of_work(sessions) as session:
            job = await session.get(Job, job_id, with_for_update=True)
            if job is None or job.locations:
                continue
            # the seed's own move: a submitted link job is not editable in production
            errors = await apply_groups(session, settings, actor, job, {"job_location": group}, now)
            _ok(JobErrors(errors) if errors else job, f"{demo.title}: job_location")
            await record_edit(session, settings, job, actor=SEED_ACTOR)
    return len(bare)


FEATURED_JOBS = 9  # more than the 7 featured places, so a search for all jobs fills them


async def _feature(
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    organizations: dict[str, tuple[uuid.UUID, int]],
    now: datetime,
) -> None:
    """Feature the first published demo jobs as a boosted slot would (ADR 0012), for 30 days;
    a job featured now is left alone, so seeding again changes nothing."""
    chosen = [job for job in demo_jobs() if job.state == "published"][:FEATURED_JOBS]
    async with sessions() as session:
        ids = {
            (organization_id, title): job_id
            for job_id, organization_id, title in await session.execute(
                select(Job.id, Job.organization_id, Job.title).where(Job.state == "published")
            )
        }
    for job in chosen:
        key = (organizations[job.organization.name][0], job.title)
        if key in ids:
            _ok(
                await feature_job(
                    sessions=sessions,
                    settings=settings,
                    job_id=ids[key],
                    until=now + timedelta(days=30),
                    now=now,
                ),
                job.title,
            )


async def seed_demo_jobs(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    tids: dict[tuple[str, str], int],
    owners: dict[str, uuid.UUID],
    organizations: dict[str, tuple[uuid.UUID, int]],
    profiles: dict[str, tuple[str, str | None]],
    members: list[tuple[str, str, str]],
    now: datetime | None = None,
) -> dict[str, int]:
    """The demo jobs at their demo states; returns how many jobs are in each state now.
    ``members`` are organizations' memberships (organization id, user id, role), copied into
    jobs' read model as organizations' member events would (the seed does not wait for them)."""
    now = now or datetime.now(UTC)
    async with unit_of_work(sessions) as session:
        for member_of, user_id, role in members:
            await apply_member_added(
                session, jobs_members, organization_id=member_of, user_id=user_id, role=role
            )
    for name, (organization_id, number) in organizations.items():
        slug, logo_url = profiles.get(name, (None, None))
        await remember_organization(
            sessions=sessions,
            organization_id=organization_id,
            number=number,
            name=name,
            profile_slug=slug,
            logo_url=logo_url,
        )
    async with sessions() as session:
        existing = {
            (organization, title)
            for organization, title in await session.execute(select(Job.organization_id, Job.title))
        }
    for job in demo_jobs():
        organization_id, _ = organizations[job.organization.name]
        if (organization_id, job.title) in existing:
            continue
        await create_demo_job(
            job,
            sessions=sessions,
            settings=settings,
            tids=tids,
            organization_id=organization_id,
            owner=str(owners[job.organization.recruiter]),
            now=now,
        )
    await bring_into_line(
        sessions=sessions,
        settings=settings,
        tids=tids,
        organizations=organizations,
        owners=owners,
        now=now,
    )
    await _feature(sessions, settings, organizations, now)
    async with sessions() as session:
        counts: dict[str, int] = {}
        for (state,) in await session.execute(select(Job.state)):
            counts[state] = counts.get(state, 0) + 1
    return counts


async def seed_site_jobs(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    tids: dict[tuple[str, str], int],
    owners: dict[str, uuid.UUID],
    organizations: dict[str, tuple[uuid.UUID, int]],
    site: str,
    now: datetime | None = None,
) -> int:
    """The second demo site's jobs (``us_site_jobs``), created for ``site`` and published like
    the others; the organizations are the first site's (``seed_demo_jobs`` ran first and
    remembered them). Idempotent: a job of that site, organization and title is left as it is.
    Returns how many it created."""
    now = now or datetime.now(UTC)
    async with sessions() as session:
        existing = {
            (organization, title)
            for organization, title in await session.execute(
                select(Job.organization_id, Job.title).where(Job.site == site)
            )
        }
    made = 0
    for job in us_site_jobs():
        organization_id, _ = organizations[job.organization.name]
        if (organization_id, job.title) in existing:
            continue
        await create_demo_job(
            job,
            sessions=sessions,
            settings=settings,
            tids=tids,
            organization_id=organization_id,
            owner=str(owners[job.organization.recruiter]),
            now=now,
            site=site,
        )
        made += 1
    return made


async def share_site_jobs(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    owners: dict[str, uuid.UUID],
    organizations: dict[str, tuple[uuid.UUID, int]],
    site: str,
    shared: tuple[tuple[str, str], ...] = US_SHARED_JOBS,
    wait_seconds: float = 120.0,
) -> int:
    """Share a few of the first site's demo jobs with ``site`` (``US_SHARED_JOBS``) through the
    sharing use case, as their recruiters would. The site must be known to jobs (identity's
    site configuration event, which the seed sent, reaches it through the bus): waits for it a
    while. Idempotent: a job shared with the site already is left as it is. Returns how many it
    shared."""
    deadline = asyncio.get_running_loop().time() + wait_seconds
    while True:
        async with sessions() as session:
            if site in await known_sites(session, settings):
                break
        if asyncio.get_running_loop().time() > deadline:
            raise RuntimeError(f"the jobs service never learnt of the site {site}")
        await asyncio.sleep(1)
    recruiters = {demo.organization.name: demo.organization.recruiter for demo in demo_jobs()}
    made = 0
    for name, title in shared:
        organization_id, _ = organizations[name]
        async with sessions() as session:
            job = await session.scalar(
                select(Job).where(
                    Job.organization_id == organization_id,
                    Job.title == title,
                    Job.site == settings.site,
                )
            )
        if job is None or site in job.shared_sites:
            continue
        owner = Principal(
            user_id=str(owners[recruiters[name]]), roles=frozenset({"recruiter", "administrator"})
        )
        answer = await share_job(
            sessions=sessions,
            settings=settings,
            principal=owner,
            job_id=job.id,
            sites=[*job.shared_sites, site],
        )
        if isinstance(answer, JobErrors):
            raise RuntimeError(f"sharing {title} with {site}: {answer}")
        made += 1
    return made
