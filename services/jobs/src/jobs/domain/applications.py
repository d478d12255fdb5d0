"""Applications: the application form (spec 3), its rules, and the recruiter's pipeline.

Rules (each answered as errors with the field at fault, nothing stored): only PUBLISHED jobs take
applications; one application per job and address; applications per IP and per address are
rate-limited (fixed windows counted in PostgreSQL, shared by replicas); the captcha when the
site's ``captcha.job_application`` is on; attachments (pdf, jpg, jpeg, png, webp up to 50 MB,
checked by content by jobkit.uploads) required for nobody, a CV or cover letter only when the job
says so, answers to the qualifying questions when it requires them (a YES_NO or SINGLE_CHOICE
answer must be one of the options; one among the question's knock-out answers flags the
application for the recruiter). The application, the job's
``applications_count`` and ``jobs.application.submitted`` are written in one transaction; the
mails (confirmation, EMAIL workflow) follow from that event (messaging/mailer.py).

Who sees and moves applications: recruiter members of the job's organization and admin-like
users (:func:`may_manage`, the one rule).
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Literal

from jobkit.auth import Principal
from jobkit.captcha import captcha_passes
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from jobkit.outbox import enqueue
from jobkit.ratelimit import over_limits
from jobkit.uploads.files import ANONYMOUS_OWNER
from jobkit.uploads.tables import hold_uploads
from pydantic import BaseModel, ConfigDict, EmailStr, Field, ValidationError, field_validator
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.db import outbox, uploads
from jobs.domain.access import is_member
from jobs.domain.clock import now_utc
from jobs.domain.errors import (
    ALREADY_APPLIED_MESSAGE,
    CAPTCHA_INVALID_MESSAGE,
    CAPTCHA_REQUIRED_MESSAGE,
    NO_SUCH_APPLICATION,
    NO_SUCH_JOB,
    NOT_A_RECRUITER_OF_THE_JOB,
    NOT_OPEN_MESSAGE,
    RATE_LIMITED_MESSAGE,
    JobError,
    JobErrorCode,
    JobErrors,
)
from jobs.domain.events import ApplicationStatusChanged, ApplicationSubmitted
from jobs.domain.models import Application, ApplicationAttachment, Job, RateLimitHit, SiteSetting
from jobs.settings import JobsSettings

Code = JobErrorCode
ATTACHMENT_PURPOSE = "application_attachment"
STATUSES = ("new", "reviewed", "shortlisted", "rejected", "hired")
# Forward along the pipeline; rejected from any open state; rejected and hired are final.
TRANSITIONS: dict[str, frozenset[str]] = {
    "new": frozenset({"reviewed", "shortlisted", "rejected"}),
    "reviewed": frozenset({"shortlisted", "rejected"}),
    "shortlisted": frozenset({"hired", "rejected"}),
    "rejected": frozenset(),
    "hired": frozenset(),
}
MAX_ATTACHMENTS = 10


def _error(code: Code, message: str, field: str | None = None) -> JobErrors:
    return JobErrors([JobError(code, message, field)])


class AttachmentInput(BaseModel):
    model_config = ConfigDict(extra="forbid")
    upload_id: str
    kind: Literal["cv", "cover_letter", "other"] = "other"


class ApplicationForm(BaseModel):
    """Spec 3's job application form: firstName, lastName, emailAddress, phone, coverLetter,
    attachments, and the answers to the job's qualifying questions (in the questions' order)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    first_name: str = Field(min_length=1, max_length=100)
    last_name: str = Field(min_length=1, max_length=100)
    email_address: EmailStr
    phone: str | None = Field(default=None, max_length=40, pattern=r"^[0-9+()./\- ]*$")
    cover_letter: str | None = Field(default=None, max_length=20_000)
    attachments: list[AttachmentInput] = Field(default_factory=list, max_length=MAX_ATTACHMENTS)
    answers: list[str] = Field(default_factory=list, max_length=20)

    @field_validator("answers")
    @classmethod
    def _trimmed(cls, answers: list[str]) -> list[str]:
        return [answer.strip()[:2000] for answer in answers]


async def attachments_by_application(
    session: AsyncSession, application_ids: list[Any]
) -> dict[Any, list[Any]]:
    """Each application's attachments with their upload rows, in order (one query for many):
    the recruiters' pipeline and the ATS API list them."""
    rows = await session.execute(
        select(ApplicationAttachment, uploads)
        .join(uploads, uploads.c.id == ApplicationAttachment.upload_id)
        .where(ApplicationAttachment.application_id.in_(application_ids))
        .order_by(ApplicationAttachment.position)
    )
    found: dict[Any, list[Any]] = {key: [] for key in application_ids}
    for row in rows:
        found.setdefault(row.ApplicationAttachment.application_id, []).append(row)
    return found


