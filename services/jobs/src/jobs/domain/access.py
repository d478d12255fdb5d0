"""Who may see and who may change a job.

Changing a job is decided in one place, :func:`authorize`: recruiters who are members of the
job's organization, and admin-like users; reviewing (approve, reject) is for admin-like users.
Seeing one is :func:`visible_to`, applied wherever a job is answered (queries and references).
"""

from __future__ import annotations

import uuid

from jobkit.auth import Principal
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from jobs.db import members
from jobs.domain.errors import JobErrorCode, JobErrors, forbidden, not_found, one_error
from jobs.domain.models import Job

PUBLIC_STATES = frozenset({"published"})
# Once public, a job's page stays readable after it ends, saying it is no longer available (the
# web answers 410 with noindex; no JSON-LD): shared links and search engines learn it is gone.
GONE_STATES = frozenset({"expired", "archived"})


def actor_of(principal: Principal) -> str:
    """Who the events name: the administrator behind a masquerade, else the user."""
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


async def authorize(
    session: AsyncSession, principal: Principal, organization_id: uuid.UUID
) -> JobErrors | None:
    """The one rule for changing a job: a recruiter member of its organization, or admin-like."""
    if principal.is_admin_like:
        return None
    if principal.is_recruiter and await is_member(session, principal, organization_id):
        return None
    return forbidden()


async def locked_for(
    session: AsyncSession, principal: Principal, job_id: uuid.UUID, *, admin_only: bool = False
) -> Job | JobErrors:
    """The job, locked for this transaction, if the caller may change it (``admin_only``: if
    the caller may review it)."""
    job = await session.get(Job, job_id, with_for_update=True)
    if job is None:
        return not_found()
    if admin_only:
        if not principal.is_admin_like:
            return one_error(JobErrorCode.FORBIDDEN, "Only administrators review jobs.")
        return job
    refused = await authorize(session, principal, job.organization_id)
    return refused if refused is not None else job
