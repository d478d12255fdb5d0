"""Jobs' consumers, each an idempotent group (jobkit.consumer):

- ``jobs-organizations``: organizations' organization and member events into the organizations
  and memberships read models (a deleted organization's open jobs are archived); profile
  events for the profile's slug and logo;
- ``jobs-vocabulary``: search's terms, to check term ids on write;
- ``jobs-site-config``: identity's site settings (``jobs.moderation``);
- ``jobs-slots``: billing's answers to publish requests (the slot saga);
- ``jobs-mailer``: a rejected job's reason, and a reported job's reason for archiving it
  (ADR 0030), mailed to the recruiter;
- ``jobs-application-mailer`` and ``jobs-applicant-mailer``: application mails
  (messaging/application_mailer.py);
- ``jobs-erasure``: identity's deleted accounts erased (ADR 0036) and its export requests
  answered with this service's part (ADR 0038).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from email.message import EmailMessage

from jobkit import contracts
from jobkit.app import ServiceRuntime
from jobkit.consumer import Batching, Handler, IdempotentConsumer, RunHandler
from jobkit.erasure import ErasureReport, ErasureRequest, erasure_handler
from jobkit.events import EventEnvelope
from jobkit.export import ExportPart, ExportRequest, export_handler
from jobkit.known_organizations import apply_organization as apply_known_organization
from jobkit.known_organizations import apply_profile as apply_known_profile
from jobkit.mail import compose, send_mail
from jobkit.memberships import MEMBER_ADDED, MEMBER_REMOVED, MEMBER_TOPIC, membership_handlers
from jobkit.site_settings import SiteConfigChangedView
from jobkit.uploads.storage import Storage
from jobkit.vocabulary import VOCABULARY_TOPIC, vocabulary_handlers
from sqlalchemy import delete, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.db import known_organizations, members, outbox, processed_events, terms
from jobs.domain.erasure import erase_person
from jobs.domain.events import (
    APPLICATION_TOPIC,
    JOB_TOPIC,
    SLOT_TOPIC,
    ErasureCompleted,
    ExportCompleted,
    JobRejected,
    JobTakenDown,
    SlotDenied,
    SlotGranted,
)
from jobs.domain.export import export_person
from jobs.domain.models import (
    ApiKey,
    FeedSource,
    Job,
    SiteSetting,
    VerifiedOrganization,
)
from jobs.domain.publishing import archive_organization_jobs
from jobs.domain.slots import apply_slot_answers, apply_slot_denied, apply_slot_granted
from jobs.messaging.application_mailer import (
    applicant_mailer_handlers,
    application_mailer_handlers,
)
from jobs.messaging.contracts import OrganizationDeleted, OrganizationNamed, ProfileShown
from jobs.settings import JobsSettings

log = logging.getLogger(__name__)

ORGANIZATION_TOPIC = MEMBER_TOPIC  # organizations.organization
PROFILE_TOPIC = contracts.PROFILE_TOPIC
SITE_TOPIC = contracts.SITE_TOPIC
ORGANIZATION_CREATED = contracts.ORGANIZATION_CREATED
ORGANIZATION_UPDATED = contracts.ORGANIZATION_UPDATED
ORGANIZATION_DELETED = contracts.ORGANIZATION_DELETED
PROFILE_EVENTS = contracts.PROFILE_EVENTS
SITE_CONFIG_CHANGED = contracts.SITE_CONFIG_CHANGED

ORGANIZATIONS_GROUP = "jobs-organizations"
VOCABULARY_GROUP = "jobs-vocabulary"
SITE_CONFIG_GROUP = "jobs-site-config"
SLOTS_GROUP = "jobs-slots"
MAILER_GROUP = "jobs-mailer"
APPLICATION_MAILER_GROUP = "jobs-application-mailer"
APPLICANT_MAILER_GROUP = "jobs-applicant-mailer"
ERASURE_GROUP = "jobs-erasure"


def erasure_handlers(settings: JobsSettings, storage: Storage) -> dict[str, Handler]:
    """identity.user.deleted: the person's data erased or anonymized, and confirmed (ADR 0036)."""

    async def erase(session: AsyncSession, request: ErasureRequest) -> ErasureReport:
        return await erase_person(
            session, storage=storage, user_id=request.user_id, email=request.email
        )

    return {
        contracts.USER_DELETED: erasure_handler(
            service="jobs",
            settings=settings,
            outbox=outbox,
            completed=ErasureCompleted,
            erase=erase,
        )
    }


def export_handlers(settings: JobsSettings, storage: Storage) -> dict[str, Handler]:
    """identity.export.requested: the person's applications with their files (read from the
    service's upload storage), bookmarks, reports, jobs and uploads, as this service's part
    (ADR 0038). In the erasure's group: the same person's data, the same reader."""

    async def collect(session: AsyncSession, request: ExportRequest) -> ExportPart:
        return await export_person(
            session, storage=storage, user_id=request.user_id, email=request.email
        )

    return {
        contracts.EXPORT_REQUESTED: export_handler(
            service="jobs",
            settings=settings,
            outbox=outbox,
            completed=ExportCompleted,
            collect=collect,
        )
    }