async def may_manage(
    session: AsyncSession, principal: Principal, organization_id: uuid.UUID
) -> bool:
    """The one rule for seeing and moving applications: recruiter members of the job's
    organization and admin-like users."""
    if principal.is_admin_like:
        return True
    return principal.is_recruiter and await is_member(session, principal, organization_id)


async def _setting(session: AsyncSession, site: str, key: str, name: str) -> bool:
    setting = await session.get(SiteSetting, (site, key, name))
    return bool(setting.value) if setting is not None else False


async def captcha_required(session: AsyncSession, site: str) -> bool:
    """identity's ``captcha.job_application`` for the site (off by default, spec 5)."""
    return await _setting(session, site, "captcha", "job_application")


async def rate_limited(
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    *,
    client_ip: str | None,
    email: str,
    now: datetime,
    user_id: str | None = None,
) -> bool:
    """Counts an application on the address, the client and the account (when signed in): a
    signed-in applicant cannot spread theirs over addresses they type in."""
    limits = [(f"apply:email:{email}", settings.apply_limit_per_email)]
    if user_id:
        limits.append((f"apply:user:{user_id}", settings.apply_limit_per_email))
    if client_ip:
        limits.append((f"apply:ip:{client_ip}", settings.apply_limit_per_ip))
    return await over_limits(
        sessions,
        RateLimitHit.__table__,  # type: ignore[arg-type]
        limits,
        now=now,
        window_seconds=settings.apply_limit_window_seconds,
    )


def _choice(question: dict[str, Any], answer: str) -> str | None:
    """The option an answer picks (case-insensitive), None when it picks none."""
    options = {option.casefold(): option for option in question.get("options") or []}
    return options.get(answer.casefold())


def answer_errors(
    questions: list[dict[str, Any]], answers: list[str], *, required: bool
) -> list[JobError]:
    """Each answer checked against its question's type: present when the job requires answers,
    and for YES_NO and SINGLE_CHOICE one of the options."""
    errors: list[JobError] = []
    if len(answers) > len(questions):
        errors.append(JobError(Code.INVALID, "There are more answers than questions.", "answers"))
    for index, question in enumerate(questions):
        answer = answers[index] if index < len(answers) else ""
        field = f"answers.{index}"
        if not answer:
            if required:
                errors.append(JobError(Code.REQUIRED, "Answer this question.", field))
        elif question["type"] != "free_text" and _choice(question, answer) is None:
            message = (
                "Answer yes or no."
                if question["type"] == "yes_no"
                else "Choose one of the options."
            )
            errors.append(JobError(Code.INVALID_CHOICE, message, field))
    return errors


def graded_answers(questions: list[dict[str, Any]], answers: list[str]) -> list[dict[str, Any]]:
    """Each question with its (valid) answer as stored: a chosen option in the option's own
    spelling, and whether it is one of the question's knock-out answers."""
    graded = []
    for index, question in enumerate(questions):
        answer = answers[index] if index < len(answers) else ""
        if question["type"] != "free_text" and answer:
            answer = _choice(question, answer) or answer
        graded.append(
            {
                "question": question["question"],
                "type": question["type"],
                "answer": answer,
                "knocked_out": bool(answer) and answer in question.get("knock_out_answers", []),
            }
        )
    return graded


def _requirement_errors(job: Job, form: ApplicationForm) -> list[JobError]:
    errors: list[JobError] = []
    kinds = {attachment.kind for attachment in form.attachments}
    if job.application_require_cv and "cv" not in kinds:
        errors.append(JobError(Code.REQUIRED, "This job asks for your CV.", "attachments"))
    if job.application_require_cover_letter and not (form.cover_letter or "cover_letter" in kinds):
        errors.append(
            JobError(
                Code.REQUIRED,
                "This job asks for a cover letter: write it or attach it.",
                "cover_letter",
            )
        )
    errors += answer_errors(
        job.application_qualifying_questions,
        form.answers,
        required=job.application_require_qualifying_questions,
    )
    return errors


