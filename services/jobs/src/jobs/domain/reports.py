"""Reports of jobs (ADR 0030): visitors report a public job with a reason; administrators see
the reports in the review queue and archive the job (the reason mailed to its recruiter) or
dismiss the reports.

Rules, each answered as errors with the field at fault:

- only a PUBLISHED job can be reported; the reason is one of :data:`REASONS`, the details are
  optional and at most :data:`MAX_DETAILS` characters;
- one report per reporter and job counts: the signed-in account, else the client address (from
  the trusted hops only, ADR 0024); a second one answers ``ALREADY_REPORTED``;
- reports are rate-limited per client address and per account (fixed windows in PostgreSQL,
  shared by replicas);
- a visitor without an account answers the captcha (verified like applications'); a signed-in
  reporter does not;
- when the job's open reports come from the site's threshold of distinct reporters
  (``jobs.report_hide_threshold``, default ``JOBS_REPORT_HIDE_THRESHOLD``), the job is hidden
  pending review: PUBLISHED -> NEEDS_REVIEW, whose ``jobs.job.updated`` takes it out of search.
"""

from __future__ import annotations

import uuid
from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from jobkit.auth import Principal
from jobkit.captcha import captcha_passes
from jobkit.db import unit_of_work
from jobkit.ratelimit import over_limits
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.domain.access import GONE_STATES, PUBLIC_STATES, actor_of, locked_for
from jobs.domain.clock import now_utc
from jobs.domain.errors import (
    ALREADY_REPORTED_MESSAGE,
    CAPTCHA_INVALID_MESSAGE,
    CAPTCHA_REQUIRED_MESSAGE,
    NO_SUCH_JOB,
    NOT_OPEN_MESSAGE,
    REPORTS_RATE_LIMITED_MESSAGE,
    JobErrorCode,
    JobErrors,
    one_error,
)
from jobs.domain.events import JobArchived, JobTakenDown, JobUpdated
from jobs.domain.models import Job, JobReport, RateLimitHit, SiteSetting
from jobs.domain.publishing import withdrawal, withdraws_on_archive
from jobs.domain.snapshots import refreshed
from jobs.domain.workflow import Action, JobState, refusal, transition
from jobs.settings import JobsSettings

Code = JobErrorCode
REASONS = ("scam", "discriminatory", "expired", "wrong_information", "other")
MAX_DETAILS = 1000
MAX_TAKE_DOWN_REASON = 2000
TAKEN_DOWN = "reported"  # the archived job's refusal reason: archived after reports
ARCHIVED = "archived"
DISMISSED = "dismissed"
REPORTS_ACTOR = "system:reports"  # who hides a job its reports reached the threshold for


@dataclass(frozen=True)
class ReportSummary:
    """What the review queue shows of a job's open reports."""

    count: int
    reasons: dict[str, int]
    reports: list[JobReport]


def reporter_of(principal: Principal | None, client_ip: str | None) -> str:
    """Who counts as one reporter: the account when signed in, else the client address."""
    if principal is not None:
        return f"user:{principal.user_id}"
    return f"client:{client_ip or 'unknown'}"


async def hide_threshold(session: AsyncSession, settings: JobsSettings, site: str) -> int:
    """The site's ``jobs.report_hide_threshold`` (identity's site configuration), else the
    service's default; never below one."""
    setting = await session.get(SiteSetting, (site, "jobs", "report_hide_threshold"))
    value = setting.value if setting is not None else None
    if isinstance(value, int) and not isinstance(value, bool):
        return max(1, value)
    return max(1, settings.report_hide_threshold)


async def _rate_limited(
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal | None,
    client_ip: str | None,
    now: datetime,
) -> bool:
    limits = []
    if client_ip:
        limits.append((f"report:ip:{client_ip}", settings.report_limit_per_client))
    if principal is not None:
        limits.append((f"report:user:{principal.user_id}", settings.report_limit_per_account))
    if not limits:
        return False
    return await over_limits(
        sessions,
        RateLimitHit.__table__,  # type: ignore[arg-type]
        limits,
        now=now,
        window_seconds=settings.report_limit_window_seconds,
    )


