"""The slot-answer group's batches (ADR 0053): a fetched batch's run of billing's answers applied
at once, driven through the group's consumer as a poll hands records over
(``IdempotentConsumer.apply``, no broker): its statements do not grow with the run, each job
moves and announces itself as the answers applied one by one move it, a batch delivered again
has no second effect, a bad answer is dead-lettered alone, and two batches answering the same
jobs at once neither deadlock nor move a job twice."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import timedelta
from typing import Any

import pytest
from jobkit.consumer import IdempotentConsumer
from jobkit.db import unit_of_work
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.kafka import DeadLetters, fetched_record
from jobkit.testing.service import persist
from jobkit.testing.statements import StatementLog
from jobs.db import outbox
from jobs.domain import snapshots
from jobs.domain.clock import now_utc
from jobs.domain.events import SLOT_TOPIC, SlotDenied, SlotGranted
from jobs.domain.models import Job, JobSlug, KnownOrganization, SiteSetting
from jobs.domain.slots import apply_slot_denied, apply_slot_granted
from jobs.messaging.consumers import slot_answers_consumer
from jobs.settings import JobsSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import job, organization

pytestmark = pytest.mark.integration

Statements = Callable[[], AbstractContextManager[StatementLog]]
BOOST = "2099-01-01T00:00:00+00:00"


@pytest.fixture
def settings(service_settings: ServiceSettings) -> JobsSettings:
    assert isinstance(service_settings, JobsSettings)
    return service_settings


def _consumer(
    settings: JobsSettings, sessions: async_sessionmaker[AsyncSession], *, runs: bool = True
) -> tuple[IdempotentConsumer, DeadLetters]:
    consumer = slot_answers_consumer(settings, sessions, runs=runs)
    return consumer, DeadLetters.of(consumer)


def _granted(row: Job, **payload: Any) -> EventEnvelope:
    return EventEnvelope(
        type=SlotGranted.event_type,
        aggregate_id=str(row.id),
        site="jobboard",
        actor="system:slots",
        payload={
            "job_id": str(row.id),
            "organization_number": row.organization_number,
            "source": "credits",
        }
        | payload,
    )


def _denied(row: Job) -> EventEnvelope:
    return EventEnvelope(
        type=SlotDenied.event_type,
        aggregate_id=str(row.id),
        site="jobboard",
        actor="system:slots",
        payload={
            "job_id": str(row.id),
            "organization_number": row.organization_number,
            "reason": "no_slots_left",
        },
    )


def _records(
    settings: JobsSettings, events: Sequence[EventEnvelope], partition: int = 0
) -> list[Any]:
    topic = settings.topic(SLOT_TOPIC)
    return [
        fetched_record(topic, event, partition=partition, offset=offset)
        for offset, event in enumerate(events)
    ]


async def _waiting(
    sessions: async_sessionmaker[AsyncSession],
    count: int,
    *,
    org: KnownOrganization | None = None,
    **overrides: Any,
) -> list[Job]:
    """``count`` jobs of ``org`` (a new one by default) waiting for their slot, each with a
    former slug beside its current one."""
    org = org or organization(logo_url="/api/uploads/organizations/files/1/logo")
    rows = [job(org, state="awaiting_slot", version=2, **overrides) for _ in range(count)]
    async with sessions() as session, session.begin():
        if await session.get(KnownOrganization, org.id) is None:
            session.add(org)
        session.add_all(rows)
        await session.flush()
        for row in rows:
            session.add(JobSlug(site=row.site, slug=row.slug, job_id=row.id))
            session.add(JobSlug(site=row.site, slug=f"former-{row.id.hex}", job_id=row.id))
    return rows


async def _jobs(sessions: async_sessionmaker[AsyncSession], rows: Sequence[Job]) -> list[Job]:
    async with sessions() as session:
        found = {
            row.id: row
            for row in await session.scalars(select(Job).where(Job.id.in_([r.id for r in rows])))
        }
    return [found[row.id] for row in rows]


async def _events(
    sessions: async_sessionmaker[AsyncSession], rows: Sequence[Job]
) -> list[list[EventEnvelope]]:
    """Each job's events in the outbox, in order."""
    async with sessions() as session:
        found = (
            await session.execute(
                select(outbox.c.key, outbox.c.body)
                .where(outbox.c.key.in_([str(row.id) for row in rows]))
                .order_by(outbox.c.id)
            )
        ).all()
    by_job: dict[str, list[EventEnvelope]] = {str(row.id): [] for row in rows}
    for key, body in found:
        by_job[key].append(EventEnvelope.from_bytes(body))
    return [by_job[str(row.id)] for row in rows]


