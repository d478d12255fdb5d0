"""Announcing jobs to search engines (ADR 0013) against local Google and IndexNow endpoints
that check the protocols (jobkit.testing.search_engines), with job events through the real
broker."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime, time, timedelta
from typing import Any

import httpx
import pytest
from jobkit.consumer import IdempotentConsumer
from jobkit.db import unit_of_work
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.settings import ServiceSettings
from jobkit.testing.search_engines import SearchEngines
from jobkit.testing.server import serve
from jobkit.testing.statements import StatementLog
from search.engine.indexing.payloads import JOB_TOPIC
from search.main import create_app
from search.messaging.announcer import (
    announcer_consumer,
    notifiers,
)
from search.settings import SearchSettings
from search.site.announce.models import (
    URL_DELETED,
    URL_UPDATED,
    AnnouncedJob,
    Announcement,
    AnnouncementQuota,
)
from search.site.announce.planner import AnnouncedJobPayload
from search.site.announce.recording import record_job_event, record_job_events
from search.site.announce.sender import QUOTA_ZONE, AnnouncementSender
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from services.search.tests.factories import job_payload

pytestmark = pytest.mark.integration

SITE = "https://jobs.example.org"
INDEXNOW_KEY = "a1b2c3d4e5f6-announce"
GOOGLE = ("google",)
# tomorrow's noon: rows the database stamps with now() are due at the tests' clock
NOON = datetime.now(UTC).replace(hour=12, minute=0, second=0, microsecond=0) + timedelta(days=1)


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(scope="module")
async def engines() -> AsyncIterator[SearchEngines]:
    engines = SearchEngines(indexnow_key=INDEXNOW_KEY)
    async with serve(engines.app) as url:
        engines.base_url = url
        yield engines


@pytest.fixture(scope="module")
def settings(
    service_settings: ServiceSettings,
    engines: SearchEngines,
    run_prefix: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> SearchSettings:
    assert isinstance(service_settings, SearchSettings)
    account = tmp_path_factory.mktemp("google") / "service-account.json"
    account.write_text(json.dumps(engines.service_account()))
    return service_settings.model_copy(
        update={
            "site_url": SITE,
            "google_service_account_file": account,
            "google_indexing_batch_url": f"{engines.base_url}/batch",
            "indexnow_endpoint": f"{engines.base_url}/indexnow",
            "indexnow_key": INDEXNOW_KEY,
            "kafka_topic_prefix": f"{run_prefix}announce.",
        }
    )


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(timeout=10) as client:
        yield client


@pytest.fixture(autouse=True)
async def clean(
    committed_sessions: async_sessionmaker[AsyncSession], engines: SearchEngines
) -> None:
    engines.reset()
    async with unit_of_work(committed_sessions) as session:
        for model in (Announcement, AnnouncedJob, AnnouncementQuota):
            await session.execute(delete(model))


SenderFactory = Callable[..., AnnouncementSender]


@pytest.fixture
def sender(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_engine: AsyncEngine,
    http: httpx.AsyncClient,
) -> SenderFactory:
    def build(**overrides: Any) -> AnnouncementSender:
        options: dict[str, Any] = {
            "daily_quota": 200,
            "batch_size": 100,
            "retry_seconds": 60.0,
            "clock": Clock(NOON),
        } | overrides
        return AnnouncementSender(
            sessions=committed_sessions,
            engine=service_engine,
            notifiers=notifiers(settings, http),
            **options,
        )

    return build


def snapshot(event_type: str, job: AnnouncedJobPayload, **changes: Any) -> EventEnvelope:
    payload = job.model_copy(update=changes)
    return EventEnvelope(
        type=event_type,
        aggregate_id=job.job_id,
        aggregate_version=payload.version,
        site=job.site,
        payload=payload.model_dump(mode="json"),
    )


def announced_job(**overrides: Any) -> AnnouncedJobPayload:
    base = job_payload(**overrides)
    return AnnouncedJobPayload.model_validate(base.model_dump() | overrides)


def url(slug: str) -> str:
    return f"{SITE}/job/{slug}"


async def _publish_events(settings: SearchSettings, *events: EventEnvelope) -> None:
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-jobs")
    await producer.start()
    try:
        for event in events:
            await producer.send_and_wait(
                settings.topic(JOB_TOPIC), event.to_bytes(), key=event.aggregate_id.encode()
            )
    finally:
        await producer.stop()


async def _consume(consumer: IdempotentConsumer, count: int) -> None:
    deadline = asyncio.get_running_loop().time() + 60
    seen = 0
    while seen < count:
        assert asyncio.get_running_loop().time() < deadline, f"consumed {seen} of {count}"
        seen += await consumer.poll_once(timeout_ms=500)


async def test_publish_and_archive_through_kafka_announce_exactly_once(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    engines: SearchEngines,
    sender: SenderFactory,
) -> None:
    """The service's group (a fetched batch in one transaction, a run recorded at once): a
    redelivery in the same batch is applied once, a resync of the same version adds nothing."""
    topic = settings.topic(JOB_TOPIC)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    consumer = announcer_consumer(committed_sessions, settings)
    job = announced_job(slug="nurse-boston", former_slugs=["nurse-in-boston"], version=3)
    published = snapshot("jobs.job.published", job)
    # a redelivery (the same event) and a resync (a new event, the same version)
    resent = snapshot("jobs.job.published", job)
    send = sender()
    await consumer.start()
    try:
        await _publish_events(settings, published, published, resent)
        await _consume(consumer, 3)
        assert await send.send_once() == 2  # one per endpoint
        assert engines.received.google == [(URL_UPDATED, url("nurse-boston"))]
        assert engines.received.indexnow == [url("nurse-boston")]

        archived = snapshot("jobs.job.archived", job, version=4, state="archived")
        await _publish_events(settings, archived, archived)
        await _consume(consumer, 2)
        assert await send.send_once() == 4
    finally:
        await consumer.stop()
    deleted = [(URL_DELETED, url("nurse-boston")), (URL_DELETED, url("nurse-in-boston"))]
    assert sorted(engines.received.google) == sorted([(URL_UPDATED, url("nurse-boston")), *deleted])
    assert engines.received.indexnow == [
        url("nurse-boston"),
        url("nurse-boston"),
        url("nurse-in-boston"),
    ]
    assert engines.received.refused == []
    assert engines.received.tokens_issued == 1  # the access token is kept


async def _record(
    sessions: async_sessionmaker[AsyncSession],
    settings: SearchSettings,
    event_type: str,
    job: AnnouncedJobPayload,
    *,
    endpoints: tuple[str, ...] = ("google", "indexnow"),
) -> None:
    async with unit_of_work(sessions) as session:
        await record_job_event(
            session,
            payload=job,
            event_type=event_type,
            endpoints=endpoints,
            job_url=settings.job_url,
            now=NOON,
        )


async def _rows(sessions: async_sessionmaker[AsyncSession]) -> list[Announcement]:
    async with sessions() as session:
        return list(await session.scalars(select(Announcement).order_by(Announcement.id)))


async def test_a_deletion_supersedes_a_pending_update(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    engines: SearchEngines,
    sender: SenderFactory,
) -> None:
    job = announced_job()
    await _record(committed_sessions, settings, "jobs.job.published", job)
    await _record(
        committed_sessions,
        settings,
        "jobs.job.updated",
        job.model_copy(update={"version": 2, "title": "Changed"}),
    )
    await _record(
        committed_sessions,
        settings,
        "jobs.job.expired",
        job.model_copy(update={"version": 3, "state": "expired"}),
    )
    rows = await _rows(committed_sessions)
    assert [(r.endpoint, r.action) for r in rows] == [
        ("google", URL_DELETED),
        ("indexnow", URL_DELETED),
    ]
    await sender().send_once()
    assert engines.received.google == [(URL_DELETED, url(job.slug))]


async def test_deletions_go_first_in_batches_of_at_most_the_batch_size(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    engines: SearchEngines,
    sender: SenderFactory,
) -> None:
    published = [announced_job(title=f"Job {i}") for i in range(5)]
    for job in published:
        await _record(
            committed_sessions, settings, "jobs.job.published", job, endpoints=("google",)
        )
    gone = published[:2]
    fresh = [announced_job(title=f"New {i}") for i in range(3)]
    for job in fresh:
        await _record(
            committed_sessions, settings, "jobs.job.published", job, endpoints=("google",)
        )
    # the first two are sent, then archived: their deletions wait behind six updates
    await sender(batch_size=2).send_once()
    for job in gone:
        await _record(
            committed_sessions,
            settings,
            "jobs.job.archived",
            job.model_copy(update={"version": 2, "state": "archived"}),
            endpoints=GOOGLE,
        )
    engines.reset()
    send = sender(batch_size=4)
    assert await send.send_once() == 4
    assert engines.received.google[:2] == [(URL_DELETED, url(job.slug)) for job in gone]
    assert await send.send_once() == 4
    assert await send.send_once() == 0
    assert engines.received.google_batches == [4, 4]
    assert [action for action, _ in engines.received.google].count(URL_UPDATED) == 6


async def test_a_full_batch_is_one_hundred_parts(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    engines: SearchEngines,
    sender: SenderFactory,
) -> None:
    for i in range(130):
        await _record(
            committed_sessions,
            settings,
            "jobs.job.published",
            announced_job(title=f"Job {i}"),
            endpoints=("google", "indexnow"),
        )
    send = sender()
    assert await send.send_once() == 200
    assert await send.send_once() == 60
    assert engines.received.google_batches == [100, 30]
    assert engines.received.indexnow_batches == [100, 30]
    assert engines.received.refused == []


def next_quota_day(now: datetime) -> datetime:
    """Midnight Pacific time after ``now``: when Google's daily quota resets."""
    day = now.astimezone(QUOTA_ZONE).date() + timedelta(days=1)
    return datetime.combine(day, time(), tzinfo=QUOTA_ZONE).astimezone(UTC)


