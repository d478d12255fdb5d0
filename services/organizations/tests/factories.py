"""Organizations' test data with fresh ids."""

from __future__ import annotations

import uuid

from jobkit.db import unit_of_work
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from organizations.domain.models import OrganizationProfile


async def make_profile(
    sessions: async_sessionmaker[AsyncSession], *, name: str = "Green Harbor Foundation"
) -> OrganizationProfile:
    profile = OrganizationProfile(id=uuid.uuid4(), name=name, owner_id=uuid.uuid4())
    async with unit_of_work(sessions) as session:
        session.add(profile)
    return profile
