"""Job and organization-profile visits counted by the server, with no cookie and no personal
data kept (ADR 0037), so recruiters' figures do not depend on a visitor's tracking consent.

The web server reports a page it rendered for a person (never for a crawler or a prefetch) with
the visitor's address and browser. Both are hashed at once with the day's secret salt; the hash
marks that this visitor was counted for that page today, so reloading does not count again. The
address and browser are never stored, and the salt of a day is deleted once the day is over: the
marks of past days are deleted with it and the counts keep no trace of who made them.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import date
from enum import StrEnum

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from analytics.domain.models import KnownOrganization, VisitMark, VisitSalt
from analytics.domain.stats import JOB, ORGANIZATION, Metric, increment, job_organization

VISITOR_BYTES = 16


class VisitedPage(StrEnum):
    JOB = "job"
    ORGANIZATION = "organization"


async def day_salt(session: AsyncSession, day: date) -> bytes:
    """Today's salt, made by whichever replica sees the day's first visit; the salts and marks
    of earlier days are deleted then (a day that saw no visit has nothing to delete)."""
    salt: bytes | None = await session.scalar(select(VisitSalt.salt).where(VisitSalt.day == day))
    if salt is not None:
        return salt
    await session.execute(
        insert(VisitSalt)
        .values(day=day, salt=secrets.token_bytes(32))
        .on_conflict_do_nothing(index_elements=["day"])
    )
    await session.execute(delete(VisitSalt).where(VisitSalt.day < day))
    await session.execute(delete(VisitMark).where(VisitMark.day < day))
    stored: bytes = (
        await session.execute(select(VisitSalt.salt).where(VisitSalt.day == day))
    ).scalar_one()
    return stored


def visitor_hash(salt: bytes, address: str, browser: str) -> bytes:
    return hashlib.blake2b(
        f"{address}\n{browser}".encode(), key=salt, digest_size=VISITOR_BYTES
    ).digest()


async def count_visit(
    session: AsyncSession,
    *,
    page: VisitedPage,
    subject_id: str,
    day: date,
    address: str,
    browser: str,
) -> bool:
    """Counts one visit of a job (for the job and its organization) or of an organization's
    profile, once per visitor and day. False when nothing was counted: a page analytics does
    not know (a request can name anything), or this visitor was already counted today."""
    if page is VisitedPage.JOB:
        organization = await job_organization(session, subject_id)
        if organization is None:
            return False
        subject_type, metric = JOB, Metric.VISITS
    else:
        if await session.get(KnownOrganization, subject_id) is None:
            return False
        organization, subject_type, metric = None, ORGANIZATION, Metric.PROFILE_VISITS
    salt = await day_salt(session, day)
    marked = await session.execute(
        insert(VisitMark)
        .values(
            subject_type=subject_type,
            subject_id=subject_id,
            day=day,
            visitor=visitor_hash(salt, address, browser),
        )
        .on_conflict_do_nothing()
        .returning(VisitMark.day)
    )
    if marked.first() is None:
        return False
    await increment(session, subject_type, subject_id, day, metric)
    if organization is not None:
        await increment(session, ORGANIZATION, organization, day, metric)
    return True
