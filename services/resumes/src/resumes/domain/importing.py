"""Import a CV into a draft the wizard prefills, and export the applicant's resume as JSON Resume
(ADR 0028). Nothing here writes a resume: the applicant confirms the draft, and the wizard's own
steps (``resumes.domain.profile``) save it.

The file comes through the upload path (``POST /uploads`` with purpose ``resume_import``, checked
by content there); the import reads it again in a child process with a time budget
(``resumes.importing.import_resume``), matching skills and languages against the local copy of
search's vocabularies. Both answers are refused while the site's ``features.resume`` or
``features.resume_import`` is off (identity's site configuration).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import Any

from jobkit.auth import Principal
from jobkit.site_settings import site_values
from jobkit.uploads.checks import RejectionCode, UploadRejected
from jobkit.uploads.storage import Storage
from jobkit.uploads.tables import usable_upload
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from resumes.db import site_settings, terms, uploads
from resumes.domain.models import Resume
from resumes.domain.profile import may_keep_a_resume, own_resume
from resumes.importing import (
    EducationEntry,
    LanguageEntry,
    PersonalInfo,
    ResumeDraft,
    SkillEntry,
    VocabularyTerm,
    WorkEntry,
    YearMonth,
    export_json_resume,
    import_resume,
)
from resumes.importing.terms import fold, language_code
from resumes.rendering import render_resume_pdf

IMPORT_PURPOSE = "resume_import"
# identity's site configuration flags (both on unless a site turns them off)
FEATURES = (("features", "resume"), ("features", "resume_import"))


class ImportErrorCode(StrEnum):
    FEATURE_OFF = "FEATURE_OFF"
    FORBIDDEN = "FORBIDDEN"
    NOT_FOUND = "NOT_FOUND"
    NO_RESUME = "NO_RESUME"
    # the upload path's refusals (jobkit.uploads.checks.RejectionCode)
    TOO_LARGE = "TOO_LARGE"
    UNSUPPORTED_TYPE = "UNSUPPORTED_TYPE"
    UNSAFE_CONTENT = "UNSAFE_CONTENT"
    CORRUPT = "CORRUPT"
    TOO_COMPLEX = "TOO_COMPLEX"


FEATURE_OFF_MESSAGE = "Importing and exporting resumes is not available on this site."
ONLY_APPLICANTS_MESSAGE = "Only applicants can import or export a resume."
NO_UPLOAD_MESSAGE = "This file does not exist or is not yours: upload it again."
NO_RESUME_MESSAGE = "You have no resume yet: start with your personal info."
FILE_GONE_MESSAGE = "The uploaded file is no longer there: upload it again."


@dataclass(frozen=True)
class ImportRefused:
    code: ImportErrorCode
    message: str


@dataclass(frozen=True)
class MatchedLanguage:
    entry: LanguageEntry
    tid: int | None  # the languages vocabulary's term, when the name or code is known


@dataclass(frozen=True)
class ImportedDraft:
    draft: ResumeDraft
    languages: tuple[MatchedLanguage, ...]


@dataclass(frozen=True)
class JsonResumeExport:
    document: str  # the JSON text
    file_name: str


async def features_on(session: AsyncSession, site: str) -> bool:
    for key, name in FEATURES:
        values = await site_values(session, site_settings, [site], key, name)
        if not bool(values.get(site, True)):
            return False
    return True


async def _gate(session: AsyncSession, principal: Principal, site: str) -> ImportRefused | None:
    if not await features_on(session, site):
        return ImportRefused(ImportErrorCode.FEATURE_OFF, FEATURE_OFF_MESSAGE)
    if not may_keep_a_resume(principal):
        return ImportRefused(ImportErrorCode.FORBIDDEN, ONLY_APPLICANTS_MESSAGE)
    return None


async def _vocabulary(session: AsyncSession, name: str) -> list[tuple[int, str]]:
    rows = await session.execute(
        select(terms.c.tid, terms.c.label).where(terms.c.vocabulary == name).order_by(terms.c.tid)
    )
    return [(int(tid), str(label)) for tid, label in rows]


def match_languages(
    entries: tuple[LanguageEntry, ...], vocabulary: list[tuple[int, str]]
) -> tuple[MatchedLanguage, ...]:
    """Each language with its term of the languages vocabulary: by ISO 639-1 code (the term's
    label read as a language name: "German" is ``de`` like "Deutsch"), else by the folded name."""
    by_code: dict[str, int] = {}
    by_name: dict[str, int] = {}
    for tid, label in vocabulary:
        code = language_code(label)
        if code is not None:
            by_code.setdefault(code, tid)
        by_name.setdefault(fold(label), tid)
    matched: list[MatchedLanguage] = []
    for entry in entries:
        found = by_code.get(entry.code) if entry.code else None
        found = found if found is not None else by_name.get(fold(entry.name))
        matched.append(MatchedLanguage(entry=entry, tid=found))
    return tuple(matched)


async def import_upload(
    *,
    sessions: async_sessionmaker[AsyncSession],
    storage: Storage,
    principal: Principal,
    site: str,
    upload_id: object,
    budget_seconds: float,
) -> ImportedDraft | ImportRefused:
    """The draft read from the caller's ``resume_import`` upload, or why not. Reads only."""
    async with sessions() as session:
        refused = await _gate(session, principal, site)
        if refused is not None:
            return refused
        row = await usable_upload(
            session, uploads, upload_id, principal=principal, purpose=IMPORT_PURPOSE
        )
        # the uploader alone: an administrator's role does not make someone else's CV theirs
        if row is None or row.owner_id != principal.user_id:
            return ImportRefused(ImportErrorCode.NOT_FOUND, NO_UPLOAD_MESSAGE)
        key = row.styles["original"]["key"]
        skills = await _vocabulary(session, "skills")
        languages = await _vocabulary(session, "languages")
    try:
        data = await storage.get(key)
    except FileNotFoundError:
        return ImportRefused(ImportErrorCode.NOT_FOUND, FILE_GONE_MESSAGE)
    vocabulary = [VocabularyTerm(str(tid), label) for tid, label in skills]
    try:
        draft = await import_resume(data, vocabulary=vocabulary, budget_seconds=budget_seconds)
    except UploadRejected as rejected:
        return ImportRefused(_CODES[rejected.code], rejected.message)
    return ImportedDraft(draft=draft, languages=match_languages(draft.languages, languages))


