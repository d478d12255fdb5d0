"""The resume as its events carry it (the public fields only), and the one way an edit is
recorded: the version goes up once and ``resumes.resume.updated`` is enqueued at it."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from jobkit.auth import Principal
from jobkit.events import EventPayload
from jobkit.outbox import enqueue
from sqlalchemy.ext.asyncio import AsyncSession

from resumes.db import outbox
from resumes.domain.completeness import completeness
from resumes.domain.events import (
    PublicEducation,
    PublicLanguage,
    PublicPlace,
    PublicSalary,
    PublicWorkExperience,
    ResumeUpdated,
)
from resumes.domain.models import Resume
from resumes.settings import ResumesSettings


def _place(data: dict[str, Any] | None) -> PublicPlace | None:
    if not data:
        return None
    return PublicPlace(
        locality=data["locality"],
        country_code=data["country_code"],
        administrative_area=data.get("administrative_area"),
        lat=data.get("lat"),
        lon=data.get("lon"),
    )


def _day(value: date | None) -> str | None:
    return value.isoformat() if value is not None else None


def snapshot(resume: Resume, settings: ResumesSettings) -> ResumeUpdated:
    """The public resume: never a private field (access.PRIVATE_FIELDS) nor an address."""
    state = completeness(resume)
    salary = None
    if resume.salary_currency and (resume.salary_min is not None or resume.salary_max is not None):
        salary = PublicSalary(
            min=float(resume.salary_min) if resume.salary_min is not None else None,
            max=float(resume.salary_max) if resume.salary_max is not None else None,
            currency=resume.salary_currency,
            unit=resume.salary_unit or "year",
        )
    education_dates = not settings.nulls("education_time_period")
    work_dates = not settings.nulls("work_experience_time_period")
    return ResumeUpdated(
        resume_id=str(resume.id),
        site=resume.site,
        version=resume.version,
        findable=resume.findable,
        complete=state.complete,
        searchable=resume.findable and state.complete,
        title=resume.title,
        about=resume.about,
        desired_occupation_tid=resume.desired_occupation_tid,
        employment_type_tids=list(resume.employment_type_tids),
        desired_location=_place(resume.desired_location),
        salary=salary,
        career_status=resume.career_status,
        available_start=_day(resume.available_start),
        availability_periods=list(resume.availability_periods),
        languages=[
            PublicLanguage(tid=item["tid"], level=item["level"]) for item in resume.languages
        ],
        languages_free=resume.languages_free,
        skill_tids=list(resume.skill_tids),
        skills_free=list(resume.skills_free),
        education=[
            PublicEducation(
                institution=entry.institution,
                degree_level_tid=entry.degree_level_tid,
                field_of_study_tid=entry.field_of_study_tid,
                study_program=entry.study_program,
                location=_place(entry.location),
                start_date=_day(entry.start_date) if education_dates else None,
                end_date=_day(entry.end_date) if education_dates else None,
                summary=entry.summary,
            )
            for entry in resume.education
        ],
        work_experience=[
            PublicWorkExperience(
                job_title=entry.job_title,
                occupation_tid=entry.occupation_tid,
                employment_type_tid=entry.employment_type_tid,
                company_name=entry.company_name,
                location=_place(entry.location),
                start_date=_day(entry.start_date) if work_dates else None,
                end_date=_day(entry.end_date) if work_dates else None,
                summary=entry.summary,
            )
            for entry in resume.work_experience
        ],
        hidden_from_organization_ids=sorted(row.organization_id for row in resume.hidden_from),
        # when the resume last changed (an edit bumps it first; a resync sends it unchanged)
        updated_at=(resume.updated_at or datetime.now(UTC)).isoformat(),
    )


async def emit(
    session: AsyncSession,
    settings: ResumesSettings,
    resume: Resume,
    payload: EventPayload,
    principal: Principal | None,
) -> None:
    actor = (principal.actor_id or principal.user_id) if principal else "system:resumes"
    event = payload.envelope(
        aggregate_id=str(resume.id),
        site=resume.site,
        actor=actor,
        aggregate_version=resume.version,
    )
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)


def bump(resume: Resume) -> None:
    """The resume's version goes up (once per use case: its events carry the new version)."""
    resume.version += 1
    resume.updated_at = datetime.now(UTC)


async def record_edit(
    session: AsyncSession,
    settings: ResumesSettings,
    resume: Resume,
    principal: Principal | None,
) -> None:
    """One edit: the version once, ``updated`` at that version (a use case may enqueue more
    events at the same version with :func:`emit` afterwards)."""
    bump(resume)
    await session.flush()
    await emit(session, settings, resume, snapshot(resume, settings), principal)
