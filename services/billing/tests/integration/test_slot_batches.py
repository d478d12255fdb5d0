"""The slot group's batches (ADR 0051): a fetched batch's run of publication requests answered
from state read once, driven through the group's consumer as a poll hands records over
(``IdempotentConsumer.apply``, no broker): its statements do not grow with the run, its answers
are those of the requests applied one by one, a bad request is dead-lettered alone, a batch
delivered again has no second effect, and two batches for the same organizations at once
neither overdraw nor deadlock."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import timedelta
from typing import Any

import pytest
from billing.db import outbox
from billing.domain import ledger
from billing.domain.jobs_events import JOB_TOPIC, JobPublishRequested, JobPublishWithdrawn
from billing.domain.models import LedgerEntry, Subscription
from billing.domain.slots import release_slot, reserve_slot
from billing.main import slot_consumer
from billing.settings import BillingSettings
from jobkit.consumer import IdempotentConsumer
from jobkit.db import unit_of_work
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.kafka import DeadLetters, fetched_record
from jobkit.testing.statements import StatementLog
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.billing.tests.factories import granted, product

pytestmark = pytest.mark.integration

Statements = Callable[[], AbstractContextManager[StatementLog]]


@pytest.fixture
def settings(service_settings: ServiceSettings) -> BillingSettings:
    assert isinstance(service_settings, BillingSettings)
    return service_settings


def _consumer(
    settings: BillingSettings, sessions: async_sessionmaker[AsyncSession]
) -> tuple[IdempotentConsumer, DeadLetters]:
    consumer = slot_consumer(settings, sessions)
    return consumer, DeadLetters.of(consumer)


def _request(job: str, number: int) -> EventEnvelope:
    return JobPublishRequested(job_id=job, organization_number=number).envelope(
        aggregate_id=job, site="jobboard"
    )


def _records(
    settings: BillingSettings, events: Sequence[EventEnvelope], partition: int = 0
) -> list[Any]:
    topic = settings.topic(JOB_TOPIC)
    return [
        fetched_record(topic, event, partition=partition, offset=offset)
        for offset, event in enumerate(events)
    ]


async def _balance(sessions: async_sessionmaker[AsyncSession], number: int) -> int:
    async with sessions() as session:
        return await ledger.balance(
            session, organization_number=number, kind="job", now=ledger.now_utc()
        )


async def _each_granted_five_of_eight(
    sessions: async_sessionmaker[AsyncSession], jobs: dict[int, list[str]]
) -> None:
    """Each organization (5 credits, 8 jobs asked) granted five and denied three, drew five
    references and has nothing left."""
    for number, asked in jobs.items():
        answers = [answer for _, answer, _, _ in await _answers(sessions, asked)]
        assert sorted(answers) == ["denied"] * 3 + ["granted"] * 5
        assert len(await _references(sessions, number)) == 5
        assert await _balance(sessions, number) == 0


async def _answers(
    sessions: async_sessionmaker[AsyncSession], jobs: Sequence[str]
) -> list[tuple[str, str, str | None, bool]]:
    """The slot answers to ``jobs`` in the outbox's order: (job, answer, source, featured)."""
    async with sessions() as session:
        rows = (
            await session.execute(
                select(outbox.c.key, outbox.c.body)
                .where(outbox.c.key.in_(jobs), outbox.c.event_type.like("billing.slot.%"))
                .order_by(outbox.c.id)
            )
        ).all()
    found = []
    for key, body in rows:
        event = EventEnvelope.from_bytes(body)
        found.append(
            (
                key,
                event.type.rsplit(".", 1)[1],
                event.payload.get("source"),
                event.payload.get("featured_until") is not None,
            )
        )
    return found


async def _references(sessions: async_sessionmaker[AsyncSession], number: int) -> list[str]:
    async with sessions() as session:
        return sorted(
            (
                await session.scalars(
                    select(LedgerEntry.reference).where(
                        LedgerEntry.organization_number == number,
                        LedgerEntry.entry_type == "reservation",
                    )
                )
            ).all()
        )


async def test_a_run_of_requests_costs_the_same_statements_whatever_its_length(
    settings: BillingSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    statements: Statements,
) -> None:
    numbers = (9401, 9402)
    for number in numbers:
        await granted(committed_sessions, settings, number, 100)
    consumer, dead = _consumer(settings, committed_sessions)
    counted = []
    texts = []
    for size in (6, 60):
        events = [_request(f"job-{uuid.uuid4()}", numbers[i % 2]) for i in range(size)]
        with statements() as log:
            await consumer.apply(_records(settings, events))
        counted.append(log.count)
        texts.append(log.statements)
    assert consumer.batches_applied == 2
    assert consumer.batches_split == 0
    assert dead.ids == []
    assert counted[0] == counted[1], counted
    assert counted[1] <= 12  # a few per batch, none per request
    # each one text whatever the run's length (jobs bound as arrays, ADR 0074)
    assert texts[0] == texts[1]
    for number in numbers:
        assert await _balance(committed_sessions, number) == 100 - 33