async def test_the_daily_quota_stops_sending_until_googles_next_day(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    engines: SearchEngines,
    sender: SenderFactory,
) -> None:
    jobs = [announced_job(title=f"Job {i}") for i in range(5)]
    for job in jobs:
        await _record(
            committed_sessions, settings, "jobs.job.published", job, endpoints=("google",)
        )
    clock = Clock(NOON.replace(hour=23, minute=50))
    engines.clock, engines.daily_quota = clock, 3
    send = sender(daily_quota=3, batch_size=2, clock=clock)
    assert await send.send_once() == 2
    assert await send.send_once() == 1  # one left of today's quota
    assert await send.send_once() == 0
    # a new UTC day, but not Google's: its quota resets at midnight Pacific time
    clock.now = clock.now + timedelta(minutes=15)
    assert await send.send_once() == 0
    reset = next_quota_day(clock.now)
    clock.now = reset - timedelta(seconds=1)
    assert await send.send_once() == 0
    clock.now = reset
    assert await send.send_once() == 2
    assert len(engines.received.google) == 5
    assert engines.received.over_quota == []
    async with committed_sessions() as session:
        used = dict(
            (row.day.isoformat(), row.used)
            for row in await session.scalars(select(AnnouncementQuota))
        )
    today = NOON.astimezone(QUOTA_ZONE).date()
    assert used == {today.isoformat(): 3, (today + timedelta(days=1)).isoformat(): 2}