async def apply_organization(session: AsyncSession, event: EventEnvelope) -> None:
    """organizations.organization.created / updated: the number and the current name (a rename
    reaches the organization's jobs too: their events carry the name), and whether it is
    verified."""
    payload = OrganizationNamed.model_validate(event.payload)
    organization_id = payload.organization_id
    name = payload.name[:255]
    await apply_known_organization(
        session,
        known_organizations,
        organization_id=str(organization_id),
        number=payload.number,
        name=name,
    )
    await session.execute(
        update(Job)
        .where(Job.organization_id == organization_id, Job.organization_name != name)
        .values(organization_name=name)
    )
    # whether its jobs skip the review a site asks for unverified organizations (ADR 0030)
    if payload.verified:
        await session.execute(
            insert(VerifiedOrganization)
            .values(organization_id=organization_id)
            .on_conflict_do_nothing(index_elements=[VerifiedOrganization.organization_id])
        )
    else:
        await session.execute(
            delete(VerifiedOrganization).where(
                VerifiedOrganization.organization_id == organization_id
            )
        )


async def apply_profile(session: AsyncSession, event: EventEnvelope) -> None:
    """organizations.profile.*: the public profile's slug, logo and state (for sameAs and the
    logo in JSON-LD, and the events search indexes)."""
    payload = ProfileShown.model_validate(event.payload)
    await apply_known_profile(
        session,
        known_organizations,
        organization_id=str(payload.organization_id),
        number=payload.organization_number,
        name=payload.name,
        slug=payload.slug,
        published=payload.published,
        logo_url=payload.logo_url,
    )


def organization_handlers(settings: JobsSettings) -> dict[str, Handler]:
    async def deleted(session: AsyncSession, event: EventEnvelope) -> None:
        """organizations.organization.deleted: its open jobs are archived (their archived
        events take them out of search and the sitemaps), its ATS API keys deleted, and its
        feed sources with their reports and item mappings."""
        organization_id = OrganizationDeleted.model_validate(event.payload).organization_id
        archived = await archive_organization_jobs(session, settings, organization_id)
        await session.execute(delete(ApiKey).where(ApiKey.organization_id == organization_id))
        await session.execute(
            delete(FeedSource).where(FeedSource.organization_id == organization_id)
        )
        log.info("organization %s deleted: %d open jobs archived", organization_id, archived)

    return {
        ORGANIZATION_CREATED: apply_organization,
        ORGANIZATION_UPDATED: apply_organization,
        ORGANIZATION_DELETED: deleted,
        **{
            name: handler
            for name, handler in membership_handlers(members).items()
            if name in {MEMBER_ADDED, MEMBER_REMOVED}
        },
    }


async def apply_site_config(session: AsyncSession, event: EventEnvelope) -> None:
    payload = SiteConfigChangedView.model_validate(event.payload)
    for change in payload.changes:
        values = {"value": change.value}
        await session.execute(
            insert(SiteSetting)
            .values(site=payload.site, key=change.key, name=change.name, **values)
            .on_conflict_do_update(
                index_elements=[SiteSetting.site, SiteSetting.key, SiteSetting.name], set_=values
            )
        )


def slot_handlers(settings: JobsSettings) -> dict[str, Handler]:
    async def granted(session: AsyncSession, event: EventEnvelope) -> None:
        await apply_slot_granted(session, settings, SlotGranted.model_validate(event.payload))

    async def denied(session: AsyncSession, event: EventEnvelope) -> None:
        await apply_slot_denied(session, settings, SlotDenied.model_validate(event.payload))

    return {SlotGranted.event_type: granted, SlotDenied.event_type: denied}


def slot_run_handlers(settings: JobsSettings) -> dict[str, RunHandler]:
    """A run of one kind of answer in a batch, applied at once (ADR 0053): the effect of
    :func:`slot_handlers`' handler on each answer in turn."""

    async def granted(session: AsyncSession, events: Sequence[EventEnvelope]) -> None:
        answers = [SlotGranted.model_validate(event.payload) for event in events]
        await apply_slot_answers(session, settings, answers)

    async def denied(session: AsyncSession, events: Sequence[EventEnvelope]) -> None:
        answers = [SlotDenied.model_validate(event.payload) for event in events]
        await apply_slot_answers(session, settings, answers)

    return {SlotGranted.event_type: granted, SlotDenied.event_type: denied}


def rejection_mail(
    *, job: Job, to: list[str], reason: str, settings: JobsSettings, event_id: str
) -> EmailMessage:
    link = f"{settings.site_url.rstrip('/')}/job-manager"
    return compose(
        settings,
        to=to,
        subject=f"Your job \u201c{job.title}\u201d was not published",
        text=f"Hello,\n\nyour job \u201c{job.title}\u201d for {job.organization_name} was "
        f"reviewed and not published:\n\n{reason}\n\nIt is back in your drafts; change it and "
        f"publish it again from {link}.\n",
        message_key=f"{event_id}.rejected",
    )


