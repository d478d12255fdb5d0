"""Tell the other services every job's current state again: one ``jobs.job.updated`` snapshot per
job, through the outbox like any change. For a consumer that lost its copy (a search index
rebuilt from scratch, a broker whose history is gone): snapshots carry the job's version, so a
consumer that is up to date changes nothing.

    python -m jobs.resync
"""

from __future__ import annotations

import asyncio
import uuid

from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.outbox import enqueue
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.db import outbox
from jobs.domain.events import JobUpdated
from jobs.domain.models import Job
from jobs.domain.snapshots import snapshot
from jobs.settings import JobsSettings, get_settings

ACTOR = "system:resync"


async def republish_snapshots(
    *, sessions: async_sessionmaker[AsyncSession], settings: JobsSettings, batch_size: int = 500
) -> int:
    """Enqueue every job's snapshot, a transaction per batch; returns how many."""
    count = 0
    after: uuid.UUID | None = None
    while True:
        async with unit_of_work(sessions) as session:
            query = select(Job).order_by(Job.id).limit(batch_size)
            if after is not None:
                query = query.where(Job.id > after)
            jobs = (await session.scalars(query)).all()
            if not jobs:
                return count
            for job in jobs:
                payload = await snapshot(session, settings, job, JobUpdated)
                event = payload.envelope(
                    aggregate_id=str(job.id),
                    site=job.site,
                    actor=ACTOR,
                    aggregate_version=job.version,
                )
                await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)
            after = jobs[-1].id
            count += len(jobs)


async def main() -> None:
    settings = get_settings()
    engine = make_engine(settings.database_url)
    try:
        count = await republish_snapshots(sessions=make_sessionmaker(engine), settings=settings)
    finally:
        await engine.dispose()
    print(f"jobs: {count} snapshots enqueued")  # noqa: T201


if __name__ == "__main__":
    asyncio.run(main())