_CODES = {
    RejectionCode.TOO_LARGE: ImportErrorCode.TOO_LARGE,
    RejectionCode.UNSUPPORTED_TYPE: ImportErrorCode.UNSUPPORTED_TYPE,
    RejectionCode.UNSAFE_CONTENT: ImportErrorCode.UNSAFE_CONTENT,
    RejectionCode.CORRUPT: ImportErrorCode.CORRUPT,
    RejectionCode.TOO_COMPLEX: ImportErrorCode.TOO_COMPLEX,
    RejectionCode.IMAGE_TOO_LARGE: ImportErrorCode.TOO_LARGE,
}


# --- export ----------------------------------------------------------------------------------


def _month(value: date | None) -> YearMonth | None:
    return YearMonth(value.year, value.month) if value is not None else None


def draft_of(resume: Resume, labels: dict[int, str]) -> ResumeDraft:
    """The resume as a draft (what JSON Resume can carry); term ids become their labels."""
    home = resume.home_location or {}
    work = tuple(
        WorkEntry(
            title=entry.job_title,
            employer=entry.company_name,
            start=_month(entry.start_date),
            end=_month(entry.end_date),
            current=entry.start_date is not None and entry.end_date is None,
            description=entry.summary,
        )
        for entry in sorted(resume.work_experience, key=lambda item: item.position)
    )
    education = tuple(
        EducationEntry(
            degree=entry.study_program
            or labels.get(entry.field_of_study_tid or 0)
            or labels.get(entry.degree_level_tid or 0),
            institution=entry.institution,
            start=_month(entry.start_date),
            end=_month(entry.end_date),
        )
        for entry in sorted(resume.education, key=lambda item: item.position)
    )
    languages = tuple(
        LanguageEntry(
            name=labels[item["tid"]],
            code=language_code(labels[item["tid"]]),
            level=str(item["level"]).upper() if item["level"] != "native" else "native",
            cefr=str(item["level"]).upper() if item["level"] != "native" else "native",
        )
        for item in resume.languages
        if item.get("tid") in labels
    )
    skills = tuple(
        SkillEntry(label=labels[tid], term_id=str(tid))
        for tid in resume.skill_tids
        if tid in labels
    ) + tuple(SkillEntry(label=text) for text in resume.skills_free)
    return ResumeDraft(
        source="profile",
        personal=PersonalInfo(
            first_name=resume.first_name,
            last_name=resume.last_name,
            email=resume.owner_email,
            phone=resume.phone,
            city=home.get("locality"),
        ),
        headline=resume.title or None,
        summary=resume.about,
        work=work,
        education=education,
        languages=languages,
        skills=skills,
    )


