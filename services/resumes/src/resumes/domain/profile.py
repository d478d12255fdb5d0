"""The wizard's use cases (spec 2, 3, 5): the applicant's own resume, one step at a time.

One resume per applicant: the first step saved creates it. Each use case validates its step
(``resumes.domain.sections``), checks the vocabulary terms it refers to against the local read
model, applies the site's resume configuration (fields it nulls are never stored) and records
the edit (version + ``resumes.resume.updated``) in the same transaction. A refused step changes
nothing: the errors are raised inside the unit of work, so it rolls back, and answered as data.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Literal

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.geo import geocode
from jobkit.outbox import enqueue_tombstone
from jobkit.vocabulary import unknown_terms
from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from resumes.db import outbox, terms
from resumes.domain import sections
from resumes.domain.errors import (
    NO_RESUME,
    NO_SUCH_ENTRY,
    ONLY_APPLICANTS,
    ResumeError,
    ResumeErrorCode,
    ResumeErrors,
    one_error,
)
from resumes.domain.events import ResumeDeleted
from resumes.domain.models import EducationEntry, Resume, WorkExperienceEntry
from resumes.domain.snapshots import bump, emit, record_edit
from resumes.settings import ResumesSettings

Kind = Literal["education", "work_experience"]
Step = Callable[[AsyncSession, Resume], Awaitable[None]]


def may_keep_a_resume(principal: Principal) -> bool:
    return "applicant" in principal.roles


async def own_resume(
    session: AsyncSession, principal: Principal, *, lock: bool = False
) -> Resume | None:
    query = select(Resume).where(Resume.owner_id == uuid.UUID(principal.user_id))
    if lock:
        query = query.with_for_update()
    found: Resume | None = await session.scalar(query)
    return found


async def _create(session: AsyncSession, settings: ResumesSettings, principal: Principal) -> None:
    await session.execute(
        insert(Resume)
        .values(
            id=uuid.uuid4(),
            owner_id=uuid.UUID(principal.user_id),
            site=settings.site,
            owner_email=principal.email,
            title="",
        )
        .on_conflict_do_nothing(index_elements=[Resume.owner_id])
    )


async def edit(
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    step: Step,
    *,
    create: bool = False,
    after: Step | None = None,
) -> Resume | ResumeErrors:
    """The caller's resume changed by ``step`` and recorded (``after`` runs once the version
    is up, for events at the new version); errors ``step`` raises roll everything back."""
    if not may_keep_a_resume(principal):
        return one_error(ResumeErrorCode.FORBIDDEN, ONLY_APPLICANTS)
    try:
        async with unit_of_work(sessions) as session:
            if create:
                await _create(session, settings, principal)
            resume = await own_resume(session, principal, lock=True)
            if resume is None:
                return one_error(ResumeErrorCode.NOT_FOUND, NO_RESUME)
            if principal.email and resume.owner_email != principal.email:
                resume.owner_email = principal.email
            await step(session, resume)
            await record_edit(session, settings, resume, principal)
            if after is not None:
                await after(session, resume)
            return resume
    except ResumeErrors as refused:
        return refused


async def _check_terms(session: AsyncSession, model: BaseModel, prefix: str = "") -> None:
    errors: list[ResumeError] = []
    checks = list(sections.TERM_FIELDS.get(type(model), []))
    for field, vocabulary in checks:
        value = getattr(model, field)
        tids = value if isinstance(value, list) else ([value] if value is not None else [])
        unknown = await unknown_terms(session, terms, vocabulary, tids)
        if unknown:
            errors.append(_unknown(vocabulary, unknown, f"{prefix}{field}"))
    if isinstance(model, sections.Languages):
        tids = [language.tid for language in model.languages]
        unknown = await unknown_terms(session, terms, "languages", tids)
        if unknown:
            errors.append(_unknown("languages", unknown, f"{prefix}languages"))
    if errors:
        raise ResumeErrors(errors)


def _unknown(vocabulary: str, tids: list[int], field: str) -> ResumeError:
    return ResumeError(
        ResumeErrorCode.UNKNOWN_TERM,
        f"Unknown {vocabulary.replace('_', ' ')}: {', '.join(map(str, tids))}.",
        field,
    )


def _place(place: sections.Place | None) -> dict[str, Any] | None:
    if place is None:
        return None
    data = place.model_dump()
    data["country_code"] = place.country_code.upper()
    point = geocode(locality=place.locality, country_code=place.country_code)
    data["lat"], data["lon"] = (point.lat, point.lon) if point else (None, None)
    return data


async def save_personal_info(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    data: dict[str, Any],
) -> Resume | ResumeErrors:
    """Step personal_info (creates the resume): the private fields are kept private (access)."""
    parsed = sections.parse(sections.PersonalInfo, data)
    if isinstance(parsed, ResumeErrors):
        return parsed
    info = parsed

    async def step(session: AsyncSession, resume: Resume) -> None:
        resume.salutation = info.salutation.value if info.salutation else None
        resume.first_name = info.first_name
        resume.last_name = info.last_name
        resume.phone = info.phone
        resume.birthday = None if settings.nulls("birthday") else info.birthday
        resume.home_location = _place(info.home_location)
        resume.about = info.about or None

    return await edit(sessions, settings, principal, step, create=True)


async def save_job_preferences(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    data: dict[str, Any],
) -> Resume | ResumeErrors:
    """Step job_preferences (creates the resume when it is the first step saved)."""
    parsed = sections.parse(sections.JobPreferences, data)
    if isinstance(parsed, ResumeErrors):
        return parsed
    prefs = parsed

    async def step(session: AsyncSession, resume: Resume) -> None:
        await _check_terms(session, prefs)
        resume.title = prefs.title
        resume.desired_occupation_tid = prefs.desired_occupation_tid
        resume.employment_type_tids = list(dict.fromkeys(prefs.employment_type_tids))
        resume.desired_location = _place(prefs.desired_location)
        salary = prefs.desired_salary
        resume.salary_min = salary.min if salary else None
        resume.salary_max = salary.max if salary else None
        resume.salary_currency = salary.currency if salary else None
        resume.salary_unit = salary.unit.value if salary else None
        resume.career_status = prefs.career_status.value if prefs.career_status else None
        resume.available_start = prefs.available_start
        resume.availability_periods = [
            period.value for period in dict.fromkeys(prefs.availability_periods)
        ]

    return await edit(sessions, settings, principal, step, create=True)


def _entries(resume: Resume, kind: Kind) -> list[Any]:
    return resume.education if kind == "education" else resume.work_experience


def _fill(entry: Any, model: sections.Education | sections.WorkExperience, dated: bool) -> None:
    values = model.model_dump(exclude={"location"})
    for name, value in values.items():
        setattr(entry, name, value if not isinstance(value, str) else (value or None))
    entry.location = _place(model.location)
    if not dated:
        entry.start_date = entry.end_date = None
    if isinstance(model, sections.Education):
        entry.institution = model.institution
    else:
        entry.job_title = model.job_title


def _model(kind: Kind) -> type[sections.Education] | type[sections.WorkExperience]:
    return sections.Education if kind == "education" else sections.WorkExperience


def _dated(settings: ResumesSettings, kind: Kind) -> bool:
    return not settings.nulls(
        "education_time_period" if kind == "education" else "work_experience_time_period"
    )


async def add_entry(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    kind: Kind,
    data: dict[str, Any],
) -> Resume | ResumeErrors:
    """A new education or work experience entry, last in the list."""
    parsed = sections.parse(_model(kind), data)
    if isinstance(parsed, ResumeErrors):
        return parsed
    model = parsed

    async def step(session: AsyncSession, resume: Resume) -> None:
        entries = _entries(resume, kind)
        if len(entries) >= sections.MAX_ENTRIES:
            raise one_error(
                ResumeErrorCode.OUT_OF_RANGE,
                f"A resume keeps at most {sections.MAX_ENTRIES} entries of a kind.",
            )
        await _check_terms(session, model)
        entry: Any = EducationEntry() if kind == "education" else WorkExperienceEntry()
        entry.id = uuid.uuid4()
        entry.position = max((row.position for row in entries), default=-1) + 1
        _fill(entry, model, _dated(settings, kind))
        entries.append(entry)

    return await edit(sessions, settings, principal, step)


def _find(resume: Resume, kind: Kind, entry_id: uuid.UUID | None, field: str) -> Any:
    for entry in _entries(resume, kind):
        if entry.id == entry_id:
            return entry
    raise one_error(ResumeErrorCode.NOT_FOUND, NO_SUCH_ENTRY, field)


async def update_entry(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    kind: Kind,
    entry_id: uuid.UUID | None,
    data: dict[str, Any],
) -> Resume | ResumeErrors:
    parsed = sections.parse(_model(kind), data)
    if isinstance(parsed, ResumeErrors):
        return parsed
    model = parsed

    async def step(session: AsyncSession, resume: Resume) -> None:
        entry = _find(resume, kind, entry_id, "id")
        await _check_terms(session, model)
        _fill(entry, model, _dated(settings, kind))

    return await edit(sessions, settings, principal, step)


async def remove_entry(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    kind: Kind,
    entry_id: uuid.UUID | None,
) -> Resume | ResumeErrors:
    async def step(session: AsyncSession, resume: Resume) -> None:
        entries = _entries(resume, kind)
        entries.remove(_find(resume, kind, entry_id, "id"))
        for position, entry in enumerate(entries):
            entry.position = position

    return await edit(sessions, settings, principal, step)


async def reorder_entries(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    kind: Kind,
    entry_ids: Sequence[uuid.UUID | None],
) -> Resume | ResumeErrors:
    """The entries in this order: every entry of the kind, each once."""

    async def step(session: AsyncSession, resume: Resume) -> None:
        entries = _entries(resume, kind)
        if len(entry_ids) != len(set(entry_ids)) or {row.id for row in entries} != set(entry_ids):
            raise one_error(
                ResumeErrorCode.INVALID,
                "Give every entry of the list once, in the new order.",
                "ids",
            )
        order = {entry_id: position for position, entry_id in enumerate(entry_ids)}
        for entry in entries:
            entry.position = order[entry.id]
        entries.sort(key=lambda row: int(row.position))

    return await edit(sessions, settings, principal, step)


async def set_languages(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    data: dict[str, Any],
) -> Resume | ResumeErrors:
    parsed = sections.parse(sections.Languages, data)
    if isinstance(parsed, ResumeErrors):
        return parsed
    model = parsed

    async def step(session: AsyncSession, resume: Resume) -> None:
        await _check_terms(session, model)
        resume.languages = [
            {"tid": language.tid, "level": language.level.value} for language in model.languages
        ]
        resume.languages_free = model.languages_free or None
        resume.language_notes = model.language_notes or None

    return await edit(sessions, settings, principal, step)


async def set_skills(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    data: dict[str, Any],
) -> Resume | ResumeErrors:
    parsed = sections.parse(sections.Skills, data)
    if isinstance(parsed, ResumeErrors):
        return parsed
    model = parsed

    async def step(session: AsyncSession, resume: Resume) -> None:
        await _check_terms(session, model)
        resume.skill_tids = list(dict.fromkeys(model.skill_tids))
        free: dict[str, str] = {}
        for name in model.skills_free:
            free.setdefault(name.casefold(), name)
        resume.skills_free = list(free.values())
        resume.skills_notes = model.skills_notes or None

    return await edit(sessions, settings, principal, step)


async def delete_resume(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
) -> uuid.UUID | ResumeErrors:
    """The applicant deletes their resume: its entries and contact requests go with it."""
    async with unit_of_work(sessions) as session:
        deleted = await erase_resume(session, settings, principal.user_id, principal=principal)
        if deleted is None:
            return one_error(ResumeErrorCode.NOT_FOUND, NO_RESUME)
        return deleted


async def erase_resume(
    session: AsyncSession,
    settings: ResumesSettings,
    user_id: str,
    *,
    principal: Principal | None = None,
) -> uuid.UUID | None:
    """The user's resume deleted in the caller's transaction (``deleteMyResume``, or the
    account's deletion: identity.user.deleted), with ``resumes.resume.deleted`` and then a
    tombstone for the resume on its compacted topic, so the broker drops the resume's history
    too (ADR 0036); None when there is none (again: nothing to do)."""
    try:
        owner = uuid.UUID(user_id)
    except ValueError:
        return None
    resume = await session.scalar(select(Resume).where(Resume.owner_id == owner).with_for_update())
    if resume is None:
        return None
    bump(resume)
    await emit(session, settings, resume, ResumeDeleted(resume_id=str(resume.id)), principal)
    await enqueue_tombstone(
        session, outbox, topic=settings.topic(ResumeDeleted.topic), key=str(resume.id)
    )
    await session.delete(resume)
    return resume.id
