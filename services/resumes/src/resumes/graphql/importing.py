"""importResume (a CV read into a draft the wizard prefills; nothing is written),
myResumeJsonResume (the caller's resume as a JSON Resume document) and myResumePdf (the caller's
resume as a PDF to apply with). ADRs 0028, 0033; the rules are resumes.domain.importing's."""

from __future__ import annotations

import base64
from datetime import date
from typing import Annotated

import strawberry
from jobkit.graphql import Error
from jobkit.uploads.storage import Storage
from jobkit.vocabulary import TermRef, term_ref
from strawberry.types import Info

from resumes.domain import importing
from resumes.graphql.context import ResumeContext
from resumes.graphql.types import LanguageLevel, settings_of
from resumes.importing import YearMonth
from resumes.rendering import MEDIA_TYPE

ImportErrorCode = strawberry.enum(
    importing.ImportErrorCode,
    name="ResumeImportErrorCode",
    description="Why a resume import or export was refused: FEATURE_OFF (the site has it off), "
    "FORBIDDEN (not an applicant), NOT_FOUND (no such upload of yours), NO_RESUME (nothing to "
    "export yet), or the file's refusal: TOO_LARGE, UNSUPPORTED_TYPE, UNSAFE_CONTENT, CORRUPT, "
    "TOO_COMPLEX.",
)


@strawberry.type(description="A resume import or export was refused; the message says why.")
class ResumeImportError(Error):
    code: ImportErrorCode  # type: ignore[valid-type]


@strawberry.type(description="Personal info and contact details read from the file.")
class ResumeImportPersonalInfo:
    first_name: str | None
    last_name: str | None
    email: str | None = strawberry.field(
        description="As read; a resume has no email field (the account's address is used)."
    )
    phone: str | None
    city: str | None = strawberry.field(description="The home town, without a country.")


def _date(value: YearMonth | None) -> date | None:
    return date(value.year, value.month or 1, 1) if value is not None else None


_DATE_NOTE = "The first day of the month read (January when only the year was)."


@strawberry.type(description="One work experience entry read from the file.")
class ResumeImportWorkEntry:
    job_title: str | None
    company_name: str | None
    start_date: date | None = strawberry.field(description=_DATE_NOTE)
    end_date: date | None = strawberry.field(description=_DATE_NOTE)
    current: bool = strawberry.field(description="Still there: no end.")
    summary: str | None


@strawberry.type(description="One education entry read from the file.")
class ResumeImportEducationEntry:
    study_program: str | None = strawberry.field(description="The degree and field as written.")
    institution: str | None
    start_date: date | None = strawberry.field(description=_DATE_NOTE)
    end_date: date | None = strawberry.field(description=_DATE_NOTE)
    current: bool


@strawberry.type(description="A language read from the file.")
class ResumeImportLanguage:
    name: str = strawberry.field(description="As written.")
    language: TermRef | None = strawberry.field(
        description="The languages vocabulary's term, when the language is known."
    )
    level_written: str | None = strawberry.field(description="The level as written.")
    level: LanguageLevel | None = strawberry.field(  # type: ignore[valid-type]
        description="The level when it could be mapped to CEFR (or native)."
    )


@strawberry.type(
    description="What could be read from a CV, for the applicant to confirm in the wizard. "
    "Nothing is saved: the wizard's steps save what the applicant confirms."
)
class ResumeImportDraft:
    source: str = strawberry.field(description="pdf, docx or json_resume.")
    personal_info: ResumeImportPersonalInfo
    headline: str | None
    summary: str | None
    work_experience: list[ResumeImportWorkEntry]
    education: list[ResumeImportEducationEntry]
    languages: list[ResumeImportLanguage]
    skills: list[TermRef] = strawberry.field(description="Matched to the skills vocabulary.")
    skills_free: list[str] = strawberry.field(description="Skills the vocabulary does not know.")
    problems: list[str] = strawberry.field(description="What could not be read, in plain words.")


@strawberry.type(description="The caller's resume as a JSON Resume (v1) document.")
class ResumeJsonResume:
    document: str = strawberry.field(description="The JSON text.")
    file_name: str = strawberry.field(description="A name to save it under.")