async def _history(
    sessions: async_sessionmaker[AsyncSession], settings: BillingSettings, number: int
) -> list[EventEnvelope]:
    """An organization with a subscription of two job slots (one taken by a job still published,
    one free again: its job was withdrawn) and two job credits with a boost, and the batch to
    answer: new jobs, a job asked twice, the withdrawn job again (a second debit), a job
    holding its slot, and more than there are slots."""
    plan = product(type="subscription", job_slots=2, period_days=30, validity_days=365)
    async with unit_of_work(sessions) as session:
        session.add(plan)
        await session.flush()
        session.add(
            Subscription(
                organization_number=number,
                organization_name=f"Org {number}",
                frontend="jobboard",
                product_id=plan.id,
                label=plan.name,
                job_slots=2,
                contact_slots=0,
                period_days=30,
                start_date=ledger.now_utc() - timedelta(days=1),
                end_date=ledger.now_utc() + timedelta(days=300),
                featured_days=5,
            )
        )
    await granted(sessions, settings, number, 2, featured_days=3)
    job = {name: f"{number}-{name}" for name in ("a", "b", "c", "d", "e", "f")}
    async with unit_of_work(sessions) as session:
        await reserve_slot(
            session, settings, JobPublishRequested(job_id=job["c"], organization_number=number)
        )
    async with unit_of_work(sessions) as session:
        await release_slot(
            session, settings, JobPublishWithdrawn(job_id=job["c"], organization_number=number)
        )
    async with unit_of_work(sessions) as session:
        await reserve_slot(
            session, settings, JobPublishRequested(job_id=job["e"], organization_number=number)
        )
    order = ["a", "b", "a", "c", "e", "d", "f"]
    return [_request(job[name], number) for name in order]