async def test_a_run_of_answers_costs_the_same_statements_whatever_its_length(
    settings: JobsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    statements: Statements,
) -> None:
    consumer, dead = _consumer(settings, committed_sessions)
    counted = []
    texts = []
    for size in (6, 60):
        rows = await _waiting(committed_sessions, size)
        events = [
            _granted(row, **({"featured_until": BOOST} if i % 2 else {}))
            for i, row in enumerate(rows)
        ]
        with statements() as log:
            await consumer.apply(_records(settings, events))
        counted.append(log.count)
        texts.append(log.statements)
        assert [row.state for row in await _jobs(committed_sessions, rows)] == ["published"] * size
    assert consumer.batches_applied == 2
    assert consumer.batches_split == 0
    assert dead.ids == []
    assert counted[0] == counted[1], counted
    # the ledger, the jobs' locks, the review settings, slugs, organizations, the time, the
    # UPDATE, the outbox's INSERT and its notification: a few per batch, none per answer
    assert counted[1] <= 10, counted
    # each one text whatever the run's length (ids bound as arrays, ADR 0074)
    assert texts[0] == texts[1]


def _shape(event: EventEnvelope) -> tuple[Any, ...]:
    """What an event says of its job apart from its ids and times (two twin jobs' events)."""
    payload = event.payload
    return (
        event.type,
        event.aggregate_version,
        event.actor,
        payload.get("state"),
        payload.get("version"),
        payload.get("featured_until"),
        len(payload.get("former_slugs", [])),
        payload.get("logo_url"),
        payload.get("organization_name"),
        payload.get("published_at") is not None,
        payload.get("expires_at") is not None,
    )


async def _twins(
    sessions: async_sessionmaker[AsyncSession], moderated: str
) -> tuple[list[Job], list[EventEnvelope]]:
    """Jobs in the states the answers meet, and the answers of one batch: granted live, with a
    boost, with a publish date ahead, on a site that moderates, answered twice (granted, then
    granted and denied again), denied, a job no longer waiting, a job not of ours."""
    live, boosted, again = await _waiting(sessions, 3)
    (ahead,) = await _waiting(sessions, 1, published=now_utc() + timedelta(days=3))
    (reviewed,) = await _waiting(sessions, 1, site=moderated)
    (denied,) = await _waiting(sessions, 1)
    (draft,) = await _waiting(sessions, 1)
    async with sessions() as session, session.begin():
        moved = await session.get(Job, draft.id)
        assert moved is not None
        moved.state = "draft"
    stranger = job(organization(), state="awaiting_slot")
    rows = [live, boosted, again, ahead, reviewed, denied, draft]
    answers = [
        _granted(live),
        _granted(boosted, featured_until=BOOST, source="subscription"),
        _granted(again),
        _granted(again),
        _denied(again),
        _granted(ahead),
        _granted(reviewed),
        _denied(denied),
        _granted(draft),
        _granted(stranger),
        EventEnvelope(
            type=SlotGranted.event_type,
            aggregate_id="not-a-job",
            site="jobboard",
            payload={"job_id": "not-a-job", "organization_number": 1, "source": "credits"},
        ),
    ]
    return rows, answers


