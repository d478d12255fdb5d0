"""Claiming a slug against the real database: the base while it is free, then one past the
highest number taken after it, found with one probe of an index however many jobs share the
title (issue 27: 100,000 jobs with a few dozen titles)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from jobkit.testing.service import persist
from jobkit.testing.statements import StatementLog
from jobs.domain.models import JobSlug
from jobs.domain.slugs import claim_slug
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import job, organization

pytestmark = pytest.mark.integration


async def _job_id(sessions: async_sessionmaker[AsyncSession]) -> uuid.UUID:
    org = organization()
    owner = job(org)
    await persist(sessions, org, owner)
    return owner.id


async def _claim(sessions: async_sessionmaker[AsyncSession], title: str, job_id: uuid.UUID) -> str:
    async with sessions() as session, session.begin():
        return await claim_slug(session, site="jobboard", title=title, job_id=job_id)


async def test_the_base_then_one_past_the_highest_number_taken_after_it(
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    job_id = await _job_id(committed_sessions)
    title = f"Harbour Pilot {uuid.uuid4().hex[:6]}"
    base = title.lower().replace(" ", "-")
    assert await _claim(committed_sessions, title, job_id) == base
    assert await _claim(committed_sessions, title, job_id) == f"{base}-2"
    assert await _claim(committed_sessions, title, job_id) == f"{base}-3"
    # a title that is the base and a number takes that slug; the base's numbering goes past it
    assert await _claim(committed_sessions, f"{title} 7", job_id) == f"{base}-7"
    assert await _claim(committed_sessions, title, job_id) == f"{base}-8"
    # a base that ends in digits numbers its own slugs
    assert await _claim(committed_sessions, f"{title} 7", job_id) == f"{base}-7-2"
    assert await _claim(committed_sessions, title, job_id) == f"{base}-9"
    # digits longer than any integer type are still a number
    long = f"{title} {'9' * 30}"
    assert await _claim(committed_sessions, long, job_id) == f"{base}-{'9' * 30}"
    assert await _claim(committed_sessions, title, job_id) == f"{base}-1{'0' * 30}"


async def test_a_title_five_thousand_jobs_share_is_claimed_with_one_read(
    committed_sessions: async_sessionmaker[AsyncSession],
    statements: Callable[[], AbstractContextManager[StatementLog]],
) -> None:
    job_id = await _job_id(committed_sessions)
    base = f"care-worker-{uuid.uuid4().hex[:6]}"
    async with committed_sessions() as session, session.begin():
        await session.execute(
            insert(JobSlug),
            [{"site": "jobboard", "slug": base, "job_id": job_id}]
            + [
                {"site": "jobboard", "slug": f"{base}-{n}", "job_id": job_id}
                for n in range(2, 5001)
            ],
        )
    with statements() as log:
        assert await _claim(committed_sessions, base, job_id) == f"{base}-5001"
    reads = [s for s in log.statements if s.lstrip().upper().startswith("SELECT")]
    # the lock, and one read that returns one row rather than the 5,000 taken slugs
    assert len(reads) == 2
    assert any("max(job_slugs.number)" in s for s in reads)
