"""A deleted account's data in jobs (the erasure saga, ADR 0036).

- **Applications** the person made (signed in, or as a visitor with the account's address) stay,
  anonymized: the organization keeps the record
  that an application to its job existed, its status and dates, for its statistics; the name,
  address, phone, cover letter, answers and the recruiters' notes about the person go, and the
  attached files are deleted from storage with their upload rows.
- **Bookmarks** are deleted: they are the person's alone.
- **Reports** of jobs stay (they are about the job, and moderation needs them), with the reporter
  replaced by a random id.
- **Jobs** the person created belong to their organization and stay: their creator becomes one
  random id (the same for all of them) and the creator's address is dropped; the uploads the
  person made that a job still shows (logos, PDF files) stay, with the same random owner.
- Uploads the person made and nothing refers to yet are deleted now (the sweeper would later).
- **API keys** the person made (ADR 0039) are deleted: a key acts as the person who made it,
  and their address is on it. The organization makes a new one.
- **Feed sources** the person added (ADR 0041) belong to their organization and keep importing:
  their maker becomes the same random id as their jobs' (so do the jobs the sources create from
  now on) and the maker's address is dropped.
- The **rate limits' counters** naming the person (applications and reports per account and
  address) are deleted now rather than when later hits prune them.
"""

from __future__ import annotations

import uuid

from jobkit.erasure import ERASED_PREFIX, ErasureReport, rowcount
from jobkit.ratelimit import forget_person
from jobkit.uploads.storage import Storage
from jobkit.uploads.sweeper import erase_uploads
from sqlalchemy import delete, func, or_, select, update
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
    RateLimitHit,
)


async def anonymize_applications(
    session: AsyncSession, *, storage: Storage, application_ids: list[uuid.UUID]
) -> tuple[int, int]:
    """The applications anonymized in the caller's transaction: the record that each existed,
    its status and dates stay; the person's details, letter, answers and the recruiters' notes
    go, and the attached files are deleted from storage. Answers (files deleted, applications
    anonymized). Used by the erasure saga and by the sites' retention rule."""
    files = list(
        await session.scalars(
            select(ApplicationAttachment.upload_id).where(
                ApplicationAttachment.application_id.in_(application_ids)
            )
        )
    )
    await session.execute(
        delete(ApplicationAttachment).where(
            ApplicationAttachment.application_id.in_(application_ids)
        )
    )
    deleted = await erase_uploads(session, uploads, storage=storage, upload_ids=files)
    result = await session.execute(
        update(Application)
        .where(Application.id.in_(application_ids))
        .values(
            applicant_id=None,
            first_name="",
            last_name="",
            # unique per job: the application's own id, nothing of the person
            email=func.concat(ERASED_PREFIX, Application.id),
            phone=None,
            cover_letter=None,
            answers=[],
            notes=None,
            version=Application.version + 1,
        )
    )
    return deleted, rowcount(result)


async def erase_person(
    session: AsyncSession, *, storage: Storage, user_id: str, email: str | None
) -> ErasureReport:
    report = ErasureReport()
    theirs = Application.applicant_id == user_id
    if email:  # and the ones sent as a visitor with the account's address
        theirs = or_(theirs, Application.email == email.lower())
    applications = list(
        await session.scalars(select(Application.id).where(theirs).with_for_update())
    )
    if applications:
        files, anonymized = await anonymize_applications(
            session, storage=storage, application_ids=applications
        )
        report.deleted("application_files", files)
        report.anonymized_rows("applications", anonymized)

    result = await session.execute(delete(Bookmark).where(Bookmark.user_id == user_id))
    report.deleted("bookmarks", rowcount(result))

    stranger = uuid.uuid4()
    result = await session.execute(
        update(JobReport)
        .where(JobReport.reporter == f"user:{user_id}")
        .values(reporter=f"{ERASED_PREFIX}{stranger.hex}")
    )
    report.anonymized_rows("job_reports", rowcount(result))

    try:
        owner = uuid.UUID(user_id)
    except ValueError:
        owner = None
    if owner is not None:
        result = await session.execute(
            update(Job).where(Job.owner_id == owner).values(owner_id=stranger, owner_email=None)
        )
        report.anonymized_rows("jobs", rowcount(result))
        result = await session.execute(delete(ApiKey).where(ApiKey.created_by == owner))
        report.deleted("api_keys", rowcount(result))
        result = await session.execute(
            update(FeedSource)
            .where(FeedSource.created_by == owner)
            .values(created_by=stranger, created_by_email=None)
        )
        report.anonymized_rows("feed_sources", rowcount(result))

    # uploads nothing refers to yet go now; the ones a job shows stay, owned by nobody known
    unattached = list(
        await session.scalars(
            select(uploads.c.id).where(
                uploads.c.owner_id == user_id, uploads.c.attached_at.is_(None)
            )
        )
    )
    referenced = set(
        await session.scalars(select(Job.logo_upload_id).where(Job.logo_upload_id.in_(unattached)))
    ) | set(
        await session.scalars(select(Job.file_upload_id).where(Job.file_upload_id.in_(unattached)))
    )
    report.deleted(
        "uploads",
        await erase_uploads(
            session,
            uploads,
            storage=storage,
            upload_ids=[upload for upload in unattached if upload not in referenced],
        ),
    )
    result = await session.execute(
        update(uploads)
        .where(uploads.c.owner_id == user_id)
        .values(owner_id=f"{ERASED_PREFIX}{stranger.hex}")
    )
    report.anonymized_rows("uploads", rowcount(result))
    counters = RateLimitHit.__table__
    report.deleted(
        "rate_limits",
        await forget_person(session, counters, user_id=user_id, email=email),  # type: ignore[arg-type]
    )
    return report