def _checked(reason: str, details: str | None) -> tuple[str, str | None] | JobErrors:
    reason = reason.strip().lower()
    if reason not in REASONS:
        return one_error(Code.INVALID_CHOICE, "Choose one of the reasons.", "reason")
    text = (details or "").strip() or None
    if text is not None and len(text) > MAX_DETAILS:
        return one_error(
            Code.TOO_LONG, f"Keep the details under {MAX_DETAILS} characters.", "details"
        )
    return reason, text


async def _open_or_error(session: AsyncSession, job_id: uuid.UUID) -> Job | JobErrors:
    job = await session.get(Job, job_id)
    if job is None or (job.state not in PUBLIC_STATES and job.state not in GONE_STATES):
        return one_error(Code.NOT_FOUND, NO_SUCH_JOB, "job_id")
    if job.state not in PUBLIC_STATES:
        return one_error(Code.NOT_OPEN, "This job is no longer online.", "job_id")
    return job


async def _reported_before(session: AsyncSession, job_id: uuid.UUID, reporter: str) -> bool:
    found = await session.scalar(
        select(func.count())
        .select_from(JobReport)
        .where(JobReport.job_id == job_id, JobReport.reporter == reporter)
    )
    return bool(found)


async def report_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal | None,
    job_id: uuid.UUID,
    reason: str,
    details: str | None = None,
    captcha_token: str | None = None,
    client_ip: str | None = None,
    now: datetime | None = None,
) -> JobReport | JobErrors:
    """Record a report; hide the job when enough distinct reporters reported it."""
    now = now or now_utc()
    checked = _checked(reason, details)
    if isinstance(checked, JobErrors):
        return checked
    reason, text = checked
    reporter = reporter_of(principal, client_ip)
    async with sessions() as session:
        job = await _open_or_error(session, job_id)
        if isinstance(job, JobErrors):
            return job
        if await _reported_before(session, job_id, reporter):
            return one_error(Code.ALREADY_REPORTED, ALREADY_REPORTED_MESSAGE, "job_id")
    if await _rate_limited(sessions, settings, principal, client_ip, now):
        return one_error(Code.RATE_LIMITED, REPORTS_RATE_LIMITED_MESSAGE)
    if principal is None:
        if not (captcha_token and captcha_token.strip()):
            return one_error(Code.CAPTCHA_REQUIRED, CAPTCHA_REQUIRED_MESSAGE, "captcha_token")
        if not await captcha_passes(
            captcha_token,
            verify_url=settings.captcha_verify_url,
            secret=settings.captcha_secret,
            timeout=settings.captcha_timeout_seconds,
            remote_ip=client_ip,
        ):
            return one_error(Code.CAPTCHA_INVALID, CAPTCHA_INVALID_MESSAGE, "captcha_token")
    try:
        return await _store(sessions, settings, job_id, reporter, reason, text, now)
    except IntegrityError:  # the same reporter at the same moment
        return one_error(Code.ALREADY_REPORTED, ALREADY_REPORTED_MESSAGE, "job_id")


async def _store(
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    job_id: uuid.UUID,
    reporter: str,
    reason: str,
    details: str | None,
    now: datetime,
) -> JobReport | JobErrors:
    async with unit_of_work(sessions) as session:
        job = await session.get(Job, job_id, with_for_update=True)
        if job is None or job.state not in PUBLIC_STATES:
            return one_error(Code.NOT_OPEN, NOT_OPEN_MESSAGE, "job_id")
        report = JobReport(
            id=uuid.uuid4(),
            job_id=job.id,
            site=job.site,
            reporter=reporter,
            reason=reason,
            details=details,
            created_at=now,
        )
        session.add(report)
        await session.flush()
        reporters = await session.scalar(
            select(func.count(func.distinct(JobReport.reporter))).where(
                JobReport.job_id == job.id, JobReport.resolved_at.is_(None)
            )
        )
        if int(reporters or 0) >= await hide_threshold(session, settings, job.site):
            job.hidden_for_reports_at = now
            await transition(
                session, settings, job, Action.HIDE_REPORTED, JobUpdated, actor=REPORTS_ACTOR
            )
        return report


