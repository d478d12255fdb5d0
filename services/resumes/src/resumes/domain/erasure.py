"""A deleted account's data in resumes (the erasure saga, ADR 0036).

- The **resume** is deleted with its entries, hidden organizations and the contact requests made
  to it (``erase_resume``, which publishes ``resumes.resume.deleted`` so search drops it).
- Every **upload** the person made (the resume's picture, an imported CV, any file not used yet)
  is deleted from storage with its row: they are the person's alone.
- **Contact requests** the person made as a recruiter stay (they are their organization's, and
  billing counted them), with the recruiter replaced by a random id.
"""

from __future__ import annotations

import uuid

from jobkit.erasure import ERASED_PREFIX, ErasureReport, rowcount
from jobkit.uploads.storage import Storage
from jobkit.uploads.sweeper import erase_uploads
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from resumes.db import uploads
from resumes.domain.models import ContactRequest
from resumes.domain.profile import erase_resume
from resumes.settings import ResumesSettings


async def erase_person(
    session: AsyncSession, settings: ResumesSettings, *, storage: Storage, user_id: str
) -> ErasureReport:
    report = ErasureReport()
    report.deleted("resumes", 1 if await erase_resume(session, settings, user_id) else 0)
    report.deleted(
        "uploads", await erase_uploads(session, uploads, storage=storage, owner_id=user_id)
    )
    result = await session.execute(
        update(ContactRequest)
        .where(ContactRequest.recruiter_id == user_id)
        .values(recruiter_id=f"{ERASED_PREFIX}{uuid.uuid4().hex}")
    )
    report.anonymized_rows("contact_requests_made", rowcount(result))
    return report