async def _attachment_errors(
    session: AsyncSession, principal: Principal | None, form: ApplicationForm
) -> list[JobError]:
    errors: list[JobError] = []
    seen: set[uuid.UUID] = set()
    for index, attachment in enumerate(form.attachments):
        field = f"attachments.{index}.upload_id"
        try:
            key = uuid.UUID(attachment.upload_id)
        except ValueError:
            key = None
        row = (
            (await session.execute(select(uploads).where(uploads.c.id == key))).first()
            if key is not None
            else None
        )
        owners = {ANONYMOUS_OWNER} | ({principal.user_id} if principal is not None else set())
        usable = (
            row is not None
            and row.purpose == ATTACHMENT_PURPOSE
            and row.owner_id in owners
            and key not in seen
            and await session.get(ApplicationAttachment, key) is None
        )
        if not usable:
            errors.append(JobError(Code.UNKNOWN_UPLOAD, "Upload this file again, please.", field))
        elif key is not None:
            seen.add(key)
    return errors


async def apply_to_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal | None,
    job_id: uuid.UUID,
    data: dict[str, Any],
    captcha_token: str | None = None,
    client_ip: str | None = None,
    now: datetime | None = None,
    trusted: bool = False,
) -> Application | JobErrors:
    """A visitor or signed-in applicant applies to a PUBLISHED job. ``trusted`` is for the demo
    seed only: no captcha and no rate limit (every other rule holds)."""
    now = now or now_utc()
    try:
        form = ApplicationForm.model_validate(data)
    except ValidationError as error:
        return JobErrors(errors_from_validation(error, Code))
    email = str(form.email_address).lower()
    async with sessions() as session:
        job = await session.get(Job, job_id)
        if job is None:
            return _error(Code.NOT_FOUND, NO_SUCH_JOB, "job_id")
        if job.state != "published" or (job.expires_at is not None and job.expires_at <= now):
            return _error(Code.NOT_OPEN, NOT_OPEN_MESSAGE, "job_id")
        if await _already_applied(session, job.id, email):
            return _error(Code.ALREADY_APPLIED, ALREADY_APPLIED_MESSAGE, "email_address")
        problems = _requirement_errors(job, form)
        problems += await _attachment_errors(session, principal, form)
        if problems:
            return JobErrors(problems)
        captcha_on = await captcha_required(session, job.site)
    if trusted:
        captcha_on = False
    elif await rate_limited(
        sessions,
        settings,
        client_ip=client_ip,
        email=email,
        now=now,
        user_id=principal.user_id if principal is not None else None,
    ):
        return _error(Code.RATE_LIMITED, RATE_LIMITED_MESSAGE)
    if captcha_on:
        if not (captcha_token and captcha_token.strip()):
            return _error(Code.CAPTCHA_REQUIRED, CAPTCHA_REQUIRED_MESSAGE, "captcha_token")
        if not await captcha_passes(
            captcha_token,
            verify_url=settings.captcha_verify_url,
            secret=settings.captcha_secret,
            timeout=settings.captcha_timeout_seconds,
            remote_ip=client_ip,
        ):
            return _error(Code.CAPTCHA_INVALID, CAPTCHA_INVALID_MESSAGE, "captcha_token")
    try:
        return await _store(sessions, settings, principal, job_id, form, email, now)
    except IntegrityError:
        # The same address applied at the same moment (or the file was used meanwhile).
        return _error(Code.ALREADY_APPLIED, ALREADY_APPLIED_MESSAGE, "email_address")


async def _already_applied(session: AsyncSession, job_id: uuid.UUID, email: str) -> bool:
    taken = await session.scalar(
        select(func.count())
        .select_from(Application)
        .where(Application.job_id == job_id, Application.email == email)
    )
    return bool(taken)