async def open_reports(
    session: AsyncSession, job_ids: list[uuid.UUID]
) -> dict[uuid.UUID, ReportSummary]:
    """Each job's open reports, newest first, with the count per reason (one statement)."""
    rows = list(
        await session.scalars(
            select(JobReport)
            .where(JobReport.job_id.in_(job_ids), JobReport.resolved_at.is_(None))
            .order_by(JobReport.created_at.desc(), JobReport.id)
        )
    )
    found: dict[uuid.UUID, list[JobReport]] = {}
    for row in rows:
        found.setdefault(row.job_id, []).append(row)
    return {
        job_id: ReportSummary(
            count=len(reports),
            reasons=dict(Counter(report.reason for report in reports)),
            reports=reports,
        )
        for job_id, reports in found.items()
    }


async def _resolve(session: AsyncSession, job_id: uuid.UUID, resolution: str, now: datetime) -> int:
    result = await session.execute(
        update(JobReport)
        .where(JobReport.job_id == job_id, JobReport.resolved_at.is_(None))
        .values(resolved_at=now, resolution=resolution)
        .returning(JobReport.id)
    )
    return len(result.all())


async def dismiss_reports(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    now: datetime | None = None,
) -> Job | JobErrors:
    """The reports were unfounded: they are closed, and a job they hid is public again (with
    its publication and expiry dates unchanged)."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        job = await locked_for(session, principal, job_id, admin_only=True)
        if isinstance(job, JobErrors):
            return job
        dismissed = await _resolve(session, job.id, DISMISSED, now)
        hidden = job.hidden_for_reports_at is not None and job.state == JobState.NEEDS_REVIEW
        if not dismissed and not hidden:
            return one_error(Code.INVALID, "This job has no open reports.", "id")
        if hidden:
            job.hidden_for_reports_at = None
            await transition(
                session, settings, job, Action.RESTORE, JobUpdated, actor=actor_of(principal)
            )
        return await refreshed(session, job)


async def archive_reported_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    reason: str,
    now: datetime | None = None,
) -> Job | JobErrors:
    """An administrator takes a job down: archived, its open reports closed, and the reason
    mailed to its recruiter (jobs' mailer, on ``jobs.job.taken_down``)."""
    now = now or now_utc()
    reason = reason.strip()
    if not reason:
        return one_error(Code.REQUIRED, "Say why the job is archived.", "reason")
    if len(reason) > MAX_TAKE_DOWN_REASON:
        return one_error(
            Code.TOO_LONG,
            f"Keep the reason under {MAX_TAKE_DOWN_REASON} characters.",
            "reason",
        )
    async with unit_of_work(sessions) as session:
        job = await locked_for(session, principal, job_id, admin_only=True)
        if isinstance(job, JobErrors):
            return job
        refused = refusal(job, Action.ARCHIVE)
        if refused is not None:
            return refused
        await _resolve(session, job.id, ARCHIVED, now)
        before_publication = withdraws_on_archive(job)
        job.refusal = {"reason": TAKEN_DOWN, "message": reason, "at": now.isoformat()}
        job.hidden_for_reports_at = None
        taken_down = JobTakenDown(
            job_id=str(job.id),
            organization_id=str(job.organization_id),
            owner_id=str(job.owner_id),
            title=job.title,
            reason=reason,
        )
        events = (withdrawal(job),) if before_publication else ()
        await transition(
            session,
            settings,
            job,
            Action.ARCHIVE,
            *events,
            JobArchived,
            taken_down,
            actor=actor_of(principal),
        )
        return await refreshed(session, job)