async def test_a_batch_answers_as_its_requests_one_by_one_would(
    settings: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    batched, single = 9403, 9404
    events = await _history(committed_sessions, settings, batched)
    consumer, dead = _consumer(settings, committed_sessions)
    await consumer.apply(_records(settings, events))
    assert consumer.batches_applied == 1
    assert dead.ids == []

    for event in await _history(committed_sessions, settings, single):
        async with unit_of_work(committed_sessions) as session:
            await reserve_slot(session, settings, JobPublishRequested.model_validate(event.payload))

    def jobs(number: int) -> list[str]:
        return [f"{number}-{name}" for name in "abcdef"]

    def strip(answers: list[tuple[str, str, str | None, bool]]) -> list[tuple[Any, ...]]:
        return [(key.split("-", 1)[1], *rest) for key, *rest in answers]

    found = strip(await _answers(committed_sessions, jobs(batched)))
    assert found == strip(await _answers(committed_sessions, jobs(single)))
    assert found[3:] == [  # the history's three answers, then the batch's seven
        ("a", "granted", "subscription", True),
        ("b", "granted", "credits", True),
        ("a", "granted", "subscription", True),
        ("c", "granted", "credits", True),
        ("e", "granted", "subscription", True),
        ("d", "denied", None, False),
        ("f", "denied", None, False),
    ]
    assert [r.split("-", 1)[1] for r in await _references(committed_sessions, batched)] == [
        r.split("-", 1)[1] for r in await _references(committed_sessions, single)
    ]
    assert await _references(committed_sessions, batched) == [f"{batched}-b", f"{batched}-c#2"]
    assert await _balance(committed_sessions, batched) == 0


async def test_a_bad_request_in_a_batch_is_dead_lettered_alone(
    settings: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    number = 9405
    await granted(committed_sessions, settings, number, 5)
    good = [f"job-{uuid.uuid4()}" for _ in range(2)]
    bad = EventEnvelope(
        type=JobPublishRequested.event_type,
        aggregate_id="no-organization",
        site="jobboard",
        payload={"job_id": "no-organization"},
    )
    consumer, dead = _consumer(settings, committed_sessions)
    await consumer.apply(
        _records(settings, [_request(good[0], number), bad, _request(good[1], number)])
    )
    assert consumer.batches_split == 1
    assert dead.ids == [str(bad.id)]
    assert [(job, answer) for job, answer, _, _ in await _answers(committed_sessions, good)] == [
        (good[0], "granted"),
        (good[1], "granted"),
    ]
    assert await _balance(committed_sessions, number) == 3


async def test_a_batch_delivered_again_has_no_second_effect(
    settings: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    number = 9406
    await granted(committed_sessions, settings, number, 10)
    jobs = [f"job-{uuid.uuid4()}" for _ in range(4)]
    records = _records(settings, [_request(job, number) for job in jobs])
    consumer, dead = _consumer(settings, committed_sessions)
    await consumer.apply(records)
    await consumer.apply(records)
    assert consumer.batches_applied == 2
    assert dead.ids == []
    assert len(await _answers(committed_sessions, jobs)) == 4
    assert await _references(committed_sessions, number) == sorted(jobs)
    assert await _balance(committed_sessions, number) == 6


async def test_two_batches_for_the_same_organizations_at_once_neither_overdraw_nor_deadlock(
    settings: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    first, second = 9407, 9408
    for number in (first, second):
        await granted(committed_sessions, settings, number, 5)
    jobs = {number: [f"{number}-{uuid.uuid4()}" for _ in range(8)] for number in (first, second)}
    # one batch asks for the first organization's jobs first, the other for the second's
    one = [_request(job, first) for job in jobs[first][:4]] + [
        _request(job, second) for job in jobs[second][:4]
    ]
    other = [_request(job, second) for job in jobs[second][4:]] + [
        _request(job, first) for job in jobs[first][4:]
    ]
    consumer, dead = _consumer(settings, committed_sessions)
    await asyncio.gather(
        consumer.apply(_records(settings, one, partition=0)),
        consumer.apply(_records(settings, other, partition=1)),
    )
    assert consumer.batches_split == 0
    assert dead.ids == []
    await _each_granted_five_of_eight(committed_sessions, jobs)
    async with committed_sessions() as session:
        drawn = await session.scalar(
            select(func.count()).where(
                LedgerEntry.organization_number.in_((first, second)),
                LedgerEntry.entry_type == "reservation",
            )
        )
    assert drawn == 10


async def test_a_poll_of_three_partitions_is_one_batch_each_partitions_answers_in_order(
    settings: BillingSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    statements: Statements,
) -> None:
    """The group batches across partitions (ADR 0074): a poll's three partitions are one
    transaction with the statements of one partition's batch (the organizations locked in one
    statement, one balance event each), the answers in each partition's order."""
    numbers = (9411, 9412)
    for number in numbers:
        await granted(committed_sessions, settings, number, 10)
    jobs = [[f"{p}-{uuid.uuid4()}" for _ in range(4)] for p in range(3)]
    poll = [
        _records(
            settings,
            [_request(job, numbers[i % 2]) for i, job in enumerate(jobs[p])],
            partition=p,
        )
        for p in range(3)
    ]
    consumer, dead = _consumer(settings, committed_sessions)
    with statements() as together:
        await consumer.apply_poll(poll)
    assert consumer.batches_applied == 1
    assert consumer.batches_split == 0
    assert dead.ids == []
    everyone = [job for part in jobs for job in part]
    answers = await _answers(committed_sessions, everyone)
    assert [(job, answer) for job, answer, _, _ in answers] == [
        (job, "granted") for job in everyone
    ]
    for number in numbers:
        assert await _balance(committed_sessions, number) == 10 - 6
    alone = [_request(f"job-{uuid.uuid4()}", numbers[i % 2]) for i in range(4)]
    with statements() as single:
        await consumer.apply(_records(settings, alone, partition=0))
    assert together.count == single.count, (together.statements, single.statements)


async def test_two_polls_across_partitions_for_the_same_organizations_neither_overdraw_nor_deadlock(
    settings: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    """Two replicas' polls at once (ADR 0074), each of two partitions asking for the two
    organizations in opposite orders: each batch locks its organizations in one statement,
    ascending, so neither waits for the other in a circle, and no credit is drawn twice."""
    first, second = 9413, 9414
    for number in (first, second):
        await granted(committed_sessions, settings, number, 5)
    jobs = {number: [f"{number}-{uuid.uuid4()}" for _ in range(8)] for number in (first, second)}
    one = [
        _records(settings, [_request(job, first) for job in jobs[first][:4]], partition=0),
        _records(settings, [_request(job, second) for job in jobs[second][:4]], partition=1),
    ]
    other = [
        _records(settings, [_request(job, second) for job in jobs[second][4:]], partition=2),
        _records(settings, [_request(job, first) for job in jobs[first][4:]], partition=3),
    ]
    consumer, dead = _consumer(settings, committed_sessions)
    await asyncio.gather(consumer.apply_poll(one), consumer.apply_poll(other))
    assert consumer.batches_applied == 2
    assert consumer.batches_split == 0
    assert dead.ids == []
    await _each_granted_five_of_eight(committed_sessions, jobs)