def _referenced_tids(resume: Resume) -> set[int]:
    tids = {int(item["tid"]) for item in resume.languages if "tid" in item}
    tids.update(resume.skill_tids)
    for entry in resume.education:
        tids.update(tid for tid in (entry.degree_level_tid, entry.field_of_study_tid) if tid)
    return tids


async def term_labels(session: AsyncSession, tids: set[int]) -> dict[int, str]:
    """The labels of these terms in the local vocabulary read model (unknown ones left out)."""
    if not tids:
        return {}
    rows = await session.execute(select(terms.c.tid, terms.c.label).where(terms.c.tid.in_(tids)))
    return {int(tid): str(label) for tid, label in rows}


async def resume_draft(session: AsyncSession, resume: Resume) -> ResumeDraft:
    """The resume as a draft, term ids as their labels: what the JSON Resume export and the PDF
    are written from (also the person's data export, ``resumes.domain.export``)."""
    return draft_of(resume, await term_labels(session, _referenced_tids(resume)))


async def _own_draft(session: AsyncSession, principal: Principal) -> ResumeDraft | None:
    """The caller's own resume as a draft (term ids as their labels); None without a resume."""
    resume = await own_resume(session, principal)
    if resume is None:
        return None
    return await resume_draft(session, resume)


def _file_name(draft: ResumeDraft, extension: str) -> str:
    personal = draft.personal
    name = "-".join(part for part in (personal.first_name, personal.last_name) if part)
    return f"{_file_stem(name or 'resume')}.{extension}"


async def export_my_resume(
    *, sessions: async_sessionmaker[AsyncSession], principal: Principal, site: str
) -> JsonResumeExport | ImportRefused:
    """The caller's own resume as a JSON Resume document (v1), or why not."""
    async with sessions() as session:
        refused = await _gate(session, principal, site)
        if refused is not None:
            return refused
        draft = await _own_draft(session, principal)
    if draft is None:
        return ImportRefused(ImportErrorCode.NO_RESUME, NO_RESUME_MESSAGE)
    document: dict[str, Any] = export_json_resume(draft)
    return JsonResumeExport(
        document=json.dumps(document, ensure_ascii=False, indent=2),
        file_name=_file_name(draft, "json"),
    )


# --- the resume as a PDF, to apply with (ADR 0033) --------------------------------------------

PDF_FEATURE_OFF_MESSAGE = "Resumes are not available on this site."
PDF_ONLY_APPLICANTS_MESSAGE = "Only applicants have a resume to apply with."
PDF_NO_RESUME_MESSAGE = "You have no resume yet: create one, or upload your CV as a file."


@dataclass(frozen=True)
class ResumePdfExport:
    content: bytes
    file_name: str


async def render_my_resume_pdf(
    *,
    sessions: async_sessionmaker[AsyncSession],
    principal: Principal,
    site: str,
    locale: str | None,
) -> ResumePdfExport | ImportRefused:
    """The caller's own resume rendered as a PDF, or why not. Reads only: the web uploads the
    bytes to the service the applicant applies through (jobs' content-checked upload path), so
    the PDF goes where the applicant sends it and nowhere else. Needs ``features.resume`` alone:
    this is no import."""
    async with sessions() as session:
        values = await site_values(session, site_settings, [site], "features", "resume")
        if not bool(values.get(site, True)):
            return ImportRefused(ImportErrorCode.FEATURE_OFF, PDF_FEATURE_OFF_MESSAGE)
        if not may_keep_a_resume(principal):
            return ImportRefused(ImportErrorCode.FORBIDDEN, PDF_ONLY_APPLICANTS_MESSAGE)
        draft = await _own_draft(session, principal)
    if draft is None:
        return ImportRefused(ImportErrorCode.NO_RESUME, PDF_NO_RESUME_MESSAGE)
    content = await render_resume_pdf(draft, locale=locale)
    return ResumePdfExport(content=content, file_name=_file_name(draft, "pdf"))


def _file_stem(name: str) -> str:
    kept = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name).strip("-")
    return (kept or "resume")[:80]