async def test_an_answer_that_the_quota_is_used_up_waits_for_the_next_quota_day(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    engines: SearchEngines,
    sender: SenderFactory,
) -> None:
    """The project's quota may be smaller than configured (or shared with another tool): the
    notices Google refuses with 429 are not the notices' fault, so they are neither retried
    within the day nor given up."""
    jobs = [announced_job(title=f"Job {i}") for i in range(3)]
    for job in jobs:
        await _record(committed_sessions, settings, "jobs.job.published", job, endpoints=GOOGLE)
    clock = Clock(NOON)
    engines.clock, engines.daily_quota = clock, 2
    send = sender(daily_quota=200, max_attempts=1, clock=clock)
    assert await send.send_once() == 2
    assert len(engines.received.over_quota) == 1
    waiting = [r for r in await _rows(committed_sessions) if r.sent_at is None]
    assert [(r.attempts, r.failed_at) for r in waiting] == [(0, None)]
    assert "Quota exceeded" in (waiting[0].last_error or "")
    clock.now += timedelta(hours=2)
    assert await send.send_once() == 0
    assert len(engines.received.over_quota) == 1  # nothing asked again that day
    clock.now = next_quota_day(clock.now)
    assert await send.send_once() == 1
    assert len(engines.received.google) == 3


async def test_updates_leave_the_deletion_reserve_of_a_day(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    engines: SearchEngines,
    sender: SenderFactory,
) -> None:
    early = [announced_job(title=f"Early {i}") for i in range(3)]
    fresh = [announced_job(title=f"New {i}") for i in range(8)]
    for job in early:
        await _record(committed_sessions, settings, "jobs.job.published", job, endpoints=GOOGLE)
    clock = Clock(NOON)
    engines.clock, engines.daily_quota = clock, 10
    send = sender(daily_quota=10, deletion_reserve=4, clock=clock)
    assert await send.send_once() == 3
    for job in fresh:
        await _record(committed_sessions, settings, "jobs.job.published", job, endpoints=GOOGLE)
    assert await send.send_once() == 3  # 6 of 10 used: the last 4 are for deletions
    assert await send.send_once() == 0
    for job in early:  # closed later that day
        await _record(
            committed_sessions,
            settings,
            "jobs.job.expired",
            job.model_copy(update={"version": 2, "state": "expired"}),
            endpoints=GOOGLE,
        )
    assert await send.send_once() == 3
    assert engines.received.google[-3:] == [(URL_DELETED, url(job.slug)) for job in early]
    assert engines.received.over_quota == []


