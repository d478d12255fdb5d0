"""The slot reservation saga through the real broker: jobs' publish requests on a prefixed
``jobs.job`` topic, billing's answers on ``billing.slot``; plus the same rules raced directly
against the database (two requests for the last slot at the same moment)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable
from datetime import timedelta

import pytest
from billing.db import outbox, processed_events
from billing.domain import ledger
from billing.domain.jobs_events import JobPublishRequested, JobPublishWithdrawn
from billing.domain.models import LedgerEntry, Subscription
from billing.domain.slots import release_slot, reserve_slot
from billing.main import create_app
from billing.messaging.consumers import slot_handlers
from billing.settings import BillingSettings
from jobkit.consumer import IdempotentConsumer
from jobkit.db import unit_of_work
from jobkit.events import EventEnvelope, EventPayload
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.settings import ServiceSettings
from jobkit.testing.kafka import read_topic
from jobkit.testing.server import serve
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.billing.tests.factories import granted, product

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
async def running(
    service_settings: ServiceSettings, run_prefix: str
) -> AsyncIterator[BillingSettings]:
    assert isinstance(service_settings, BillingSettings)
    settings = service_settings.model_copy(
        update={
            "run_background_workers": True,
            "kafka_topic_prefix": f"{run_prefix}slots.",
            "outbox_poll_interval_seconds": 0.05,
            "expiry_interval_seconds": 0.2,
        }
    )
    await ensure_topics(settings.kafka_bootstrap_servers, [settings.topic("jobs.job")])
    async with serve(create_app(settings)):
        yield settings


async def _send(settings: BillingSettings, *events: EventEnvelope) -> None:
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-jobs")
    await producer.start()
    try:
        for event in events:
            await producer.send_and_wait(
                settings.topic("jobs.job"), event.to_bytes(), key=event.aggregate_id.encode()
            )
    finally:
        await producer.stop()


def _event(payload: EventPayload, job_id: str) -> EventEnvelope:
    return payload.envelope(aggregate_id=job_id, site="jobboard")


async def _answers(
    settings: BillingSettings, until: Callable[[dict[str, list[str]]], bool]
) -> dict[str, list[str]]:
    """Every answer on billing.slot, by job id (in order), once ``until`` holds for them."""
    deadline = asyncio.get_running_loop().time() + 60
    while True:
        records = await read_topic(
            settings.kafka_bootstrap_servers,
            settings.topic("billing.slot"),
            expect=1_000_000,
            timeout=1.5,
        )
        found: dict[str, list[str]] = {}
        for record in records:
            event = EventEnvelope.from_bytes(record.value)
            answer = event.type.rsplit(".", 1)[1]
            if event.payload.get("source"):
                answer += f":{event.payload['source']}"
            found.setdefault(event.payload["job_id"], []).append(answer)
        if until(found):
            return found
        assert asyncio.get_running_loop().time() < deadline, f"answers never came: {found}"


async def _balance(sessions: async_sessionmaker[AsyncSession], number: int) -> int:
    async with sessions() as session:
        return await ledger.balance(
            session, organization_number=number, kind="job", now=ledger.now_utc()
        )


async def _reservations(sessions: async_sessionmaker[AsyncSession], job_id: str) -> int:
    async with sessions() as session:
        return int(
            await session.scalar(
                select(func.count()).where(
                    LedgerEntry.reference == job_id, LedgerEntry.entry_type == "reservation"
                )
            )
            or 0
        )


async def test_requests_are_granted_denied_deduplicated_and_released(
    running: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    settings, number = running, 9301
    await granted(committed_sessions, settings, number, 1)
    first, second = f"job-{uuid.uuid4()}", f"job-{uuid.uuid4()}"
    request_first = _event(JobPublishRequested(job_id=first, organization_number=number), first)
    await _send(
        settings,
        request_first,
        _event(JobPublishRequested(job_id=second, organization_number=number), second),
    )
    answers = await _answers(settings, lambda a: first in a and second in a)
    assert sorted([answers[first], answers[second]]) == [["denied"], ["granted:credits"]]
    assert await _balance(committed_sessions, number) == 0
    winner, loser = (first, second) if answers[first] == ["granted:credits"] else (second, first)

    # The same event delivered again: the processed-event ledger skips it (no second answer,
    # no second debit); a new request for the same job is granted again without a debit.
    await _send(settings, request_first)
    again = _event(JobPublishRequested(job_id=winner, organization_number=number), winner)
    await _send(settings, again)
    answers = await _answers(settings, lambda a: len(a.get(winner, [])) >= 2)
    assert await _reservations(committed_sessions, winner) == 1
    assert await _balance(committed_sessions, number) == 0

    # Withdrawing gives the slot back, once.
    withdrawn = JobPublishWithdrawn(job_id=winner, organization_number=number)
    await _send(settings, _event(withdrawn, winner), _event(withdrawn, winner))
    answers = await _answers(settings, lambda a: "released:credits" in a.get(winner, []))
    await asyncio.sleep(1)
    answers = await _answers(settings, lambda a: True)
    assert answers[winner] == ["granted:credits", "granted:credits", "released:credits"]
    assert answers[loser] == ["denied"]
    assert await _reservations(committed_sessions, winner) == 1
    assert await _balance(committed_sessions, number) == 1


async def test_a_subscription_slot_is_taken_before_credits(
    running: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    settings, number = running, 9302
    plan = product(type="subscription", job_slots=1, period_days=30, validity_days=365)
    async with unit_of_work(committed_sessions) as session:
        session.add(plan)
        await session.flush()
        session.add(
            Subscription(
                organization_number=number,
                organization_name="Org",
                frontend="jobboard",
                product_id=plan.id,
                label=plan.name,
                job_slots=1,
                contact_slots=0,
                period_days=30,
                start_date=ledger.now_utc() - timedelta(days=1),
                end_date=ledger.now_utc() + timedelta(days=300),
            )
        )
    await granted(committed_sessions, settings, number, 1)
    jobs = [f"job-{uuid.uuid4()}" for _ in range(3)]
    for job in jobs:  # one after the other: different keys may land in different partitions
        request = JobPublishRequested(job_id=job, organization_number=number)
        await _send(settings, _event(request, job))
        answers = await _answers(settings, lambda a, job=job: job in a)
    assert [answers[job] for job in jobs] == [
        ["granted:subscription"],
        ["granted:credits"],
        ["denied"],
    ]
    assert await _balance(committed_sessions, number) == 0


async def test_two_requests_for_the_last_slot_at_the_same_moment(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, BillingSettings)
    settings, number = service_settings, 9303
    await granted(committed_sessions, settings, number, 1)

    async def request(job: str) -> str:
        async with unit_of_work(committed_sessions) as session:
            return await reserve_slot(
                session, settings, JobPublishRequested(job_id=job, organization_number=number)
            )

    results = await asyncio.gather(*(request(f"race-{uuid.uuid4()}") for _ in range(2)))
    assert sorted(results) == ["billing.slot.denied", "billing.slot.granted"]
    assert await _balance(committed_sessions, number) == 0


async def test_a_redelivered_event_debits_once_and_only_the_dedupe_makes_it_silent(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    """Through the consumer's transaction (no broker): the same envelope twice leaves one
    reservation row and one answer; the handler alone, without the processed-event ledger,
    still debits once (the held-slot check and the unique index) but answers twice."""
    assert isinstance(service_settings, BillingSettings)
    settings, number = service_settings, 9304
    await granted(committed_sessions, settings, number, 3)
    job = f"job-{uuid.uuid4()}"
    envelope = _event(JobPublishRequested(job_id=job, organization_number=number), job)
    handlers = slot_handlers(settings)
    consumer = IdempotentConsumer(
        group_id=f"test-{uuid.uuid4()}",
        handlers={"jobs.job": handlers},
        sessions=committed_sessions,
        processed=processed_events,
        bootstrap_servers=settings.kafka_bootstrap_servers,
    )
    handler = handlers[JobPublishRequested.event_type]
    await consumer._apply_once(envelope, handler)
    await consumer._apply_once(envelope, handler)
    assert await _reservations(committed_sessions, job) == 1
    assert await _balance(committed_sessions, number) == 2
    assert await _answers_in_outbox(committed_sessions, job) == 1
    async with unit_of_work(committed_sessions) as session:
        await handler(session, envelope)
    assert await _reservations(committed_sessions, job) == 1
    assert await _balance(committed_sessions, number) == 2
    assert await _answers_in_outbox(committed_sessions, job) == 2


async def _answers_in_outbox(sessions: async_sessionmaker[AsyncSession], job: str) -> int:
    async with sessions() as session:
        return int(
            await session.scalar(
                select(func.count()).where(
                    outbox.c.key == job, outbox.c.event_type == "billing.slot.granted"
                )
            )
            or 0
        )


async def test_a_withdrawn_job_published_again_is_debited_again_once(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, BillingSettings)
    settings, number, job = service_settings, 9305, f"job-{uuid.uuid4()}"
    await granted(committed_sessions, settings, number, 2)
    request = JobPublishRequested(job_id=job, organization_number=number)
    withdrawn = JobPublishWithdrawn(job_id=job, organization_number=number)

    async def apply(step: JobPublishRequested | JobPublishWithdrawn) -> str | None:
        async with unit_of_work(committed_sessions) as session:
            if isinstance(step, JobPublishRequested):
                return await reserve_slot(session, settings, step)
            return await release_slot(session, settings, step)

    assert await apply(request) == "billing.slot.granted"
    assert await apply(withdrawn) == "billing.slot.released"
    assert await _balance(committed_sessions, number) == 2
    assert await apply(request) == "billing.slot.granted"
    assert await apply(request) == "billing.slot.granted"  # still held: no third debit
    assert await _balance(committed_sessions, number) == 1
    async with committed_sessions() as session:
        references = sorted(
            (
                await session.scalars(
                    select(LedgerEntry.reference).where(
                        LedgerEntry.organization_number == number,
                        LedgerEntry.entry_type == "reservation",
                    )
                )
            ).all()
        )
    assert references == [job, f"{job}#2"]
    assert await apply(withdrawn) == "billing.slot.released"
    assert await apply(withdrawn) is None
    assert await _balance(committed_sessions, number) == 2


async def test_the_background_step_expires_grants(
    running: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    number = 9306
    async with unit_of_work(committed_sessions) as session:
        session.add(
            LedgerEntry(
                organization_number=number,
                organization_name="Org",
                frontend="jobboard",
                kind="job",
                entry_type="grant",
                amount=3,
                expires_at=ledger.now_utc() - timedelta(minutes=1),
            )
        )
    deadline = asyncio.get_running_loop().time() + 30
    while True:
        async with committed_sessions() as session:
            expired = await session.scalar(
                select(func.sum(LedgerEntry.amount)).where(
                    LedgerEntry.organization_number == number,
                    LedgerEntry.entry_type == "expiry",
                )
            )
        if expired is not None:
            break
        assert asyncio.get_running_loop().time() < deadline, "the expiry step never ran"
        await asyncio.sleep(0.2)
    assert expired == -3
