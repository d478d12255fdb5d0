"""Billing's answers through the real broker: the served app's ``jobs-slots`` consumer turns
``billing.slot.granted`` into a published job and ``denied`` into a draft with the reason, once
per event however often it is delivered; the relay sends ``publish_requested`` to Kafka."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable

import pytest
from jobkit.auth import Principal
from jobkit.db import make_engine, make_sessionmaker
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.settings import ServiceSettings
from jobkit.testing.kafka import read_topic
from jobkit.testing.server import serve
from jobkit.testing.service import persist
from jobs.domain import publishing
from jobs.domain.events import SLOT_TOPIC, JobPublishRequested
from jobs.domain.models import Job
from jobs.main import create_app
from jobs.settings import JobsSettings
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import add_member, job, organization

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
async def running(
    service_settings: ServiceSettings, run_prefix: str
) -> AsyncIterator[JobsSettings]:
    assert isinstance(service_settings, JobsSettings)
    settings = service_settings.model_copy(
        update={
            "run_background_workers": True,
            "kafka_topic_prefix": f"{run_prefix}jobslots.",
            "outbox_poll_interval_seconds": 0.05,
            "scheduler_interval_seconds": 0.5,
        }
    )
    await ensure_topics(
        settings.kafka_bootstrap_servers,
        [settings.topic(SLOT_TOPIC), settings.topic("jobs.job")],
    )
    async with serve(create_app(settings)):
        yield settings


@pytest.fixture
async def sessions(running: JobsSettings) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = make_engine(running.database_url)
    yield make_sessionmaker(engine)
    await engine.dispose()


async def _send(settings: JobsSettings, *events: EventEnvelope) -> None:
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-billing")
    await producer.start()
    try:
        for event in events:
            await producer.send_and_wait(
                settings.topic(SLOT_TOPIC), event.to_bytes(), key=event.aggregate_id.encode()
            )
    finally:
        await producer.stop()


def _answer(kind: str, job: Job, **payload: object) -> EventEnvelope:
    return EventEnvelope(
        type=f"billing.slot.{kind}",
        aggregate_id=str(job.id),
        site="jobboard",
        actor="system:slots",
        payload={"job_id": str(job.id), "organization_number": job.organization_number, **payload},
    )


async def _until(
    sessions: async_sessionmaker[AsyncSession], job_id: uuid.UUID, done: Callable[[Job], bool]
) -> Job:
    deadline = asyncio.get_running_loop().time() + 30
    while True:
        async with sessions() as session:
            row = await session.get(Job, job_id)
        assert row is not None
        if done(row):
            return row
        assert asyncio.get_running_loop().time() < deadline, f"stuck in {row.state} v{row.version}"
        await asyncio.sleep(0.1)


async def _publish(
    sessions: async_sessionmaker[AsyncSession], settings: JobsSettings
) -> tuple[Job, Principal]:
    org = organization()
    row = job(org)
    await persist(sessions, org, row)
    member = uuid.uuid4()
    await add_member(sessions, org, member)
    principal = Principal(user_id=str(member), roles=frozenset({"recruiter"}))
    published = await publishing.publish_job(
        sessions=sessions, settings=settings, principal=principal, job_id=row.id
    )
    assert isinstance(published, Job)
    assert published.state == "awaiting_slot"
    return published, principal


async def test_granted_publishes_the_job_and_the_request_reaches_kafka(
    running: JobsSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    waiting, _ = await _publish(sessions, running)
    key = str(waiting.id).encode()
    records = await read_topic(
        running.kafka_bootstrap_servers,
        running.topic("jobs.job"),
        timeout=60,
        until=lambda records: sum(r.key == key for r in records) >= 2,
    )
    requests = [EventEnvelope.from_bytes(r.value) for r in records if r.key == key]
    assert [e.type for e in requests][:2] == ["jobs.job.submitted", JobPublishRequested.event_type]
    assert requests[1].payload["organization_number"] == waiting.organization_number

    await _send(running, _answer("granted", waiting, source="credits"))
    live = await _until(sessions, waiting.id, lambda j: j.state == "published")
    assert live.published_at is not None
    assert live.expires_at is not None


async def test_denied_returns_to_draft_once_however_often_it_is_delivered(
    running: JobsSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    waiting, principal = await _publish(sessions, running)
    denied = _answer("denied", waiting, reason="no_slots_left")
    await _send(running, denied)
    draft = await _until(sessions, waiting.id, lambda j: j.state == "draft")
    assert draft.refusal is not None
    assert draft.refusal["reason"] == "no_slots_left"
    assert draft.refusal["message"].startswith("Your organization has no job slots left.")

    # The recruiter buys a slot and publishes again; then the old answer comes a second time
    # (a redelivery) before billing's new one: it has no second effect.
    again = await publishing.publish_job(
        sessions=sessions, settings=running, principal=principal, job_id=waiting.id
    )
    assert isinstance(again, Job)
    assert again.state == "awaiting_slot"
    await _send(running, denied, _answer("granted", waiting, source="subscription"))
    live = await _until(sessions, waiting.id, lambda j: j.state != "awaiting_slot")
    assert live.state == "published"
    assert live.refusal is None
    assert live.version == again.version + 1


async def test_a_boosted_slot_features_the_job_in_its_published_event(
    running: JobsSettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    waiting, _ = await _publish(sessions, running)
    until = "2099-01-01T00:00:00+00:00"
    await _send(running, _answer("granted", waiting, source="credits", featured_until=until))
    live = await _until(sessions, waiting.id, lambda j: j.state == "published")
    assert live.featured_until is not None
    assert live.featured_until.isoformat() == until

    async def published() -> list[EventEnvelope]:
        records = await read_topic(
            running.kafka_bootstrap_servers, running.topic("jobs.job"), expect=1_000, timeout=2
        )
        return [
            event
            for event in (EventEnvelope.from_bytes(r.value) for r in records)
            if event.aggregate_id == str(waiting.id) and event.type == "jobs.job.published"
        ]

    deadline = asyncio.get_running_loop().time() + 30
    while not (events := await published()):
        assert asyncio.get_running_loop().time() < deadline
    assert events[-1].payload["featured_until"] == until
    assert events[-1].payload["own_logo"] is False
