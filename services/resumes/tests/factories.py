"""Resumes' test data with fresh ids."""

from __future__ import annotations

import uuid

from jobkit.db import unit_of_work
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from resumes.domain.models import Resume


async def make_resume(
    sessions: async_sessionmaker[AsyncSession], *, title: str = "Data analyst"
) -> Resume:
    resume = Resume(id=uuid.uuid4(), owner_id=uuid.uuid4(), title=title)
    async with unit_of_work(sessions) as session:
        session.add(resume)
    return resume