@strawberry.type(
    description="The caller's resume rendered as a PDF, to attach to an application: the web "
    "uploads it to the jobs service's upload path like a picked file (ADR 0033)."
)
class ResumePdf:
    content_base64: str = strawberry.field(description="The PDF, base64 encoded.")
    file_name: str = strawberry.field(description="A name to attach it under.")
    media_type: str = strawberry.field(description="application/pdf")
    size: int = strawberry.field(description="Bytes, decoded.")


ResumeImportResult = Annotated[
    ResumeImportDraft | ResumeImportError, strawberry.union("ResumeImportResult")
]
ResumeJsonResumeResult = Annotated[
    ResumeJsonResume | ResumeImportError, strawberry.union("ResumeJsonResumeResult")
]

ResumePdfResult = Annotated[ResumePdf | ResumeImportError, strawberry.union("ResumePdfResult")]


def _level(cefr: str | None) -> LanguageLevel | None:  # type: ignore[valid-type]
    if cefr is None:
        return None
    try:
        return LanguageLevel(cefr.lower())
    except ValueError:
        return None


def draft_answer(imported: importing.ImportedDraft) -> ResumeImportDraft:
    draft = imported.draft
    personal = draft.personal
    return ResumeImportDraft(
        source=draft.source,
        personal_info=ResumeImportPersonalInfo(
            first_name=personal.first_name,
            last_name=personal.last_name,
            email=personal.email,
            phone=personal.phone,
            city=personal.city,
        ),
        headline=draft.headline,
        summary=draft.summary,
        work_experience=[
            ResumeImportWorkEntry(
                job_title=entry.title,
                company_name=entry.employer,
                start_date=_date(entry.start),
                end_date=None if entry.current else _date(entry.end),
                current=entry.current,
                summary=entry.description,
            )
            for entry in draft.work
        ],
        education=[
            ResumeImportEducationEntry(
                study_program=entry.degree,
                institution=entry.institution,
                start_date=_date(entry.start),
                end_date=None if entry.current else _date(entry.end),
                current=entry.current,
            )
            for entry in draft.education
        ],
        languages=[
            ResumeImportLanguage(
                name=matched.entry.name,
                language=term_ref(matched.tid) if matched.tid is not None else None,
                level_written=matched.entry.level,
                level=_level(matched.entry.cefr),
            )
            for matched in imported.languages
        ],
        skills=[term_ref(int(skill.term_id)) for skill in draft.skills if skill.term_id],
        skills_free=[skill.label for skill in draft.skills if not skill.term_id],
        problems=list(draft.problems),
    )


def _storage(info: Info[ResumeContext, None]) -> Storage:
    """The service's file store (the upload router's: jobkit.app's runtime)."""
    request = info.context.request
    assert request is not None  # a GraphQL request over HTTP
    storage: Storage = request.app.state.runtime.storage
    return storage


async def import_resume(
    info: Info[ResumeContext, None], upload_id: strawberry.ID
) -> ResumeImportResult:
    context = info.context
    result = await importing.import_upload(
        sessions=context.sessions,
        storage=_storage(info),
        principal=context.require_principal(),
        site=context.frontend.site,
        upload_id=upload_id,
        budget_seconds=settings_of(info).upload_processing_seconds,
    )
    if isinstance(result, importing.ImportRefused):
        return ResumeImportError(message=result.message, code=result.code)
    return draft_answer(result)


async def my_resume_json_resume(info: Info[ResumeContext, None]) -> ResumeJsonResumeResult:
    context = info.context
    result = await importing.export_my_resume(
        sessions=context.sessions,
        principal=context.require_principal(),
        site=context.frontend.site,
    )
    if isinstance(result, importing.ImportRefused):
        return ResumeImportError(message=result.message, code=result.code)
    return ResumeJsonResume(document=result.document, file_name=result.file_name)


async def my_resume_pdf(info: Info[ResumeContext, None]) -> ResumePdfResult:
    context = info.context
    result = await importing.render_my_resume_pdf(
        sessions=context.sessions,
        principal=context.require_principal(),
        site=context.frontend.site,
        locale=context.frontend.locale,
    )
    if isinstance(result, importing.ImportRefused):
        return ResumeImportError(message=result.message, code=result.code)
    return ResumePdf(
        content_base64=base64.b64encode(result.content).decode("ascii"),
        file_name=result.file_name,
        media_type=MEDIA_TYPE,
        size=len(result.content),
    )
