"""A person's data in jobs, for their export (the export saga, ADR 0038).

The part covers what the erasure (ADR 0036, :mod:`jobs.domain.erasure`) treats as the person's,
so that what a person can have erased they can first see:

- **applications** they sent (signed in, or as a visitor with the account's address): their
  details, cover letter, answers, status and dates, the job's title and reference, the
  recruiters' notes about them (the erasure deletes those as the person's data; the notes are
  given without the recruiter's identity) and their attached files, the original bytes;
- **bookmarks**: the job and when;
- **job reports** they made (signed in: a visitor's report is keyed by a client address that
  names no account);
- **jobs** they created: only that they did (id, title, state, when); the job's content is the
  organization's;
- **API keys** they made for an organization (ADR 0039): name, scopes, when made, last used and
  revoked (never a secret: only its digest is kept);
- **feed sources** they added for an organization (ADR 0041): name, address, format, when added
  (the runs' reports and the jobs imported are the organization's);
- **uploads** they made: what was uploaded and when (the files of their applications are in
  the part; a job's logo or PDF is the organization's).

Nothing of another person goes in: no other applicant, no recruiter's address or name, not the
jobs' application addresses.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from jobkit.export import ExportPart
from jobkit.uploads.storage import Storage
from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from jobs.db import uploads
from jobs.domain.models import (
    ApiKey,
    Application,
    ApplicationAttachment,
    Bookmark,
    FeedSource,
    Job,
    JobReport,
)

log = logging.getLogger(__name__)

SERVICE = "jobs"


async def export_person(
    session: AsyncSession, *, storage: Storage, user_id: str, email: str | None
) -> ExportPart:
    """identity.export.requested: everything jobs keeps about the person, as jobs' part. Reads
    only; the files come from the service's upload storage."""
    part = ExportPart(SERVICE)
    theirs: ColumnElement[bool] = Application.applicant_id == user_id
    if email:  # and the ones sent as a visitor with the account's address (stored lower-cased)
        theirs = or_(theirs, Application.email == email.lower())
    files = await _applications(session, part, storage=storage, theirs=theirs)
    await _bookmarks(session, part, user_id)
    await _reports(session, part, user_id)
    await _jobs(session, part, user_id)
    await _api_keys(session, part, user_id)
    await _feed_sources(session, part, user_id)
    await _uploads(session, part, user_id, files)
    return part


def _job(job: Job) -> dict[str, Any]:
    """The job an item is about, as the person saw it (its public reference), nothing of its
    recruiters."""
    return {
        "id": job.id,
        "title": job.title,
        "reference": job.slug,
        "site": job.site,
        "organization": job.organization_name,
    }


async def _applications(
    session: AsyncSession, part: ExportPart, *, storage: Storage, theirs: ColumnElement[bool]
) -> dict[uuid.UUID, str]:
    """The applications, oldest first, each with its files put in the part; the archive path of
    each exported file by upload id (the uploads section points to them)."""
    rows = await session.execute(
        select(Application, Job)
        .join(Job, Job.id == Application.job_id)
        .where(theirs)
        .order_by(Application.created_at, Application.id)
    )
    applications = list(rows.tuples())
    attached: dict[uuid.UUID, list[Any]] = {application.id: [] for application, _ in applications}
    if attached:
        attachment_rows = await session.execute(
            select(
                ApplicationAttachment,
                uploads.c.id.label("stored_id"),
                uploads.c.filename,
                uploads.c.media_type,
                uploads.c.size,
                uploads.c.styles,
                uploads.c.created_at,
            )
            .outerjoin(uploads, uploads.c.id == ApplicationAttachment.upload_id)
            .where(ApplicationAttachment.application_id.in_(attached))
            .order_by(ApplicationAttachment.application_id, ApplicationAttachment.position)
        )
        for row in attachment_rows:
            attached[row[0].application_id].append(row)

    exported: dict[uuid.UUID, str] = {}
    records = []
    for application, job in applications:
        attachments = []
        for row in attached[application.id]:
            attachment: ApplicationAttachment = row[0]
            record, path = await _attachment(part, storage, attachment, row)
            if path is not None:
                exported[attachment.upload_id] = path
            attachments.append(record)
        records.append(
            {
                "id": application.id,
                "job": _job(job),
                "signed_in": application.applicant_id is not None,
                "first_name": application.first_name,
                "last_name": application.last_name,
                "email": application.email,
                "phone": application.phone,
                "cover_letter": application.cover_letter,
                "answers": application.answers,
                "knocked_out": application.knocked_out,
                "workflow": application.workflow,
                "status": application.status,
                "sent_at": application.created_at,
                "status_changed_at": application.status_changed_at,
                "updated_at": application.updated_at,
                # data about the person (the erasure deletes it with the application's details);
                # the notes have no date of their own: the application's last change bounds it
                "recruiter_notes": (
                    {"text": application.notes, "as_of": application.updated_at}
                    if application.notes
                    else None
                ),
                "attachments": attachments,
            }
        )
    part.add("applications", records)
    return exported