async def test_failures_are_recorded_and_retried_later(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    engines: SearchEngines,
    sender: SenderFactory,
) -> None:
    good, refused = announced_job(), announced_job()
    for job in (good, refused):
        await _record(committed_sessions, settings, "jobs.job.published", job)
    engines.fail_next = 2  # the Google batch and the IndexNow call both answer 503
    clock = Clock(NOON)
    send = sender(clock=clock, retry_seconds=60.0)
    assert await send.send_once() == 0
    rows = await _rows(committed_sessions)
    assert {(r.attempts, r.sent_at) for r in rows} == {(1, None)}
    assert all("503" in (r.last_error or "") for r in rows)
    assert {r.next_attempt_at for r in rows} == {NOON + timedelta(seconds=60)}
    assert await send.send_once() == 0  # not before its time

    engines.refuse_urls = {url(refused.slug)}  # now one part of Google's batch is refused
    clock.now = NOON + timedelta(seconds=61)
    assert await send.send_once() == 3
    assert engines.received.google == [(URL_UPDATED, url(good.slug))]
    left = [r for r in await _rows(committed_sessions) if r.sent_at is None]
    assert [(r.endpoint, r.url, r.attempts) for r in left] == [("google", url(refused.slug), 2)]
    assert "Invalid value" in (left[0].last_error or "")
    assert left[0].next_attempt_at == clock.now + timedelta(seconds=120)

    engines.refuse_urls = set()
    clock.now += timedelta(seconds=121)
    assert await send.send_once() == 1
    assert engines.received.google[-1] == (URL_UPDATED, url(refused.slug))