async def test_a_batch_moves_and_announces_each_job_as_its_answers_one_by_one_would(
    settings: JobsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    moderated = f"moderated-{uuid.uuid4().hex[:6]}"
    await persist(
        committed_sessions, SiteSetting(site=moderated, key="jobs", name="moderation", value=True)
    )
    batched, events = await _twins(committed_sessions, moderated)
    consumer, dead = _consumer(settings, committed_sessions)
    await consumer.apply(_records(settings, events))
    assert consumer.batches_applied == 1
    assert dead.ids == []

    single, answers = await _twins(committed_sessions, moderated)
    for event in answers:
        async with unit_of_work(committed_sessions) as session:
            if event.type == SlotGranted.event_type:
                await apply_slot_granted(
                    session, settings, SlotGranted.model_validate(event.payload)
                )
            else:
                await apply_slot_denied(session, settings, SlotDenied.model_validate(event.payload))

    found = await _jobs(committed_sessions, batched)
    expected = await _jobs(committed_sessions, single)
    assert [(j.state, j.version, j.featured_until, j.refusal is None) for j in found] == [
        (j.state, j.version, j.featured_until, j.refusal is None) for j in expected
    ]
    assert [j.state for j in found] == [
        "published",
        "published",
        "published",
        "scheduled",
        "needs_review",
        "draft",
        "draft",
    ]
    assert [
        [_shape(event) for event in job_events]
        for job_events in await _events(committed_sessions, batched)
    ] == [
        [_shape(event) for event in job_events]
        for job_events in await _events(committed_sessions, single)
    ]
    # each snapshot carries the job as written: its updated_at, its former slug
    for row, job_events in zip(found, await _events(committed_sessions, batched), strict=True):
        for event in job_events:
            assert event.payload["updated_at"] == row.updated_at.isoformat()
            assert event.payload["former_slugs"] == [f"former-{row.id.hex}"]
            assert event.payload["logo_url"] == "/api/uploads/organizations/files/1/logo"


async def test_a_batch_delivered_again_has_no_second_effect(
    settings: JobsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    rows = await _waiting(committed_sessions, 4)
    records = _records(settings, [_granted(row) for row in rows])
    consumer, dead = _consumer(settings, committed_sessions)
    await consumer.apply(records)
    first = [(j.state, j.version, j.updated_at) for j in await _jobs(committed_sessions, rows)]
    await consumer.apply(records)
    assert consumer.batches_applied == 2
    assert dead.ids == []
    assert [
        (j.state, j.version, j.updated_at) for j in await _jobs(committed_sessions, rows)
    ] == first
    assert [
        [event.type for event in job_events]
        for job_events in await _events(committed_sessions, rows)
    ] == [["jobs.job.published"]] * 4


async def test_a_bad_answer_in_a_batch_is_dead_lettered_alone(
    settings: JobsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    rows = await _waiting(committed_sessions, 3)
    bad = EventEnvelope(
        type=SlotGranted.event_type,
        aggregate_id=str(rows[1].id),
        site="jobboard",
        payload={"job_id": str(rows[1].id)},  # no organization, no source
    )
    consumer, dead = _consumer(settings, committed_sessions)
    await consumer.apply(_records(settings, [_granted(rows[0]), bad, _granted(rows[2])]))
    assert consumer.batches_split == 1
    assert dead.ids == [str(bad.id)]
    assert [j.state for j in await _jobs(committed_sessions, rows)] == [
        "published",
        "awaiting_slot",
        "published",
    ]


async def test_two_batches_answering_the_same_jobs_at_once_neither_deadlock_nor_move_twice(
    settings: JobsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    rows = await _waiting(committed_sessions, 8)
    # billing answered each job twice (asked twice): one batch has the answers in one order,
    # the other, on another partition, in the opposite order
    one = [_granted(row) for row in rows]
    other = [_granted(row) for row in reversed(rows)]
    consumer, dead = _consumer(settings, committed_sessions)
    await asyncio.gather(
        consumer.apply(_records(settings, one, partition=0)),
        consumer.apply(_records(settings, other, partition=1)),
    )
    assert consumer.batches_split == 0
    assert dead.ids == []
    found = await _jobs(committed_sessions, rows)
    assert [(j.state, j.version) for j in found] == [("published", 3)] * 8
    assert [
        [event.type for event in job_events]
        for job_events in await _events(committed_sessions, rows)
    ] == [["jobs.job.published"]] * 8


async def test_a_poll_of_three_partitions_is_one_batch_each_partitions_answers_in_order(
    settings: JobsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    statements: Statements,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The group batches across partitions (ADR 0074): a poll's three partitions are one
    transaction with the statements of one partition's batch, its events in each partition's
    order; the jobs' fingerprints are the ones they were saved with, not computed again
    (nothing they are made of changed)."""
    computed: list[uuid.UUID] = []
    real = snapshots.fingerprint_of

    def counted(row: Job) -> str:
        computed.append(row.id)
        return real(row)

    monkeypatch.setattr(snapshots, "fingerprint_of", counted)
    rows = await _waiting(committed_sessions, 9)
    async with committed_sessions() as session, session.begin():
        for row in await session.scalars(select(Job).where(Job.id.in_([r.id for r in rows]))):
            row.content_fingerprint = real(row)  # as the save that made it would have set it
    partitions = [rows[0:3], rows[3:6], rows[6:9]]
    consumer, dead = _consumer(settings, committed_sessions)
    poll = [
        _records(settings, [_granted(row) for row in part], partition=p)
        for p, part in enumerate(partitions)
    ]
    with statements() as together:
        await consumer.apply_poll(poll)
    assert consumer.batches_applied == 1
    assert consumer.batches_split == 0
    assert dead.ids == []
    assert computed == []
    found = await _jobs(committed_sessions, rows)
    assert [(j.state, j.version) for j in found] == [("published", 3)] * 9
    assert [j.content_fingerprint for j in found] == [real(j) for j in found]
    events = await _events(committed_sessions, rows)
    assert [[e.type for e in job_events] for job_events in events] == [["jobs.job.published"]] * 9
    # the batch's events in the partitions' order, each partition's in its order
    async with committed_sessions() as session:
        keys = list(
            await session.scalars(
                select(outbox.c.key)
                .where(outbox.c.key.in_([str(row.id) for row in rows]))
                .order_by(outbox.c.id)
            )
        )
    assert keys == [str(row.id) for row in rows]
    # one partition's batch of three: the same statements as the poll's three partitions
    alone = await _waiting(committed_sessions, 3)
    with statements() as single:
        await consumer.apply(_records(settings, [_granted(row) for row in alone]))
    assert together.count == single.count, (together.statements, single.statements)
