"""A person's data in resumes, for their export (the export saga, ADR 0038).

What is exported mirrors what the erasure (``resumes.domain.erasure``, ADR 0036) deletes or
anonymizes, since both are "what resumes keeps about the person":

- the **resume**: every field, the private ones included (it is the person's own copy), with the
  vocabulary terms it refers to and their labels, its visibility (findable, searchable), its
  **work experience** and **education** entries, the **organizations it is hidden from**, and
  the same resume as a **JSON Resume** document (the one ``myResumeJsonResume`` answers, ADR
  0028), which other tools read;
- **contact requests received**: the organizations that asked to contact the resume, when, and
  what became of it; never who at the organization asked (the recruiter is another person);
- **contact requests made** as a recruiter: for which organization, when, and what became of
  them; never whose resume was asked for (that applicant is another person);
- every **upload** of theirs (an imported CV, a picture) as its original bytes, read from the
  service's storage; an upload whose stored file is gone is listed, marked missing.

Reads only, in the consumer's transaction; nothing is locked: an export is a copy as of now.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from jobkit.export import ExportPart
from jobkit.uploads.storage import Storage
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from resumes.db import known_organizations, uploads
from resumes.domain.completeness import completeness, searchable
from resumes.domain.importing import resume_draft, term_labels
from resumes.domain.models import (
    ContactRequest,
    EducationEntry,
    HiddenFromOrganization,
    Resume,
    WorkExperienceEntry,
)
from resumes.importing import export_json_resume

log = logging.getLogger(__name__)

SERVICE = "resumes"
# the stored style that holds the bytes as uploaded (jobkit.uploads.images.ORIGINAL)
ORIGINAL_STYLE = "original"


async def export_person(session: AsyncSession, *, storage: Storage, user_id: str) -> ExportPart:
    """The person's part of their export: their resume, the contact requests made to it and by
    them, and their uploads' original files from ``storage`` (the service's upload storage)."""
    part = ExportPart(SERVICE)
    resume = await _resume(session, user_id)
    if resume is not None:
        await _add_resume(session, part, resume)
        part.add("contact_requests_received", await _requests_received(session, resume))
    part.add("contact_requests_made", await _requests_made(session, user_id))
    part.add("uploads", await _uploads(session, part, storage, user_id))
    return part


async def _resume(session: AsyncSession, user_id: str) -> Resume | None:
    try:
        owner = uuid.UUID(user_id)
    except ValueError:  # an account id that is no uuid never had a resume
        return None
    found: Resume | None = await session.scalar(select(Resume).where(Resume.owner_id == owner))
    return found


def _tids(resume: Resume) -> set[int]:
    """Every vocabulary term the resume and its entries refer to."""
    tids = {int(item["tid"]) for item in resume.languages if "tid" in item}
    tids.update(resume.skill_tids)
    tids.update(resume.employment_type_tids)
    if resume.desired_occupation_tid is not None:
        tids.add(resume.desired_occupation_tid)
    for school in resume.education:
        tids.update(tid for tid in (school.degree_level_tid, school.field_of_study_tid) if tid)
    for work in resume.work_experience:
        tids.update(tid for tid in (work.occupation_tid, work.employment_type_tid) if tid)
    return tids


def _term(tid: int | None, labels: dict[int, str]) -> dict[str, Any] | None:
    """A term as the person reads it: its id and its label (null when the vocabulary no longer
    has it)."""
    return None if tid is None else {"tid": tid, "label": labels.get(tid)}


async def _add_resume(session: AsyncSession, part: ExportPart, resume: Resume) -> None:
    labels = await term_labels(session, _tids(resume))
    salary = (
        {
            "min": resume.salary_min,
            "max": resume.salary_max,
            "currency": resume.salary_currency,
            "unit": resume.salary_unit,
        }
        if resume.salary_currency or resume.salary_min is not None or resume.salary_max is not None
        else None
    )
    part.add(
        "resume",
        {
            "id": resume.id,
            "site": resume.site,
            "created_at": resume.created_at,
            "updated_at": resume.updated_at,
            "version": resume.version,
            "email": resume.owner_email,
            "personal_info": {
                "salutation": resume.salutation,
                "first_name": resume.first_name,
                "last_name": resume.last_name,
                "phone": resume.phone,
                "birthday": resume.birthday,
                "home_location": resume.home_location,
                "about": resume.about,
            },
            "job_preferences": {
                "title": resume.title,
                "desired_occupation": _term(resume.desired_occupation_tid, labels),
                "employment_types": [_term(tid, labels) for tid in resume.employment_type_tids],
                "desired_location": resume.desired_location,
                "salary": salary,
                "career_status": resume.career_status,
                "available_start": resume.available_start,
                "availability_periods": list(resume.availability_periods),
            },
            "languages": [
                {**(_term(int(item["tid"]), labels) or {}), "level": item.get("level")}
                for item in resume.languages
                if "tid" in item
            ],
            "languages_free": resume.languages_free,
            "language_notes": resume.language_notes,
            "skills": [_term(tid, labels) for tid in resume.skill_tids],
            "skills_free": list(resume.skills_free),
            "skills_notes": resume.skills_notes,
            "visibility": {
                "findable": resume.findable,
                "searchable": searchable(resume),
                "complete_percent": completeness(resume).percent,
            },
        },
    )
    part.add(
        "work_experience",
        [
            _work(entry, labels)
            for entry in sorted(resume.work_experience, key=lambda item: item.position)
        ],
    )
    part.add(
        "education",
        [
            _education(entry, labels)
            for entry in sorted(resume.education, key=lambda item: item.position)
        ],
    )
    part.add("hidden_organizations", await _hidden(session, resume.hidden_from))
    # the document myResumeJsonResume answers, written by the same functions; not gated by
    # features.resume_import: a person's copy of their data is no feature a site turns off
    part.add("json_resume", export_json_resume(await resume_draft(session, resume)))


def _work(entry: WorkExperienceEntry, labels: dict[int, str]) -> dict[str, Any]:
    return {
        "id": entry.id,
        "position": entry.position,
        "job_title": entry.job_title,
        "occupation": _term(entry.occupation_tid, labels),
        "employment_type": _term(entry.employment_type_tid, labels),
        "company_name": entry.company_name,
        "location": entry.location,
        "start_date": entry.start_date,
        "end_date": entry.end_date,
        "summary": entry.summary,
    }


def _education(entry: EducationEntry, labels: dict[int, str]) -> dict[str, Any]:
    return {
        "id": entry.id,
        "position": entry.position,
        "institution": entry.institution,
        "degree_level": _term(entry.degree_level_tid, labels),
        "field_of_study": _term(entry.field_of_study_tid, labels),
        "study_program": entry.study_program,
        "location": entry.location,
        "start_date": entry.start_date,
        "end_date": entry.end_date,
        "summary": entry.summary,
    }


async def _organization_names(session: AsyncSession, ids: set[str]) -> dict[str, str]:
    """Organizations' names from the known organizations read model (an organization it never
    heard of, or one deleted since, has none)."""
    if not ids:
        return {}
    rows = await session.execute(
        select(known_organizations.c.organization_id, known_organizations.c.name).where(
            known_organizations.c.organization_id.in_(ids)
        )
    )
    return {str(organization_id): str(name) for organization_id, name in rows}


async def _hidden(
    session: AsyncSession, rows: list[HiddenFromOrganization]
) -> list[dict[str, Any]]:
    names = await _organization_names(session, {row.organization_id for row in rows})
    return [
        {
            "organization_id": row.organization_id,
            "organization_name": names.get(row.organization_id),
            "hidden_since": row.created_at,
        }
        for row in sorted(rows, key=lambda item: (item.created_at, item.organization_id))
    ]


async def _requests_received(session: AsyncSession, resume: Resume) -> list[dict[str, Any]]:
    """Every request made to the resume, whatever its state: the organization (id and name),
    when, and what became of it. Not the recruiter who asked (another person's id), nor the
    organization's billing number or why billing refused it (the organization's affairs)."""
    requests = list(
        await session.scalars(
            select(ContactRequest)
            .where(ContactRequest.resume_id == resume.id)
            .order_by(ContactRequest.created_at, ContactRequest.id)
        )
    )
    names = await _organization_names(session, {request.organization_id for request in requests})
    return [
        {
            "id": request.id,
            "organization_id": request.organization_id,
            "organization_name": names.get(request.organization_id),
            "status": request.status,
            "requested_at": request.created_at,
            "updated_at": request.updated_at,
        }
        for request in requests
    ]


async def _requests_made(session: AsyncSession, user_id: str) -> list[dict[str, Any]]:
    """The requests the person made as a recruiter: for which organization, when, and what
    became of them. Not whose resume they asked for: the applicant is another person."""
    requests = list(
        await session.scalars(
            select(ContactRequest)
            .where(ContactRequest.recruiter_id == user_id)
            .order_by(ContactRequest.created_at, ContactRequest.id)
        )
    )
    names = await _organization_names(session, {request.organization_id for request in requests})
    return [
        {
            "id": request.id,
            "organization_id": request.organization_id,
            "organization_name": names.get(request.organization_id),
            "status": request.status,
            "denied_reason": request.denied_reason,
            "requested_at": request.created_at,
            "updated_at": request.updated_at,
        }
        for request in requests
    ]


async def _uploads(
    session: AsyncSession, part: ExportPart, storage: Storage, user_id: str
) -> list[dict[str, Any]]:
    """Each upload the person made (the ones the erasure deletes), its original bytes put in the
    part and named by ``file``; one whose stored file is gone (swept while this ran, or lost) is
    listed with ``file`` null and ``missing`` true rather than failing the whole export."""
    rows = (
        await session.execute(
            select(uploads)
            .where(uploads.c.owner_id == user_id)
            .order_by(uploads.c.created_at, uploads.c.id)
        )
    ).all()
    records: list[dict[str, Any]] = []
    for row in rows:
        record: dict[str, Any] = {
            "id": row.id,
            "purpose": row.purpose,
            "kind": row.kind,
            "media_type": row.media_type,
            "filename": row.filename,
            "size": row.size,
            "private": row.private,
            "uploaded_at": row.created_at,
            "file": None,
            "missing": False,
        }
        key = ((row.styles or {}).get(ORIGINAL_STYLE) or {}).get("key")
        try:
            data = await storage.get(key) if key else None
        except FileNotFoundError:
            data = None
        if data is None:
            log.warning("export: the stored file of upload %s is missing", row.id)
            record["missing"] = True
        else:
            record["file"] = part.file(row.filename, data)
        records.append(record)
    return records
