"""Visibility (spec 4): the applicant makes the resume findable or not at any time, and hides it
from chosen organizations (their recruiters then never see it, approved contacts included)."""

from __future__ import annotations

from jobkit.auth import Principal
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from resumes.db import known_organizations
from resumes.domain.completeness import searchable
from resumes.domain.errors import (
    UNKNOWN_ORGANIZATION_MESSAGE,
    ResumeErrorCode,
    ResumeErrors,
    one_error,
)
from resumes.domain.events import ResumeVisibilityChanged
from resumes.domain.models import HiddenFromOrganization, Resume
from resumes.domain.profile import edit
from resumes.domain.snapshots import emit
from resumes.settings import ResumesSettings

MAX_HIDDEN = 100


async def set_findable(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    findable: bool,
) -> Resume | ResumeErrors:
    """Findable or not; ``visibility_changed`` goes out after ``updated`` when the resume left
    the search. Made findable again, ``updated`` (which carries ``findable`` and ``searchable``)
    says it: the resume's last event is then the whole resume, as its compacted topic needs
    (search's reindex replays only the last event of each resume, ADR 0036)."""
    changed: list[bool] = []

    async def step(session: AsyncSession, resume: Resume) -> None:
        changed.append(resume.findable != findable)
        resume.findable = findable

    async def after(session: AsyncSession, resume: Resume) -> None:
        if changed and changed[0] and not searchable(resume):
            payload = ResumeVisibilityChanged(
                resume_id=str(resume.id),
                version=resume.version,
                findable=resume.findable,
                searchable=searchable(resume),
            )
            await emit(session, settings, resume, payload, principal)

    return await edit(sessions, settings, principal, step, after=after)


async def set_hidden_from(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    organization_id: str,
    hidden: bool,
) -> Resume | ResumeErrors:
    """Hide the resume from one organization's recruiters, or show it to them again."""

    async def step(session: AsyncSession, resume: Resume) -> None:
        rows = resume.hidden_from
        present = next((row for row in rows if row.organization_id == organization_id), None)
        if hidden and present is None:
            known = await session.scalar(
                select(known_organizations.c.organization_id).where(
                    known_organizations.c.organization_id == organization_id
                )
            )
            if known is None:
                raise one_error(
                    ResumeErrorCode.UNKNOWN_ORGANIZATION,
                    UNKNOWN_ORGANIZATION_MESSAGE,
                    "organization_id",
                )
            if len(rows) >= MAX_HIDDEN:
                raise one_error(
                    ResumeErrorCode.OUT_OF_RANGE,
                    f"A resume can be hidden from at most {MAX_HIDDEN} organizations.",
                    "organization_id",
                )
            rows.append(HiddenFromOrganization(organization_id=organization_id))
        elif not hidden and present is not None:
            rows.remove(present)

    return await edit(sessions, settings, principal, step)
