"""Tell the other services every organization profile's current state again: one
``organizations.profile.updated`` snapshot per profile, through the outbox like any change. For a
consumer that lost its copy (a search index rebuilt from scratch, a broker whose history is
gone): snapshots carry the profile's version, so a consumer that is up to date changes nothing.

    python -m organizations.resync
"""

from __future__ import annotations

import asyncio
import uuid

from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.outbox import enqueue
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from organizations.db import outbox
from organizations.domain.events import ProfileUpdated
from organizations.domain.models import OrganizationProfile
from organizations.domain.snapshots import snapshot
from organizations.settings import OrganizationsSettings, get_settings

ACTOR = "system:resync"


async def republish_snapshots(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    batch_size: int = 500,
) -> int:
    """Enqueue every profile's snapshot, a transaction per batch; returns how many."""
    count = 0
    after: uuid.UUID | None = None
    while True:
        async with unit_of_work(sessions) as session:
            query = select(OrganizationProfile).order_by(OrganizationProfile.id).limit(batch_size)
            if after is not None:
                query = query.where(OrganizationProfile.id > after)
            profiles = (await session.scalars(query)).all()
            if not profiles:
                return count
            for profile in profiles:
                payload = await snapshot(session, settings, profile, ProfileUpdated)
                event = payload.envelope(
                    aggregate_id=str(profile.id),
                    site=profile.site,
                    actor=ACTOR,
                    aggregate_version=profile.version,
                )
                await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)
            after = profiles[-1].id
            count += len(profiles)


async def main() -> None:
    settings = get_settings()
    engine = make_engine(settings.database_url)
    try:
        count = await republish_snapshots(sessions=make_sessionmaker(engine), settings=settings)
    finally:
        await engine.dispose()
    print(f"organizations: {count} snapshots enqueued")  # noqa: T201


if __name__ == "__main__":
    asyncio.run(main())
