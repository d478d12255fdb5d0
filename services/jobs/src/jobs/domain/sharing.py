"""Sharing a job with other sites of the platform (ADR 0057).

A job belongs to one site (``Job.site``: its canonical URL, moderation, its reports); its
recruiters may share it with other sites the platform serves (``Job.shared_sites``), where it is
listed (search, sitemaps, feeds, alerts, an organization's open jobs) and answers under the same
slug. The sites a job can be shared with are those jobs knows from identity's site settings
(``site_settings``, ADR 0004), the default site included.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.domain.access import actor_of, locked_for
from jobs.domain.errors import JobError, JobErrorCode, JobErrors
from jobs.domain.models import Job, JobSlug, SiteSetting
from jobs.domain.slugs import claim_slug_on, slug_holder
from jobs.domain.snapshots import refreshed
from jobs.domain.workflow import record_edit
from jobs.settings import JobsSettings

MAX_SHARED_SITES = 20


async def known_sites(session: AsyncSession, settings: JobsSettings) -> list[str]:
    """The sites of the platform, as jobs knows them (identity's site configuration events),
    and the default one."""
    sites = set(await session.scalars(select(SiteSetting.site).distinct()))
    return sorted(sites | {settings.site})


def on_site(site: str) -> ColumnElement[bool]:
    """The job is on ``site``: its own, or one it is shared with (a query's condition)."""
    return or_(Job.site == site, Job.shared_sites.contains([site]))


def sites_of(job: Job) -> list[str]:
    """Every site the job is on: its own first, then those it is shared with."""
    return [job.site, *job.shared_sites]


def sharing_errors(job_site: str, wanted: Sequence[str], known: Sequence[str]) -> list[JobError]:
    errors: list[JobError] = []
    if len(set(wanted)) > MAX_SHARED_SITES:
        errors.append(
            JobError(
                JobErrorCode.TOO_LONG,
                f"A job can be shared with {MAX_SHARED_SITES} sites at most.",
                "sites",
            )
        )
    for site in wanted:
        if site == job_site:
            errors.append(
                JobError(
                    JobErrorCode.INVALID,
                    f'"{site}" is this job\'s own site: it is always listed there.',
                    "sites",
                )
            )
        elif site not in known:
            errors.append(
                JobError(
                    JobErrorCode.UNKNOWN_SITE,
                    f'There is no site "{site}" on this platform.',
                    "sites",
                )
            )
    return errors


async def share_with(session: AsyncSession, job: Job, sites: Sequence[str]) -> None:
    """Set the sites ``job`` is shared with (checked already), and give it its slug on each new
    one: its current slug when that is free there (or its own already), else a new slug free on
    every site of the job (the former one keeps redirecting on its own site)."""
    wanted = sorted(set(sites))
    added = [site for site in wanted if site not in job.shared_sites]
    job.shared_sites = wanted
    conflict = False
    for site in added:
        holder = await slug_holder(session, site=site, slug=job.slug)
        if holder is None:
            session.add(JobSlug(site=site, slug=job.slug, job_id=job.id))
        elif holder != job.id:
            conflict = True
    if conflict:
        job.slug = await claim_slug_on(session, sites=sites_of(job), title=job.title, job_id=job.id)
    await session.flush()


async def share_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    sites: Sequence[str],
) -> Job | JobErrors:
    """Share a job with these other sites (replacing the list; none: its own site only). Its
    organization's recruiters and admin-like users, in any state: a published job appears on
    (or leaves) the sites at once."""
    wanted = [site.strip() for site in sites]
    async with unit_of_work(sessions) as session:
        job = await locked_for(session, principal, job_id)
        if isinstance(job, JobErrors):
            return job
        errors = sharing_errors(job.site, wanted, await known_sites(session, settings))
        if errors:
            return JobErrors(errors)
        if sorted(set(wanted)) == sorted(job.shared_sites):
            return await refreshed(session, job)
        await share_with(session, job, wanted)
        await record_edit(session, settings, job, actor=actor_of(principal))
        return await refreshed(session, job)