async def test_one_sender_is_active_at_a_time(
    committed_sessions: async_sessionmaker[AsyncSession], sender: SenderFactory
) -> None:
    first, second = sender(interval=0.05), sender(interval=0.05)
    tasks = [asyncio.create_task(s.run_forever()) for s in (first, second)]
    try:
        deadline = asyncio.get_running_loop().time() + 10
        while not (first.is_leader or second.is_leader):
            assert asyncio.get_running_loop().time() < deadline
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        assert [first.is_leader, second.is_leader].count(True) == 1
        leader = 0 if first.is_leader else 1
        tasks[leader].cancel()
        await asyncio.gather(tasks[leader], return_exceptions=True)
        follower = second if leader == 0 else first
        while not follower.is_leader:
            assert asyncio.get_running_loop().time() < deadline
            await asyncio.sleep(0.05)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def test_the_service_announces_a_published_job_by_itself(
    settings: SearchSettings, engines: SearchEngines
) -> None:
    running = settings.model_copy(
        update={
            "run_background_workers": True,
            "kafka_topic_prefix": f"{settings.kafka_topic_prefix}app.",
            "announce_interval_seconds": 0.1,
            "announce_update_delay_seconds": 0.0,
            "outbox_poll_interval_seconds": 0.05,
        }
    )
    topic = running.topic(JOB_TOPIC)
    await ensure_topics(running.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    job = announced_job(slug="gardener-by-itself")
    async with serve(create_app(running)):
        await _publish_events(running, snapshot("jobs.job.published", job))
        deadline = asyncio.get_running_loop().time() + 60
        while len(engines.received.indexnow) < 1 or len(engines.received.google) < 1:
            assert asyncio.get_running_loop().time() < deadline, engines.received
            await asyncio.sleep(0.1)
    assert engines.received.google == [(URL_UPDATED, url("gardener-by-itself"))]
    assert engines.received.indexnow == [url("gardener-by-itself")]


async def test_old_sent_rows_and_quota_days_are_pruned(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    sender: SenderFactory,
) -> None:
    old, fresh = announced_job(), announced_job()
    for job in (old, fresh):
        await _record(committed_sessions, settings, "jobs.job.published", job, endpoints=GOOGLE)
    clock = Clock(NOON)
    send = sender(clock=clock)
    assert await send.send_once() == 2
    await _record(
        committed_sessions,
        settings,
        "jobs.job.archived",
        old.model_copy(update={"version": 2, "state": "archived"}),
        endpoints=GOOGLE,
    )
    clock.now = NOON + timedelta(days=31)
    await send.prune(clock.now)
    rows = await _rows(committed_sessions)
    assert [(r.url, r.action, r.sent_at) for r in rows] == [(url(old.slug), URL_DELETED, None)]
    async with committed_sessions() as session:
        assert list(await session.scalars(select(AnnouncementQuota))) == []


async def test_the_deletion_reserve_is_at_most_half_the_quota(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    engines: SearchEngines,
    sender: SenderFactory,
) -> None:
    for i in range(4):
        await _record(
            committed_sessions,
            settings,
            "jobs.job.published",
            announced_job(title=f"Job {i}"),
            endpoints=GOOGLE,
        )
    send = sender(daily_quota=4, deletion_reserve=50)  # a reserve meant for a larger quota
    assert await send.send_once() == 2
    assert await send.send_once() == 0


async def test_updates_fall_due_after_the_deletions_recorded_meanwhile(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    engines: SearchEngines,
    sender: SenderFactory,
) -> None:
    """A burst is consumed over some seconds while the sender runs: its updates wait a little,
    so the deletions recorded after them still take the day's quota first."""
    closing, fresh = announced_job(title="Closing"), announced_job(title="Fresh")
    await _record(committed_sessions, settings, "jobs.job.published", closing, endpoints=GOOGLE)
    clock = Clock(NOON)
    send = sender(clock=clock)
    assert await send.send_once() == 1
    engines.reset()
    async with unit_of_work(committed_sessions) as session:
        for event_type, job in (
            ("jobs.job.published", fresh),
            ("jobs.job.archived", closing.model_copy(update={"version": 2, "state": "archived"})),
        ):
            await record_job_event(
                session,
                payload=job,
                event_type=event_type,
                endpoints=GOOGLE,
                job_url=settings.job_url,
                now=NOON,
                update_delay=timedelta(seconds=60),
            )
    assert await send.send_once() == 1
    assert engines.received.google == [(URL_DELETED, url(closing.slug))]
    clock.now = NOON + timedelta(seconds=60)
    assert await send.send_once() == 1
    assert engines.received.google[-1] == (URL_UPDATED, url(fresh.slug))


def _burst() -> list[tuple[AnnouncedJobPayload, str]]:
    """Snapshots of three jobs interleaved as a partition holds them: made findable, renamed (a
    new slug: the former URL deleted), archived, one created as a draft and published later."""
    nurse = announced_job(slug="nurse-boston", version=1)
    cook = announced_job(slug="cook-austin", version=1)
    draft = announced_job(slug="welder-ohio", version=1, state="draft")
    return [
        (nurse, "jobs.job.published"),
        (draft, "jobs.job.created"),
        (cook, "jobs.job.published"),
        (
            nurse.model_copy(
                update={"version": 2, "slug": "nurse-cambridge", "former_slugs": ["nurse-boston"]}
            ),
            "jobs.job.updated",
        ),
        (draft.model_copy(update={"version": 2, "state": "published"}), "jobs.job.published"),
        (cook.model_copy(update={"version": 2, "state": "archived"}), "jobs.job.archived"),
        (nurse, "jobs.job.published"),  # a stale snapshot: nothing
    ]


async def _recorded(
    sessions: async_sessionmaker[AsyncSession],
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    async with sessions() as session:
        jobs = await session.execute(
            select(
                AnnouncedJob.job_id,
                AnnouncedJob.version,
                AnnouncedJob.findable,
                AnnouncedJob.url,
                AnnouncedJob.fingerprint,
            ).order_by(AnnouncedJob.job_id)
        )
        wanted = await session.execute(
            select(
                Announcement.endpoint,
                Announcement.job_id,
                Announcement.job_version,
                Announcement.url,
                Announcement.action,
                Announcement.next_attempt_at,
            ).order_by(Announcement.id)
        )
        return [tuple(row) for row in jobs], [tuple(row) for row in wanted]


async def test_a_run_records_what_its_events_record_one_by_one(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    clean: None,
) -> None:
    """``record_job_events`` (the announcer's run handler) is ``record_job_event`` applied to
    each event in turn: the same jobs' states and the same notifications, in the same order."""
    burst = _burst()
    for payload, event_type in burst:
        await _record(committed_sessions, settings, event_type, payload)
    one_by_one = await _recorded(committed_sessions)
    assert len(one_by_one[0]) == 3
    assert len(one_by_one[1]) > 4
    async with unit_of_work(committed_sessions) as session:
        for model in (Announcement, AnnouncedJob):
            await session.execute(delete(model))
    async with unit_of_work(committed_sessions) as session:
        await record_job_events(
            session,
            events=burst,
            endpoints=("google", "indexnow"),
            job_url=settings.job_url,
            now=NOON,
        )
    assert await _recorded(committed_sessions) == one_by_one


async def test_a_run_without_endpoints_costs_a_few_statements_whatever_its_length(
    settings: SearchSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    statements: Callable[[], AbstractContextManager[StatementLog]],
) -> None:
    """With no search engine enabled (the usual case) a run reads its jobs in one statement and
    writes them with one INSERT and one UPDATE (executemany), where each event read and wrote
    its job on its own."""

    async def run(events: Sequence[tuple[AnnouncedJobPayload, str]]) -> int:
        with statements() as log:
            async with unit_of_work(committed_sessions) as session:
                await record_job_events(
                    session, events=events, endpoints=(), job_url=settings.job_url, now=NOON
                )
        return sum(1 for statement in log.statements if "announced_jobs" in statement)

    for count in (6, 60):
        jobs = [announced_job(version=1) for _ in range(count)]
        made = [(job, "jobs.job.published") for job in jobs]
        changed = [
            (job.model_copy(update={"version": 2, "title": f"{job.title} (2)"}), "jobs.job.updated")
            for job in jobs
        ]
        assert await run(made) == 2  # the lock, the INSERT
        assert await run(changed) == 2  # the lock, the UPDATE
    async with committed_sessions() as session:
        versions = set(await session.scalars(select(AnnouncedJob.version)))
    assert versions == {2}
