"""Mails that follow from application events (group ``jobs-application-mailer``).

The events come through the outbox, so a mail is only ever sent for a committed application; the
idempotent consumer records each event id with its effect, so a redelivered event sends nothing
again. The mails carry a Message-ID made from the event id: should the process die between the
SMTP server's acceptance and the commit, the one resend is recognisably the same message.

- ``jobs.application.submitted``: the confirmation to the applicant; for EMAIL jobs the
  application with its files to the job's application addresses.
- ``jobs.application.status_changed`` with a message: the message to the applicant.
"""

from __future__ import annotations

import logging
import uuid
from email.message import EmailMessage

from jobkit.consumer import Handler
from jobkit.events import EventEnvelope
from jobkit.mail import compose, send_mail, upload_attachments
from jobkit.uploads import Storage
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from jobs.db import uploads
from jobs.domain.events import ApplicationStatusChanged, ApplicationSubmitted
from jobs.domain.models import Application, ApplicationAttachment, Job
from jobs.settings import JobsSettings

log = logging.getLogger(__name__)

STATUS_WORDS = {
    "new": "received",
    "reviewed": "reviewed",
    "shortlisted": "shortlisted",
    "rejected": "not taken further",
    "hired": "successful",
}


def confirmation_mail(
    settings: JobsSettings, *, application: Application, job: Job, event_id: str
) -> EmailMessage:
    site = settings.site_url.rstrip("/")
    follow = (
        f"Follow its status on {site}/my-applications.\n"
        if application.applicant_id
        else "The recruiter will contact you at this address.\n"
    )
    return compose(
        settings,
        to=application.email,
        subject=f"Your application: {job.title}",
        text=f"Hello {application.first_name},\n\nthank you for applying to "
        f"\u201c{job.title}\u201d at {job.organization_name}. Your application has been "
        f"received.\n\n{follow}",
        message_key=f"{event_id}.confirmation",
    )


async def application_mail(
    settings: JobsSettings,
    storage: Storage,
    session: AsyncSession,
    *,
    application: Application,
    job: Job,
    event_id: str,
) -> EmailMessage:
    """The application as a mail to the job's addresses, with its files attached."""
    lines = [
        f"A new application for \u201c{job.title}\u201d.",
        "",
        f"Name: {application.first_name} {application.last_name}",
        f"Email: {application.email}",
        f"Phone: {application.phone or '-'}",
    ]
    if application.answers:
        lines += ["", "Qualifying questions:"]
        lines += [
            f"- {a['question']}\n  {a['answer'] or '-'}"
            + (" (knock-out answer)" if a.get("knocked_out") else "")
            for a in application.answers
        ]
    if application.cover_letter:
        lines += ["", "Cover letter:", application.cover_letter]
    rows = await session.execute(
        select(uploads)
        .join(ApplicationAttachment, ApplicationAttachment.upload_id == uploads.c.id)
        .where(ApplicationAttachment.application_id == application.id)
        .order_by(ApplicationAttachment.position)
    )
    return compose(
        settings,
        to=list(job.application_emails),
        subject=f"Application for {job.title}: {application.first_name} {application.last_name}",
        text="\n".join(lines) + "\n",
        reply_to=application.email,
        attachments=await upload_attachments(storage, rows),
        message_key=f"{event_id}.application",
    )


def status_mail(
    settings: JobsSettings,
    *,
    application: Application,
    job: Job,
    status: str,
    text: str,
    event_id: str,
) -> EmailMessage:
    return compose(
        settings,
        to=application.email,
        subject=f"Your application for {job.title} was {STATUS_WORDS.get(status, status)}",
        text=f"Hello {application.first_name},\n\na message from {job.organization_name} about "
        f"your application to \u201c{job.title}\u201d:\n\n{text}\n",
        message_key=f"{event_id}.status",
    )


def application_mailer_handlers(settings: JobsSettings, storage: Storage) -> dict[str, Handler]:
    """EMAIL jobs: the application with its files to the job's addresses."""

    async def submitted(session: AsyncSession, event: EventEnvelope) -> None:
        payload = ApplicationSubmitted.model_validate(event.payload)
        application = await session.get(Application, uuid.UUID(payload.application_id))
        job = await session.get(Job, uuid.UUID(payload.job_id))
        if application is None or job is None:
            log.info("application %s is gone; nothing to mail", payload.application_id)
            return
        event_id = str(event.id)
        if payload.workflow == "email" and job.application_emails:
            mail = await application_mail(
                settings, storage, session, application=application, job=job, event_id=event_id
            )
            await send_mail(mail, settings=settings)

    return {ApplicationSubmitted.event_type: submitted}


def applicant_mailer_handlers(settings: JobsSettings) -> dict[str, Handler]:
    """The applicant's mails, in their own group: a failure of one mail never resends another."""

    async def status_changed(session: AsyncSession, event: EventEnvelope) -> None:
        payload = ApplicationStatusChanged.model_validate(event.payload)
        if not payload.message:
            return
        application = await session.get(Application, uuid.UUID(payload.application_id))
        job = await session.get(Job, uuid.UUID(payload.job_id))
        if application is None or job is None:
            return
        mail = status_mail(
            settings,
            application=application,
            job=job,
            status=payload.status,
            text=payload.message,
            event_id=str(event.id),
        )
        await send_mail(mail, settings=settings)

    async def confirmation(session: AsyncSession, event: EventEnvelope) -> None:
        payload = ApplicationSubmitted.model_validate(event.payload)
        application = await session.get(Application, uuid.UUID(payload.application_id))
        job = await session.get(Job, uuid.UUID(payload.job_id))
        if application is None or job is None:
            return
        mail = confirmation_mail(settings, application=application, job=job, event_id=str(event.id))
        await send_mail(mail, settings=settings)

    return {
        ApplicationSubmitted.event_type: confirmation,
        ApplicationStatusChanged.event_type: status_changed,
    }