async def _store(
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal | None,
    job_id: uuid.UUID,
    form: ApplicationForm,
    email: str,
    now: datetime,
) -> Application | JobErrors:
    async with unit_of_work(sessions) as session:
        job = await session.get(Job, job_id, with_for_update=True)
        if job is None or job.state != "published":
            return _error(Code.NOT_OPEN, NOT_OPEN_MESSAGE, "job_id")
        if await _already_applied(session, job.id, email):
            return _error(Code.ALREADY_APPLIED, ALREADY_APPLIED_MESSAGE, "email_address")
        if answer_errors(
            job.application_qualifying_questions,
            form.answers,
            required=job.application_require_qualifying_questions,
        ):  # the questions changed since the first check
            return _error(Code.INVALID, "The questions changed: answer them again.", "answers")
        answers = graded_answers(job.application_qualifying_questions, form.answers)
        application = Application(
            id=uuid.uuid4(),
            site=job.site,
            job_id=job.id,
            organization_id=job.organization_id,
            applicant_id=principal.user_id if principal is not None else None,
            first_name=form.first_name,
            last_name=form.last_name,
            email=email,
            phone=form.phone or None,
            cover_letter=form.cover_letter or None,
            answers=answers,
            knocked_out=any(a["knocked_out"] for a in answers),
            workflow=job.application_workflow,
            status="new",
            version=1,
            created_at=now,
        )
        if not await hold_uploads(session, uploads, [a.upload_id for a in form.attachments]):
            return _error(Code.UNKNOWN_UPLOAD, "Upload this file again, please.", "attachments")
        session.add(application)
        await session.flush()
        for position, attachment in enumerate(form.attachments):
            session.add(
                ApplicationAttachment(
                    upload_id=uuid.UUID(attachment.upload_id),
                    application_id=application.id,
                    kind=attachment.kind,
                    position=position,
                )
            )
        # A count is not a change of the job: its updated_at (the sitemap's lastmod, the last
        # change its events announced) stays, which the ORM's onupdate would not let it do.
        applications_count = await session.scalar(
            update(Job)
            .where(Job.id == job.id)
            .values(
                applications_count=func.coalesce(Job.applications_count, 0) + 1,
                updated_at=Job.updated_at,
            )
            .returning(Job.applications_count)
            .execution_options(synchronize_session=False)
        )
        session.expire(job, ["applications_count"])
        payload = ApplicationSubmitted(
            application_id=str(application.id),
            job_id=str(job.id),
            organization_id=str(job.organization_id),
            applicant_id=application.applicant_id,
            workflow=job.application_workflow,
            applications_count=int(applications_count or 0),
        )
        await _emit(session, settings, application, payload, principal)
        await session.flush()
        await session.refresh(application)
        return application


async def _emit(
    session: AsyncSession,
    settings: JobsSettings,
    application: Application,
    payload: ApplicationSubmitted | ApplicationStatusChanged,
    principal: Principal | None,
) -> None:
    actor = (principal.actor_id or principal.user_id) if principal is not None else None
    event = payload.envelope(
        aggregate_id=str(application.id),
        site=application.site,
        actor=actor,
        aggregate_version=application.version,
    )
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)


async def _managed(
    session: AsyncSession, principal: Principal, application_id: uuid.UUID
) -> Application | JobErrors:
    application = await session.get(Application, application_id, with_for_update=True)
    if application is None:
        return _error(Code.NOT_FOUND, NO_SUCH_APPLICATION, "id")
    if not await may_manage(session, principal, application.organization_id):
        return _error(Code.FORBIDDEN, NOT_A_RECRUITER_OF_THE_JOB)
    return application


async def change_status(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    application_id: uuid.UUID,
    status: str,
    message: str | None = None,
    now: datetime | None = None,
) -> Application | JobErrors:
    """Move an application along the pipeline; a message is mailed to the applicant."""
    message = (message or "").strip() or None
    if message is not None and len(message) > 5000:
        return _error(Code.TOO_LONG, "Keep the message under 5000 characters.", "message")
    if status not in STATUSES:
        return _error(Code.INVALID_CHOICE, "Unknown status.", "status")
    async with unit_of_work(sessions) as session:
        application = await _managed(session, principal, application_id)
        if isinstance(application, JobErrors):
            return application
        previous = application.status
        if status not in TRANSITIONS[previous]:
            return _error(
                Code.INVALID_TRANSITION,
                f"An application that is {previous.upper()} cannot become {status.upper()}.",
                "status",
            )
        application.status = status
        application.status_changed_at = now or now_utc()
        application.version += 1
        await _emit(
            session,
            settings,
            application,
            ApplicationStatusChanged(
                application_id=str(application.id),
                job_id=str(application.job_id),
                organization_id=str(application.organization_id),
                applicant_id=application.applicant_id,
                status=status,
                previous_status=previous,
                message=message,
            ),
            principal,
        )
        await session.flush()
        await session.refresh(application)
        return application


async def update_notes(
    *,
    sessions: async_sessionmaker[AsyncSession],
    principal: Principal,
    application_id: uuid.UUID,
    notes: str,
) -> Application | JobErrors:
    """The recruiters' notes on an application (never shown to the applicant)."""
    if len(notes) > 20_000:
        return _error(Code.TOO_LONG, "Keep the notes under 20000 characters.", "notes")
    async with unit_of_work(sessions) as session:
        application = await _managed(session, principal, application_id)
        if isinstance(application, JobErrors):
            return application
        application.notes = notes.strip() or None
        await session.flush()
        await session.refresh(application)
        return application
