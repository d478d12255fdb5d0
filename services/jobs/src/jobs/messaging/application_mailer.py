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
from email.utils import make_msgid

import aiosmtplib
from jobkit.consumer import Handler
from jobkit.events import EventEnvelope
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


def _message(
    settings: JobsSettings, *, to: list[str], subject: str, event_id: str, part: str
) -> EmailMessage:
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = ", ".join(to)
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(idstring=f"{event_id}.{part}", domain="jobboard.example")
    return message


def confirmation_mail(
    settings: JobsSettings, *, application: Application, job: Job, event_id: str
) -> EmailMessage:
    message = _message(
        settings,
        to=[application.email],
        subject=f"Your application: {job.title}",
        event_id=event_id,
        part="confirmation",
    )
    site = settings.site_url.rstrip("/")
    follow = (
        f"Follow its status on {site}/my-applications.\n"
        if application.applicant_id
        else "The recruiter will contact you at this address.\n"
    )
    message.set_content(
        f"Hello {application.first_name},\n\nthank you for applying to \u201c{job.title}\u201d at "
        f"{job.organization_name}. Your application has been received.\n\n{follow}"
    )
    return message


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
    message = _message(
        settings,
        to=list(job.application_emails),
        subject=f"Application for {job.title}: {application.first_name} {application.last_name}",
        event_id=event_id,
        part="application",
    )
    message["Reply-To"] = application.email
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
    message.set_content("\n".join(lines) + "\n")
    rows = await session.execute(
        select(uploads)
        .join(ApplicationAttachment, ApplicationAttachment.upload_id == uploads.c.id)
        .where(ApplicationAttachment.application_id == application.id)
        .order_by(ApplicationAttachment.position)
    )
    for row in rows:
        stored = row.styles["original"]
        body = await storage.get(stored["key"])
        maintype, _, subtype = str(stored["media_type"]).partition("/")
        extension = stored["key"].rsplit(".", 1)[-1]
        name = row.filename.rsplit(".", 1)[0] if "." in row.filename else row.filename
        message.add_attachment(
            body, maintype=maintype, subtype=subtype, filename=f"{name}.{extension}"
        )
    return message


def status_mail(
    settings: JobsSettings,
    *,
    application: Application,
    job: Job,
    status: str,
    text: str,
    event_id: str,
) -> EmailMessage:
    message = _message(
        settings,
        to=[application.email],
        subject=f"Your application for {job.title} was {STATUS_WORDS.get(status, status)}",
        event_id=event_id,
        part="status",
    )
    message.set_content(
        f"Hello {application.first_name},\n\na message from {job.organization_name} about your "
        f"application to \u201c{job.title}\u201d:\n\n{text}\n"
    )
    return message


async def send(settings: JobsSettings, message: EmailMessage) -> None:
    await aiosmtplib.send(message, hostname=settings.smtp_host, port=settings.smtp_port, timeout=30)


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
            await send(
                settings,
                await application_mail(
                    settings, storage, session, application=application, job=job, event_id=event_id
                ),
            )

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
        await send(
            settings,
            status_mail(
                settings,
                application=application,
                job=job,
                status=payload.status,
                text=payload.message,
                event_id=str(event.id),
            ),
        )

    async def confirmation(session: AsyncSession, event: EventEnvelope) -> None:
        payload = ApplicationSubmitted.model_validate(event.payload)
        application = await session.get(Application, uuid.UUID(payload.application_id))
        job = await session.get(Job, uuid.UUID(payload.job_id))
        if application is None or job is None:
            return
        await send(
            settings,
            confirmation_mail(settings, application=application, job=job, event_id=str(event.id)),
        )

    return {
        ApplicationSubmitted.event_type: confirmation,
        ApplicationStatusChanged.event_type: status_changed,
    }
