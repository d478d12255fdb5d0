"""Tell the other services every resume's current public state again: one
``resumes.resume.updated`` snapshot per resume, through the outbox like any change, at the
resume's own version and last update. For a consumer that lost its copy (a search index rebuilt
from scratch, a broker whose history is gone): a consumer that is up to date changes nothing, and
resume alerts see no resume as newly updated.

    python -m resumes.resync
"""

from __future__ import annotations

import asyncio
import uuid

from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from resumes.domain.models import Resume
from resumes.domain.snapshots import emit, snapshot
from resumes.settings import ResumesSettings, get_settings


async def republish_snapshots(
    *, sessions: async_sessionmaker[AsyncSession], settings: ResumesSettings, batch_size: int = 200
) -> int:
    """Enqueue every resume's snapshot, a transaction per batch; returns how many."""
    count = 0
    after: uuid.UUID | None = None
    while True:
        async with unit_of_work(sessions) as session:
            query = select(Resume).order_by(Resume.id).limit(batch_size)
            if after is not None:
                query = query.where(Resume.id > after)
            resumes = (await session.scalars(query)).all()
            if not resumes:
                return count
            for resume in resumes:
                await emit(session, settings, resume, snapshot(resume, settings), None)
            after = resumes[-1].id
            count += len(resumes)


async def main() -> None:
    settings = get_settings()
    engine = make_engine(settings.database_url)
    try:
        count = await republish_snapshots(sessions=make_sessionmaker(engine), settings=settings)
    finally:
        await engine.dispose()
    print(f"resumes: {count} snapshots enqueued")  # noqa: T201


if __name__ == "__main__":
    asyncio.run(main())
