"""Demo bookmarks through the jobs service's own use case: each demo applicant keeps a few
published jobs (different ones per applicant) so /my-bookmarks and the job pages' bookmark
buttons have something to show. Idempotent: a bookmark that exists is left as it is and emits
nothing (``set_bookmark`` inserts with ON CONFLICT DO NOTHING)."""

from __future__ import annotations

import uuid

from jobkit.auth import Principal
from jobs.domain.bookmarks import set_bookmark
from jobs.domain.errors import JobErrors
from jobs.domain.models import Bookmark, Job
from jobs.settings import JobsSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

BOOKMARKS_PER_APPLICANT = 4


async def seed_demo_bookmarks(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    applicants: dict[str, uuid.UUID],
) -> dict[str, int]:
    """Bookmarks each demo applicant (address -> user id) has now, by address."""
    async with sessions() as session:
        published = list(
            await session.scalars(
                select(Job.id)
                # the first site's jobs: the second site's, seeded later, never shift the picks
                .where(Job.state == "published", Job.site == settings.site)
                .order_by(Job.organization_name, Job.title, Job.id)
            )
        )
    counts: dict[str, int] = {}
    for index, (address, user_id) in enumerate(sorted(applicants.items())):
        principal = Principal(user_id=str(user_id), roles=frozenset({"applicant"}), email=address)
        # every third job from a different start: the applicants' lists differ
        chosen = published[index::3][:BOOKMARKS_PER_APPLICANT]
        for job_id in chosen:
            result = await set_bookmark(
                sessions=sessions,
                settings=settings,
                principal=principal,
                job_id=job_id,
                bookmarked=True,
            )
            if isinstance(result, JobErrors):
                raise RuntimeError(f"demo bookmark refused ({address}): {result.errors}")
    async with sessions() as session:
        for address, user_id in applicants.items():
            counts[address] = int(
                await session.scalar(
                    select(func.count())
                    .select_from(Bookmark)
                    .where(Bookmark.user_id == str(user_id))
                )
                or 0
            )
    return counts
