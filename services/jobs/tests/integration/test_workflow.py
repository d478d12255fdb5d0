"""The workflow against the real database: billing's answers, moderation, review, archive and
republish, the seed's publish_now, and the scheduler publishing exactly once with two
instances running at the same time."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime, timedelta

import pytest
from jobkit.auth import Principal
from jobkit.db import make_engine, make_sessionmaker
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.kafka import fetched_record
from jobkit.testing.service import persist
from jobkit.testing.statements import StatementLog
from jobs.db import outbox
from jobs.domain import publishing, slots
from jobs.domain.errors import JobErrors
from jobs.domain.events import SlotDenied, SlotGranted
from jobs.domain.models import Job, KnownOrganization, SiteSetting
from jobs.messaging.consumers import SLOT_TOPIC, slot_answers_consumer
from jobs.messaging.scheduler import run_scheduler_once
from jobs.settings import JobsSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.demo.seed_jobs import publish_now
from services.jobs.tests.factories import add_member, job, organization

pytestmark = pytest.mark.integration

ADMIN = Principal(user_id=str(uuid.uuid4()), roles=frozenset({"job_editor"}))


@pytest.fixture
def settings(service_settings: ServiceSettings) -> JobsSettings:
    assert isinstance(service_settings, JobsSettings)
    return service_settings


async def _events(sessions: async_sessionmaker[AsyncSession], job_id: object) -> list[str]:
    async with sessions() as session:
        rows = await session.scalars(
            select(outbox.c.event_type).where(outbox.c.key == str(job_id)).order_by(outbox.c.id)
        )
        return list(rows)


async def _state(sessions: async_sessionmaker[AsyncSession], job_id: uuid.UUID) -> Job:
    async with sessions() as session:
        found = await session.get(Job, job_id)
        assert found is not None
        return found


async def _answer(
    sessions: async_sessionmaker[AsyncSession], settings: JobsSettings, answer: object
) -> None:
    async with sessions() as session, session.begin():
        if isinstance(answer, SlotGranted):
            await slots.apply_slot_granted(session, settings, answer)
        else:
            assert isinstance(answer, SlotDenied)
            await slots.apply_slot_denied(session, settings, answer)


async def _submitted(
    sessions: async_sessionmaker[AsyncSession], settings: JobsSettings, **overrides: object
) -> tuple[KnownOrganization, Job]:
    """A complete draft, published by a member: AWAITING_SLOT."""
    org = organization()
    row = job(org, **overrides)
    await persist(sessions, org, row)
    member = uuid.uuid4()
    await add_member(sessions, org, member)
    principal = Principal(user_id=str(member), roles=frozenset({"recruiter"}))
    published = await publishing.publish_job(
        sessions=sessions, settings=settings, principal=principal, job_id=row.id
    )
    assert isinstance(published, Job), published
    assert published.state == "awaiting_slot"
    return org, published


async def test_a_batch_of_answers_publishes_its_jobs_with_one_outbox_insert(
    committed_sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    statements: Callable[[], AbstractContextManager[StatementLog]],
) -> None:
    """The slot group's batch (ADR 0051): the events of the jobs its answers publish are written
    with one INSERT and one notification as the batch ends, whatever its length."""
    submitted = [await _submitted(committed_sessions, settings) for _ in range(4)]
    topic = settings.topic(SLOT_TOPIC)
    records = [
        fetched_record(
            topic,
            EventEnvelope(
                type=SlotGranted.event_type,
                aggregate_id=str(waiting.id),
                site="jobboard",
                payload={
                    "job_id": str(waiting.id),
                    "organization_number": org.number,
                    "source": "credits",
                },
            ),
            offset=offset,
        )
        for offset, (org, waiting) in enumerate(submitted)
    ]
    consumer = slot_answers_consumer(settings, committed_sessions)
    with statements() as log:
        await consumer.apply(records)
    assert consumer.batches_applied == 1
    for _, waiting in submitted:
        assert (await _state(committed_sessions, waiting.id)).state == "published"
        assert (await _events(committed_sessions, waiting.id))[-1] == "jobs.job.published"
    writes = [s for s in log.statements if s.startswith("INSERT INTO outbox") or "pg_notify" in s]
    assert len(writes) == 2, writes


async def test_granted_publishes_and_denied_returns_to_draft_with_the_reason(
    committed_sessions: async_sessionmaker[AsyncSession], settings: JobsSettings
) -> None:
    org, granted = await _submitted(committed_sessions, settings)
    await _answer(
        committed_sessions,
        settings,
        SlotGranted(job_id=str(granted.id), organization_number=org.number, source="credits"),
    )
    live = await _state(committed_sessions, granted.id)
    assert live.state == "published"
    assert live.published_at is not None
    assert live.expires_at == live.published_at + timedelta(days=30)
    assert await _events(committed_sessions, granted.id) == [
        "jobs.job.submitted", "jobs.job.publish_requested", "jobs.job.published",
    ]  # fmt: skip

    org, denied = await _submitted(committed_sessions, settings)
    await _answer(
        committed_sessions,
        settings,
        SlotDenied(job_id=str(denied.id), organization_number=org.number, reason="no_slots_left"),
    )
    back = await _state(committed_sessions, denied.id)
    assert back.state == "draft"
    assert back.refusal is not None
    assert back.refusal["reason"] == "no_slots_left"
    assert back.refusal["message"] == (
        "Your organization has no job slots left. Buy more on /my-products or contact us on "
        "/contact."
    )


async def test_a_future_publish_date_schedules_and_a_moderating_site_reviews_first(
    committed_sessions: async_sessionmaker[AsyncSession], settings: JobsSettings
) -> None:
    later = datetime.now(UTC) + timedelta(days=2)
    org, scheduled = await _submitted(committed_sessions, settings, published=later)
    await _answer(
        committed_sessions,
        settings,
        SlotGranted(job_id=str(scheduled.id), organization_number=org.number, source="credits"),
    )
    assert (await _state(committed_sessions, scheduled.id)).state == "scheduled"

    site = f"moderated-{uuid.uuid4().hex[:6]}"
    await persist(
        committed_sessions, SiteSetting(site=site, key="jobs", name="moderation", value=True)
    )
    org, reviewed = await _submitted(committed_sessions, settings, site=site)
    await _answer(
        committed_sessions,
        settings,
        SlotGranted(job_id=str(reviewed.id), organization_number=org.number, source="credits"),
    )
    assert (await _state(committed_sessions, reviewed.id)).state == "needs_review"
    rejected = await publishing.reject_job(
        sessions=committed_sessions,
        settings=settings,
        principal=ADMIN,
        job_id=reviewed.id,
        reason="Please add the salary.",
    )
    assert isinstance(rejected, Job)
    assert rejected.state == "draft"
    assert rejected.refusal is not None
    assert rejected.refusal["message"] == "Please add the salary."
    events = await _events(committed_sessions, reviewed.id)
    assert events[-3:] == ["jobs.job.publish_withdrawn", "jobs.job.rejected", "jobs.job.updated"]

    recruiter = Principal(user_id=str(uuid.uuid4()), roles=frozenset({"recruiter"}))
    refused = await publishing.approve_job(
        sessions=committed_sessions, settings=settings, principal=recruiter, job_id=reviewed.id
    )
    assert isinstance(refused, JobErrors)
    assert refused.errors[0].code == "FORBIDDEN"


async def test_archiving_before_publication_withdraws_the_slot_request(
    committed_sessions: async_sessionmaker[AsyncSession], settings: JobsSettings
) -> None:
    org, waiting = await _submitted(committed_sessions, settings)
    archived = await publishing.archive_job(
        sessions=committed_sessions, settings=settings, principal=ADMIN, job_id=waiting.id
    )
    assert isinstance(archived, Job)
    assert archived.state == "archived"
    assert (await _events(committed_sessions, waiting.id))[-2:] == [
        "jobs.job.publish_withdrawn",
        "jobs.job.archived",
    ]
    # a late grant for the archived job changes nothing (billing releases it on withdrawal)
    await _answer(
        committed_sessions,
        settings,
        SlotGranted(job_id=str(waiting.id), organization_number=org.number, source="credits"),
    )
    assert (await _state(committed_sessions, waiting.id)).state == "archived"
    again = await publishing.republish_job(
        sessions=committed_sessions, settings=settings, principal=ADMIN, job_id=waiting.id
    )
    assert isinstance(again, Job)
    assert again.state == "awaiting_slot"
    assert (await _events(committed_sessions, waiting.id))[-1] == "jobs.job.publish_requested"


async def test_publish_now_sets_the_seeds_states_with_their_events(
    committed_sessions: async_sessionmaker[AsyncSession], settings: JobsSettings
) -> None:
    now = datetime.now(UTC)
    org = organization()
    rows = [job(org) for _ in range(3)]
    await persist(committed_sessions, org, *rows)
    cases = [
        (now - timedelta(days=3), None, "published"),
        (now + timedelta(days=3), None, "scheduled"),
        (now - timedelta(days=40), None, "expired"),
    ]
    for row, (published, expiration, state) in zip(rows, cases, strict=True):
        done = await publish_now(
            sessions=committed_sessions,
            settings=settings,
            job_id=row.id,
            published=published,
            expiration=expiration,
        )
        assert isinstance(done, Job)
        assert done.state == state
    assert (await _events(committed_sessions, rows[2].id)) == [
        "jobs.job.published",
        "jobs.job.expired",
    ]


async def test_two_schedulers_at_once_publish_each_due_job_exactly_once(
    service_settings: ServiceSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
) -> None:
    past = datetime.now(UTC) - timedelta(minutes=1)
    org = organization()
    due = [job(org, state="scheduled", published=past, submitted_at=past) for _ in range(30)]
    expired = [
        job(org, state="published", published_at=past - timedelta(days=31), expires_at=past)
        for _ in range(10)
    ]
    await persist(committed_sessions, org, *due, *expired)
    small_batches = settings.model_copy(update={"scheduler_batch_size": 7})

    engines = [make_engine(service_settings.database_url) for _ in range(2)]
    try:
        replicas = [make_sessionmaker(engine) for engine in engines]
        await asyncio.gather(
            *(
                run_scheduler_once(sessions, small_batches)
                for sessions in replicas
                for _ in range(2)
            )
        )
    finally:
        for engine in engines:
            await engine.dispose()

    async with committed_sessions() as session:
        published = dict(
            (
                await session.execute(
                    select(outbox.c.key, func.count())
                    .where(
                        outbox.c.event_type == "jobs.job.published",
                        outbox.c.key.in_([str(j.id) for j in due]),
                    )
                    .group_by(outbox.c.key)
                )
            ).all()
        )
        expiries = dict(
            (
                await session.execute(
                    select(outbox.c.key, func.count())
                    .where(
                        outbox.c.event_type == "jobs.job.expired",
                        outbox.c.key.in_([str(j.id) for j in expired]),
                    )
                    .group_by(outbox.c.key)
                )
            ).all()
        )
        states = set(
            await session.scalars(select(Job.state).where(Job.id.in_([j.id for j in due])))
        )
    assert published == {str(j.id): 1 for j in due}
    assert expiries == {str(j.id): 1 for j in expired}
    assert states == {"published"}


async def test_an_answer_for_another_publishers_id_is_ignored_not_retried(
    committed_sessions: async_sessionmaker[AsyncSession], settings: JobsSettings
) -> None:
    """billing.slot carries answers for every publisher: an id that is not a job UUID (or no
    job of ours) changes nothing and raises nothing, so the consumer never dead-letters it."""
    for job_id in ("job-7f3a", str(uuid.uuid4())):
        await _answer(
            committed_sessions,
            settings,
            SlotGranted(job_id=job_id, organization_number=1, source="credits"),
        )
        await _answer(
            committed_sessions,
            settings,
            SlotDenied(job_id=job_id, organization_number=1, reason="no_slots_left"),
        )