def take_down_mail(
    *, job: Job, to: list[str], reason: str, settings: JobsSettings, event_id: str
) -> EmailMessage:
    link = f"{settings.site_url.rstrip('/')}/job-manager"
    return compose(
        settings,
        to=to,
        subject=f"Your job \u201c{job.title}\u201d was taken offline",
        text=f"Hello,\n\nvisitors reported your job \u201c{job.title}\u201d for "
        f"{job.organization_name}. An administrator reviewed the reports and archived the "
        f"job:\n\n{reason}\n\nYou find it among your archived jobs on {link}.\n",
        message_key=f"{event_id}.taken_down",
    )


async def _recruiter_addresses(session: AsyncSession, job_id: str) -> tuple[Job | None, list[str]]:
    """The recruiter who created the job (their address when they did), else the job's
    application emails (a job created before addresses were kept)."""
    job = await session.get(Job, uuid.UUID(job_id))
    if job is None:
        return None, []
    to = [job.owner_email] if job.owner_email else list(job.application_emails)
    return job, to


def mailer_handlers(settings: JobsSettings) -> dict[str, Handler]:
    async def rejected(session: AsyncSession, event: EventEnvelope) -> None:
        payload = JobRejected.model_validate(event.payload)
        job, to = await _recruiter_addresses(session, payload.job_id)
        if job is None or not to:
            log.info("rejected job %s has no address to mail", payload.job_id)
            return
        mail = rejection_mail(
            job=job, to=to, reason=payload.reason, settings=settings, event_id=str(event.id)
        )
        await send_mail(mail, settings=settings)

    async def taken_down(session: AsyncSession, event: EventEnvelope) -> None:
        payload = JobTakenDown.model_validate(event.payload)
        job, to = await _recruiter_addresses(session, payload.job_id)
        if job is None or not to:
            log.info("archived reported job %s has no address to mail", payload.job_id)
            return
        mail = take_down_mail(
            job=job, to=to, reason=payload.reason, settings=settings, event_id=str(event.id)
        )
        await send_mail(mail, settings=settings)

    return {JobRejected.event_type: rejected, JobTakenDown.event_type: taken_down}


def _consumer(
    settings: JobsSettings,
    sessions: async_sessionmaker[AsyncSession],
    group: str,
    handlers: dict[str, dict[str, Handler]],
    *,
    batching: Batching | None = None,
) -> IdempotentConsumer:
    return IdempotentConsumer(
        group_id=settings.topic(group),
        handlers={settings.topic(topic): found for topic, found in handlers.items()},
        sessions=sessions,
        processed=processed_events,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        batching=batching,
    )


def slot_answers_consumer(
    settings: JobsSettings, sessions: async_sessionmaker[AsyncSession], *, runs: bool = True
) -> IdempotentConsumer:
    """Billing's answers to a burst of publication requests, per fetched batch in one
    transaction, the events of the jobs they move in one outbox INSERT (ADR 0042, ADR 0051), a
    run of answers applied at once (ADR 0053; ``runs=False``: each answer on its own, as
    before, for ``bench.slot_answers --per-answer``)."""
    return _consumer(
        settings,
        sessions,
        SLOTS_GROUP,
        {SLOT_TOPIC: slot_handlers(settings)},
        # every effect is a row in the transaction: a poll's partitions are one batch, their
        # jobs locked in one statement (ascending ids) a run (ADR 0074)
        batching=Batching(
            outbox=outbox,
            runs=slot_run_handlers(settings) if runs else {},
            across_partitions=runs,
        ),
    )


def build_consumers(runtime: ServiceRuntime) -> Sequence[IdempotentConsumer]:
    settings = runtime.settings
    assert isinstance(settings, JobsSettings)
    sessions = runtime.sessions
    return [
        _consumer(
            settings,
            sessions,
            ORGANIZATIONS_GROUP,
            {
                ORGANIZATION_TOPIC: organization_handlers(settings),
                PROFILE_TOPIC: dict.fromkeys(PROFILE_EVENTS, apply_profile),
            },
        ),
        _consumer(
            settings, sessions, VOCABULARY_GROUP, {VOCABULARY_TOPIC: vocabulary_handlers(terms)}
        ),
        _consumer(
            settings,
            sessions,
            SITE_CONFIG_GROUP,
            {SITE_TOPIC: {SITE_CONFIG_CHANGED: apply_site_config}},
        ),
        slot_answers_consumer(settings, sessions),
        _consumer(settings, sessions, MAILER_GROUP, {JOB_TOPIC: mailer_handlers(settings)}),
        _consumer(
            settings,
            sessions,
            APPLICATION_MAILER_GROUP,
            {APPLICATION_TOPIC: application_mailer_handlers(settings, runtime.storage)},
        ),
        _consumer(
            settings,
            sessions,
            APPLICANT_MAILER_GROUP,
            {APPLICATION_TOPIC: applicant_mailer_handlers(settings)},
        ),
        _consumer(
            settings,
            sessions,
            ERASURE_GROUP,
            {
                contracts.USER_TOPIC: erasure_handlers(settings, runtime.storage),
                contracts.EXPORT_REQUEST_TOPIC: export_handlers(settings, runtime.storage),
            },
        ),
    ]
