"""The demo seed's bookmarks (scripts/demo/seed_bookmarks.py): a few published jobs for each
demo applicant, different ones; run twice, nothing doubles and no second event is emitted."""

from __future__ import annotations

import uuid

import pytest
from jobkit.settings import ServiceSettings
from jobkit.testing.service import persist
from jobs.db import outbox
from jobs.domain.models import Bookmark
from jobs.settings import JobsSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.demo.seed_bookmarks import BOOKMARKS_PER_APPLICANT, seed_demo_bookmarks
from services.jobs.tests.factories import job, organization

pytestmark = pytest.mark.integration


async def test_the_demo_applicants_bookmark_published_jobs_once(
    service_settings: ServiceSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    assert isinstance(service_settings, JobsSettings)
    org = organization()
    published = [job(org, state="published") for _ in range(12)]
    await persist(committed_sessions, org, *published, job(org, state="draft"))
    applicants = {
        "applicant@jobboard.example": uuid.uuid4(),
        "jamie.lee@jobboard.example": uuid.uuid4(),
    }

    async def bookmark_events() -> int:
        async with committed_sessions() as session:
            return int(
                await session.scalar(
                    select(func.count())
                    .select_from(outbox)
                    .where(outbox.c.topic.like("%jobs.bookmark"))
                )
                or 0
            )

    first = await seed_demo_bookmarks(
        sessions=committed_sessions, settings=service_settings, applicants=applicants
    )
    assert first == {address: BOOKMARKS_PER_APPLICANT for address in applicants}
    events = await bookmark_events()
    assert events == 2 * BOOKMARKS_PER_APPLICANT
    again = await seed_demo_bookmarks(
        sessions=committed_sessions, settings=service_settings, applicants=applicants
    )
    assert again == first
    assert await bookmark_events() == events  # nothing new to say
    async with committed_sessions() as session:
        rows = list(await session.execute(select(Bookmark.user_id, Bookmark.job_id)))
    by_user: dict[str, set[uuid.UUID]] = {}
    for user_id, job_id in rows:
        by_user.setdefault(user_id, set()).add(job_id)
    ada, jamie = (by_user[str(applicants[a])] for a in sorted(applicants))
    assert not ada & jamie  # different jobs
    assert ada | jamie <= {j.id for j in published}