async def _attachment(
    part: ExportPart, storage: Storage, attachment: ApplicationAttachment, row: Any
) -> tuple[dict[str, Any], str | None]:
    """An attached file's record and, when its original is still stored, its path in the
    archive. A file gone from storage (or its upload row) is named in the record, not fatal:
    the export still gives the rest."""
    record: dict[str, Any] = {"upload_id": attachment.upload_id, "kind": attachment.kind}
    if row.stored_id is None:  # the upload row is gone
        record |= {"file": None, "missing": True}
        return record, None
    record |= {
        "filename": row.filename,
        "media_type": row.media_type,
        "size": row.size,
        "uploaded_at": row.created_at,
    }
    key = (row.styles or {}).get("original", {}).get("key")
    try:
        if not key:
            raise FileNotFoundError(attachment.upload_id)
        data = await storage.get(key)
    except FileNotFoundError:
        log.warning(
            "an exported application's file is missing from storage",
            extra={"fields": {"upload_id": str(attachment.upload_id)}},
        )
        record |= {"file": None, "missing": True}
        return record, None
    path = part.file(row.filename, data)
    record |= {"file": path, "missing": False}
    return record, path


async def _bookmarks(session: AsyncSession, part: ExportPart, user_id: str) -> None:
    rows = await session.execute(
        select(Bookmark, Job)
        .join(Job, Job.id == Bookmark.job_id)
        .where(Bookmark.user_id == user_id)
        .order_by(Bookmark.created_at, Bookmark.job_id)
    )
    part.add(
        "bookmarks",
        [
            {"job": {"id": job.id, "title": job.title}, "bookmarked_at": bookmark.created_at}
            for bookmark, job in rows.tuples()
        ],
    )


async def _reports(session: AsyncSession, part: ExportPart, user_id: str) -> None:
    """The reports the person made signed in, with how they were resolved (not by whom)."""
    rows = await session.execute(
        select(JobReport, Job)
        .join(Job, Job.id == JobReport.job_id)
        .where(JobReport.reporter == f"user:{user_id}")
        .order_by(JobReport.created_at, JobReport.id)
    )
    part.add(
        "job_reports",
        [
            {
                "id": report.id,
                "job": {"id": job.id, "title": job.title},
                "site": report.site,
                "reason": report.reason,
                "details": report.details,
                "reported_at": report.created_at,
                "resolved_at": report.resolved_at,
                "resolution": report.resolution,
            }
            for report, job in rows.tuples()
        ],
    )


async def _jobs(session: AsyncSession, part: ExportPart, user_id: str) -> None:
    """That the person created these jobs; the jobs themselves are their organization's."""
    try:
        owner = uuid.UUID(user_id)
    except ValueError:  # not an account id jobs could have stored as a creator
        part.add("jobs", [])
        return
    rows = await session.execute(
        select(Job.id, Job.title, Job.state, Job.created_at)
        .where(Job.owner_id == owner)
        .order_by(Job.created_at, Job.id)
    )
    part.add(
        "jobs",
        [
            {"id": row.id, "title": row.title, "state": row.state, "created_at": row.created_at}
            for row in rows
        ],
    )


async def _api_keys(session: AsyncSession, part: ExportPart, user_id: str) -> None:
    """The keys the person made; the organization's jobs they touched are the organization's."""
    try:
        maker = uuid.UUID(user_id)
    except ValueError:
        part.add("api_keys", [])
        return
    rows = await session.scalars(
        select(ApiKey).where(ApiKey.created_by == maker).order_by(ApiKey.created_at, ApiKey.id)
    )
    part.add(
        "api_keys",
        [
            {
                "id": key.id,
                "organization_id": key.organization_id,
                "name": key.name,
                "prefix": key.prefix,
                "scopes": key.scopes,
                "created_at": key.created_at,
                "last_used_at": key.last_used_at,
                "revoked_at": key.revoked_at,
            }
            for key in rows
        ],
    )


async def _feed_sources(session: AsyncSession, part: ExportPart, user_id: str) -> None:
    """The feed sources the person added for an organization."""
    try:
        maker = uuid.UUID(user_id)
    except ValueError:
        part.add("feed_sources", [])
        return
    rows = await session.scalars(
        select(FeedSource)
        .where(FeedSource.created_by == maker)
        .order_by(FeedSource.created_at, FeedSource.id)
    )
    part.add(
        "feed_sources",
        [
            {
                "id": source.id,
                "organization_id": source.organization_id,
                "name": source.name,
                "url": source.url,
                "format": source.format,
                "created_at": source.created_at,
            }
            for source in rows
        ],
    )


async def _uploads(
    session: AsyncSession, part: ExportPart, user_id: str, files: dict[uuid.UUID, str]
) -> None:
    """What the person uploaded, and where the file is in the archive when it is there (an
    application's attachment)."""
    rows = await session.execute(
        select(
            uploads.c.id,
            uploads.c.filename,
            uploads.c.kind,
            uploads.c.media_type,
            uploads.c.size,
            uploads.c.purpose,
            uploads.c.created_at,
        )
        .where(uploads.c.owner_id == user_id)
        .order_by(uploads.c.created_at, uploads.c.id)
    )
    part.add(
        "uploads",
        [
            {
                "id": row.id,
                "filename": row.filename,
                "kind": row.kind,
                "media_type": row.media_type,
                "size": row.size,
                "purpose": row.purpose,
                "uploaded_at": row.created_at,
                "file": files.get(row.id),
            }
            for row in rows
        ],
    )
