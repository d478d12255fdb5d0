"""A deleted organization takes its jobs with it: organizations' deleted event archives its
open jobs and deletes its ATS API keys and feed sources (applied as the ``jobs-organizations``
consumer does), once."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
from jobkit.events import EventEnvelope
from jobkit.testing.service import persist
from jobs.db import outbox
from jobs.domain.models import ApiKey, FeedItem, FeedRun, FeedSource, Job
from jobs.domain.publishing import ORGANIZATION_DELETED_ACTOR
from jobs.messaging.consumers import ORGANIZATION_DELETED, organization_handlers
from jobs.settings import JobsSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import job, organization

pytestmark = pytest.mark.integration


async def test_deleting_an_organization_archives_its_open_jobs_once(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    org, other = organization(), organization()
    draft = job(org)
    published = job(org, state="published", version=3)
    scheduled = job(org, state="scheduled", version=2)
    expired = job(org, state="expired", version=4)
    elsewhere = job(other, state="published", version=3)
    await persist(sessions, org, other, draft, published, scheduled, expired, elsewhere)
    keys = [
        ApiKey(
            organization_id=owner.id,
            name="ATS",
            prefix="jbk_abcdef",
            secret_sha256=uuid.uuid4().hex * 2,
            scopes=["jobs"],
            created_by=uuid.uuid4(),
        )
        for owner in (org, other)
    ]
    await persist(sessions, *keys)
    feeds = [
        FeedSource(
            organization_id=owner.id,
            name="Careers feed",
            url="https://ngo.example/jobs.xml",
            format="xml",
            created_by=uuid.uuid4(),
            next_run_at=datetime.now(UTC),
        )
        for owner in (org, other)
    ]
    await persist(sessions, *feeds)
    await persist(
        sessions,
        FeedRun(source_id=feeds[0].id, trigger="schedule", status="succeeded",
                started_at=datetime.now(UTC), issues=[]),
        FeedItem(source_id=feeds[0].id, reference="R-1", job_id=draft.id, role="created",
                 fingerprint="f" * 64, first_seen_at=datetime.now(UTC),
                 last_seen_at=datetime.now(UTC)),
    )  # fmt: skip
    deleted = organization_handlers(JobsSettings())[ORGANIZATION_DELETED]
    event = EventEnvelope(
        type=ORGANIZATION_DELETED,
        aggregate_id=str(org.id),
        site="jobboard",
        payload={"organization_id": str(org.id), "number": org.number},
    )
    for _ in range(2):  # a redelivery (or a replay of the topic) archives nothing more
        async with sessions() as session, session.begin():
            await deleted(session, event)

    async with sessions() as session:
        ours = select(Job.id, Job.state).where(Job.organization_id.in_([org.id, other.id]))
        states = {job_id: state for job_id, state in (await session.execute(ours)).all()}
        assert states == {
            draft.id: "archived",
            published.id: "archived",
            scheduled.id: "archived",
            expired.id: "expired",  # already offline: left as it ended
            elsewhere.id: "published",
        }
        kept = await session.scalars(
            select(ApiKey.organization_id).where(ApiKey.id.in_([key.id for key in keys]))
        )
        assert list(kept) == [other.id]
        left = await session.scalars(
            select(FeedSource.organization_id).where(FeedSource.id.in_([f.id for f in feeds]))
        )
        assert list(left) == [other.id]
        assert await session.scalar(select(func.count()).select_from(FeedRun)) == 0
        assert await session.scalar(select(func.count()).select_from(FeedItem)) == 0
        rows = (
            await session.execute(
                select(outbox.c.key, outbox.c.event_type, outbox.c.body).order_by(outbox.c.id)
            )
        ).all()
    events = [(uuid.UUID(key), type) for key, type, _ in rows]
    assert sorted(events) == sorted(
        [
            (draft.id, "jobs.job.archived"),
            (published.id, "jobs.job.archived"),
            (scheduled.id, "jobs.job.publish_withdrawn"),  # billing gives the slot back
            (scheduled.id, "jobs.job.archived"),
        ]
    )
    for _, _, body in rows:
        assert EventEnvelope.model_validate_json(body).actor == ORGANIZATION_DELETED_ACTOR
    async with sessions() as session:
        archived = await session.get(Job, published.id)
        assert archived is not None
        assert archived.version == 4
