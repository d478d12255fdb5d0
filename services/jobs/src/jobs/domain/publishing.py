"""A job's publication: its recruiters submit, archive and resubmit it, administrators review
it, and what going live sets (the publication and expiry dates). Each move is a row of
:data:`jobs.domain.workflow.TRANSITIONS`; billing's answers are in :mod:`jobs.domain.slots`,
the scheduler's moves in :mod:`jobs.domain.scheduler`."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from jobkit.auth import Principal
from jobkit.db import any_bound, unit_of_work
from sqlalchemy import String, Uuid, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.db import terms
from jobs.domain import structured_data
from jobs.domain.access import actor_of, locked_for
from jobs.domain.batch_reads import batch_reads
from jobs.domain.clock import now_utc
from jobs.domain.errors import JobError, JobErrorCode, JobErrors, one_error
from jobs.domain.events import (
    JobArchived,
    JobPublished,
    JobPublishRequested,
    JobPublishWithdrawn,
    JobRejected,
    JobScheduled,
    JobSubmitted,
    JobUpdated,
)
from jobs.domain.models import Job, KnownOrganization, SiteSetting, VerifiedOrganization
from jobs.domain.snapshots import refreshed
from jobs.domain.workflow import Action, JobState, refusal, sources, transition
from jobs.settings import JobsSettings

Code = JobErrorCode
# States in which a publication is requested or pending: archiving withdraws the slot request.
BEFORE_PUBLICATION = frozenset({JobState.AWAITING_SLOT, JobState.NEEDS_REVIEW, JobState.SCHEDULED})
REJECTED = "rejected"
# Who archived the jobs of a deleted organization (the events' actor, the audit log's reason).
ORGANIZATION_DELETED_ACTOR = "system:organization-deleted"


async def moderates(session: AsyncSession, site: str) -> bool:
    """Whether the site reviews jobs before they go public (identity's ``jobs.moderation``)."""
    setting = await session.get(SiteSetting, (site, "jobs", "moderation"))
    return bool(setting.value) if setting is not None else False


@dataclass(frozen=True)
class ReviewRules:
    """Whether jobs wait for an administrator's review before they go live, read for a run of
    jobs at once (:func:`review_rules`): their site reviews every job (``jobs.moderation``), or
    the jobs of organizations no administrator has verified (``jobs.review_unverified``, ADR
    0030) and the job's organization is one."""

    moderated: frozenset[str]  # sites reviewing every job
    unverified_reviewed: frozenset[str]  # sites reviewing the jobs of unverified organizations
    verified: frozenset[uuid.UUID]  # of the jobs' organizations, on such sites

    def reviews(self, job: Job) -> bool:
        if job.site in self.moderated:
            return True
        return job.site in self.unverified_reviewed and job.organization_id not in self.verified


REVIEW_SETTINGS = ("moderation", "review_unverified")
# review_rules' two reads, built once, their sites and organizations bound as arrays (ADR 0074)
_REVIEW_SETTINGS = select(SiteSetting.site, SiteSetting.name, SiteSetting.value).where(
    SiteSetting.site == any_bound("sites", String()),
    SiteSetting.key == "jobs",
    SiteSetting.name.in_(REVIEW_SETTINGS),
)
_VERIFIED = select(VerifiedOrganization.organization_id).where(
    VerifiedOrganization.organization_id == any_bound("ids", Uuid())
)


async def review_rules(session: AsyncSession, jobs: Iterable[Job]) -> ReviewRules:
    """The review rules of the jobs' sites and organizations: their sites' two settings in one
    query, and, where a site reviews unverified organizations, which of theirs are verified in
    one more."""
    jobs = list(jobs)
    rows = await session.execute(_REVIEW_SETTINGS, {"sites": sorted({job.site for job in jobs})})
    on = {(site, name) for site, name, value in rows if value}
    moderated = frozenset(site for site, name in on if name == "moderation")
    unverified_reviewed = frozenset(site for site, name in on if name == "review_unverified")
    asked = {
        job.organization_id
        for job in jobs
        if job.site in unverified_reviewed and job.site not in moderated
    }
    verified = (
        frozenset(await session.scalars(_VERIFIED, {"ids": sorted(asked)}))
        if asked
        else frozenset[uuid.UUID]()
    )
    return ReviewRules(moderated, unverified_reviewed, verified)


async def reviews(session: AsyncSession, job: Job) -> bool:
    """Whether the job waits for an administrator's review before it goes live
    (:class:`ReviewRules`)."""
    return (await review_rules(session, [job])).reviews(job)


HIDDEN_FOR_REPORTS_MESSAGE = (
    "This job was hidden because of its reports: dismiss the reports or archive it."
)


def hidden_for_reports(job: Job) -> JobErrors | None:
    """A job its reports hid is decided on by dismissing them or archiving it (the review's
    approve and reject are for jobs not yet public)."""
    if job.hidden_for_reports_at is None:
        return None
    return one_error(Code.INVALID_TRANSITION, HIDDEN_FOR_REPORTS_MESSAGE, "state")


def expires_at(job: Job, settings: JobsSettings) -> datetime | None:
    """The expiration date, else the publication plus the duration (default 30 days)."""
    if job.expiration is not None:
        return job.expiration
    start = job.published_at or job.published
    if start is None:
        return None
    return start + timedelta(days=job.duration or settings.default_duration_days)


def missing_for_publication(job: Job, now: datetime) -> list[JobError]:
    missing = []
    if job.type == "job_per_template" and not job.description:
        missing.append(JobError(Code.REQUIRED, "Describe the job first.", "description"))
    if job.type == "job_per_link" and not job.link_url:
        missing.append(JobError(Code.REQUIRED, "Add the address of the original ad.", "link_url"))
    if job.type == "job_per_file" and job.file_upload_id is None:
        missing.append(JobError(Code.REQUIRED, "Upload the job's PDF first.", "file_upload_id"))
    if job.expiration is not None and job.expiration <= now:
        missing.append(JobError(Code.IN_THE_PAST, "The expiration date has passed.", "expiration"))
    return missing


async def _term_labels(session: AsyncSession, tids: list[int]) -> list[str]:
    """The English labels of the terms, in order (unknown ids left out)."""
    if not tids:
        return []
    read = batch_reads(session).labels(tids)
    if read is not None:
        return read
    rows = await session.execute(select(terms.c.tid, terms.c.label).where(terms.c.tid.in_(tids)))
    found = {tid: label for tid, label in rows}
    return [found[tid] for tid in tids if tid in found]


async def publication_errors(
    session: AsyncSession, settings: JobsSettings, job: Job, now: datetime
) -> list[JobError]:
    """Why the job may not go public: what its type needs (:func:`missing_for_publication`),
    then each required rule of Google's JobPosting (:mod:`jobs.domain.structured_data`) its
    posting would break, with how to fix it. One field is named once. Every publish path asks
    this: the wizard's publish and republish, an administrator's approval, the ATS API and feed
    imports."""
    errors = missing_for_publication(job, now)
    broken = structured_data.hints(
        job,
        settings=settings,
        organization=await session.get(KnownOrganization, job.organization_id),
        employment_labels=await _term_labels(session, job.employment_type_tids),
        remote_labels=await _term_labels(session, job.remote_option_tids),
        now=now,
    )
    named = {error.field for error in errors}
    for rule in broken:
        if rule.level is structured_data.Level.REQUIRED and rule.field not in named:
            errors.append(JobError(Code.REQUIRED, rule.message, rule.field))
            named.add(rule.field)
    return errors


# States in which the job is public or on its way there: an edit must keep it publishable.
ON_ITS_WAY_OR_LIVE = BEFORE_PUBLICATION | {JobState.PUBLISHED}
# The publication rules a job broke before an edit (field, message); None: not public yet.
KeptRules = frozenset[tuple[str | None, str]] | None


async def rules_kept(
    session: AsyncSession, settings: JobsSettings, job: Job, now: datetime
) -> KeptRules:
    """For an edit of a job public or on its way (else None): what it breaks of the publication
    rules now, to hold the edited job against with :func:`rules_broken_by_edit`."""
    if job.state not in ON_ITS_WAY_OR_LIVE:
        return None
    broken = await publication_errors(session, settings, job, now)
    return frozenset((error.field, error.message) for error in broken)


async def rules_broken_by_edit(
    session: AsyncSession, settings: JobsSettings, job: Job, kept: KeptRules, now: datetime
) -> list[JobError]:
    """The publication rules the edit broke on a job public or on its way (``kept``: what
    :func:`rules_kept` answered before the edit): an edit may fix a rule or leave one broken as
    it was, never break one that held, so a live page keeps what Google requires."""
    if kept is None:
        return []
    broken = await publication_errors(session, settings, job, now)
    return [error for error in broken if (error.field, error.message) not in kept]


def live_action(job: Job, now: datetime, *, schedule: Action, publish: Action) -> Action:
    """Of the caller's two rows (``schedule``, ``publish``), the one for the job's publish
    date: scheduled while it is ahead, public when it has come or there is none."""
    return schedule if job.published is not None and job.published > now else publish


async def make_public(
    session: AsyncSession,
    settings: JobsSettings,
    job: Job,
    action: Action,
    *,
    actor: str,
    now: datetime,
) -> None:
    """Public from ``now`` until its expiry."""
    job.published_at = now
    job.expires_at = expires_at(job, settings)
    await transition(session, settings, job, action, JobPublished, actor=actor)


async def go_live(
    session: AsyncSession,
    settings: JobsSettings,
    job: Job,
    *,
    schedule: Action,
    publish: Action,
    actor: str,
    now: datetime,
) -> None:
    """Publish now, or schedule when the publish date is ahead (the scheduler publishes it)."""
    action = live_action(job, now, schedule=schedule, publish=publish)
    if action is publish:
        await make_public(session, settings, job, action, actor=actor, now=now)
        return
    job.published_at = None
    job.expires_at = expires_at(job, settings)
    await transition(session, settings, job, action, JobScheduled, actor=actor)


async def request_publication(
    session: AsyncSession,
    settings: JobsSettings,
    job: Job,
    action: Action,
    actor: str,
    now: datetime,
) -> None:
    job.refusal = None
    job.submitted_at = job.submitted_at or now
    await transition(
        session,
        settings,
        job,
        action,
        JobSubmitted(
            job_id=str(job.id),
            organization_id=str(job.organization_id),
            organization_number=job.organization_number,
            version=job.version + 1,  # the version this submission makes
        ),
        JobPublishRequested(
            job_id=str(job.id),
            organization_number=job.organization_number,
            organization_name=job.organization_name,
        ),
        actor=actor,
    )


async def publish_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    now: datetime | None = None,
) -> Job | JobErrors:
    """Ask for a slot: AWAITING_SLOT until billing answers (``billing.slot.granted/denied``)."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        job = await locked_for(session, principal, job_id)
        if isinstance(job, JobErrors):
            return job
        refused = refusal(job, Action.SUBMIT)
        if refused is not None:
            return refused
        missing = await publication_errors(session, settings, job, now)
        if missing:
            return JobErrors(missing)
        await request_publication(session, settings, job, Action.SUBMIT, actor_of(principal), now)
        return await refreshed(session, job)


async def republish_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    now: datetime | None = None,
) -> Job | JobErrors:
    """An archived or expired job asks for a new slot (a new publication)."""
    now = now or now_utc()
    async with unit_of_work(sessions) as session:
        job = await locked_for(session, principal, job_id)
        if isinstance(job, JobErrors):
            return job
        refused = refusal(job, Action.RESUBMIT)
        if refused is not None:
            return refused
        missing = await publication_errors(session, settings, job, now)
        if missing:
            return JobErrors(missing)
        job.published_at = None
        job.expires_at = None
        if job.published is not None and job.published <= now:
            job.published = None  # the old publish date is history; publish when granted
        await request_publication(session, settings, job, Action.RESUBMIT, actor_of(principal), now)
        return await refreshed(session, job)


def withdrawal(job: Job) -> JobPublishWithdrawn:
    """Billing gives the slot of a publication that will not happen back."""
    return JobPublishWithdrawn(job_id=str(job.id), organization_number=job.organization_number)


async def archive_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
) -> Job | JobErrors:
    """Take a job offline; before its publication the slot request is withdrawn (billing gives
    the slot back), after it the slot stays used."""
    async with unit_of_work(sessions) as session:
        job = await locked_for(session, principal, job_id)
        if isinstance(job, JobErrors):
            return job
        refused = await close_job(session, settings, job, actor_of(principal))
        if refused is not None:
            return refused
        return await refreshed(session, job)


async def close_job(
    session: AsyncSession, settings: JobsSettings, job: Job, actor: str
) -> JobErrors | None:
    """Archive ``job`` (locked by the caller) in the caller's transaction, or say why the
    workflow refuses it: the close of archiveJob, the ATS API and feed imports."""
    refused = refusal(job, Action.ARCHIVE)
    if refused is not None:
        return refused
    await _archive(session, settings, job, actor)
    return None


def withdraws_on_archive(job: Job) -> bool:
    """Archiving gives the slot back before the publication; a job hidden for its reports was
    public (its slot is used)."""
    return job.state in BEFORE_PUBLICATION and job.hidden_for_reports_at is None


async def _archive(session: AsyncSession, settings: JobsSettings, job: Job, actor: str) -> None:
    events = (withdrawal(job), JobArchived) if withdraws_on_archive(job) else (JobArchived,)
    job.hidden_for_reports_at = None
    await transition(session, settings, job, Action.ARCHIVE, *events, actor=actor)


async def archive_organization_jobs(
    session: AsyncSession, settings: JobsSettings, organization_id: uuid.UUID
) -> int:
    """The organization was deleted: every job of it not yet ended is archived (search drops
    them on the archived events; a pending slot request is withdrawn). Jobs already ended are
    left as they are, so applying the deletion again changes nothing. Never commits."""
    open_jobs = list(
        await session.scalars(
            select(Job)
            .where(
                Job.organization_id == organization_id,
                Job.state.in_(sorted(sources(Action.ARCHIVE))),
            )
            .order_by(Job.created_at)
            .with_for_update()
        )
    )
    for job in open_jobs:
        await _archive(session, settings, job, ORGANIZATION_DELETED_ACTOR)
    return len(open_jobs)


async def approve_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    now: datetime | None = None,
) -> Job | JobErrors:
    now = now or now_utc()
    schedule, publish = Action.APPROVE_AND_SCHEDULE, Action.APPROVE_AND_PUBLISH
    async with unit_of_work(sessions) as session:
        job = await locked_for(session, principal, job_id, admin_only=True)
        if isinstance(job, JobErrors):
            return job
        refused = hidden_for_reports(job) or refusal(
            job, live_action(job, now, schedule=schedule, publish=publish)
        )
        if refused is not None:
            return refused
        missing = await publication_errors(session, settings, job, now)
        if missing:
            return JobErrors(missing)
        await go_live(
            session,
            settings,
            job,
            schedule=schedule,
            publish=publish,
            actor=actor_of(principal),
            now=now,
        )
        return await refreshed(session, job)


async def reject_job(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    principal: Principal,
    job_id: uuid.UUID,
    reason: str,
    now: datetime | None = None,
) -> Job | JobErrors:
    """Back to DRAFT with the reason; the slot goes back to the organization and the recruiter
    is mailed (jobs' mailer, on ``jobs.job.rejected``)."""
    now = now or now_utc()
    reason = reason.strip()
    if not reason:
        return one_error(Code.REQUIRED, "Say why the job is rejected.", "reason")
    if len(reason) > 2000:
        return one_error(Code.TOO_LONG, "Keep the reason under 2000 characters.", "reason")
    async with unit_of_work(sessions) as session:
        job = await locked_for(session, principal, job_id, admin_only=True)
        if isinstance(job, JobErrors):
            return job
        refused = hidden_for_reports(job) or refusal(job, Action.REJECT)
        if refused is not None:
            return refused
        job.refusal = {"reason": REJECTED, "message": reason, "at": now.isoformat()}
        await transition(
            session,
            settings,
            job,
            Action.REJECT,
            withdrawal(job),
            JobRejected(
                job_id=str(job.id),
                organization_id=str(job.organization_id),
                owner_id=str(job.owner_id),
                title=job.title,
                reason=reason,
            ),
            JobUpdated,
            actor=actor_of(principal),
        )
        return await refreshed(session, job)
