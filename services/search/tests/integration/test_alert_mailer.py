"""The alert mailer against the real PostgreSQL, Elasticsearch, Kafka and the local mail catcher
(:8025): digests mail exactly the new matching jobs once per person, a second run mails
nothing, closed jobs and stopped alerts get nothing, an unconfirmed address only its
confirmation, two mailers at once send once, a crash between matching and sending neither loses
nor doubles, instant alerts follow the job events, and repeated refusals pause an address."""

from __future__ import annotations

import asyncio
import os
import socket
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from jobkit.consumer import IdempotentConsumer
from jobkit.contracts import USER_DELETED, USER_TOPIC
from jobkit.db import unit_of_work
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.mail import send_mail
from jobkit.testing.erasure import confirmations, deletion_event, deliver
from jobkit.testing.server import serve
from search.alerts import mailer
from search.alerts.models import AlertDelivery, AlertMail, AlertNewJob, SavedSearch
from search.alerts.planning import NEW_JOB_RETRY
from search.alerts.searches import stored_query
from search.db import outbox, processed_events
from search.engine.indexing.indexer import index_job
from search.engine.indexing.payloads import JOB_TOPIC, JobPayload
from search.engine.indexing.store import SearchStore
from search.engine.request import GeoLocation, SearchRequest
from search.mailer import create_mailer_app
from search.messaging.alert_mailer import ALERT_MAILER_GROUP, alert_job_handlers, user_handlers
from search.settings import SearchSettings
from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.factories import job_payload

pytestmark = pytest.mark.integration

MAIL_API = os.environ.get("JOBBOARD_MAIL_API", "http://127.0.0.1:8025")
DEADLINE_SECONDS = 60


def _word() -> str:
    """A made-up word only this test's jobs carry (letters: the analyser keeps it whole)."""
    return "zq" + "".join(chr(97 + int(c, 16)) for c in uuid.uuid4().hex[:10])


def _address() -> str:
    return f"mailer-{uuid.uuid4().hex[:10]}@example.org"


@pytest.fixture
def settings(service_settings: SearchSettings, run_prefix: str) -> SearchSettings:
    return service_settings.model_copy(
        update={"kafka_topic_prefix": f"{run_prefix}alerts.", "alert_jobs_per_section": 5}
    )


async def _alert(
    sessions: async_sessionmaker[AsyncSession],
    email: str,
    keys: str,
    *,
    frequency: str = "daily",
    confirmed: bool = True,
    paused: bool = False,
    unsubscribed: bool = False,
    checked_days_ago: float = 2,
    geo: GeoLocation | None = None,
    site: str = "jobboard",
) -> SavedSearch:
    now = datetime.now(UTC)
    alert = SavedSearch(
        id=uuid.uuid4(),
        site=site,
        email=email,
        name=f"Jobs: {keys[:20]}",
        language="en",
        query=stored_query(SearchRequest(fulltext=keys, geo_location=geo)),
        frequency=frequency,
        paused=paused,
        confirmed_at=now if confirmed else None,
        unsubscribed_at=now if unsubscribed else None,
        created_at=now - timedelta(days=30),
        checked_until=now - timedelta(days=checked_days_ago),
        version=1,
    )
    async with unit_of_work(sessions) as session:
        session.add(alert)
    return alert


async def _job(
    store: SearchStore,
    sessions: async_sessionmaker[AsyncSession],
    title: str,
    *,
    hours_ago: float = 1,
    **overrides: Any,
) -> JobPayload:
    published = (datetime.now(UTC) - timedelta(hours=hours_ago)).isoformat()
    payload = job_payload(title=title, published_at=published, **overrides)
    async with unit_of_work(sessions) as session:
        await index_job(store, session, payload, "jobs.job.published")
    return payload


async def _mails(address: str) -> list[dict[str, Any]]:
    async with httpx.AsyncClient(timeout=10) as client:
        answer = await client.get(f"{MAIL_API}/api/messages", params={"to": address})
        answer.raise_for_status()
        found: list[dict[str, Any]] = answer.json()
    return found


async def _wait_for_mails(address: str, count: int) -> list[dict[str, Any]]:
    deadline = asyncio.get_running_loop().time() + DEADLINE_SECONDS
    while True:
        found = await _mails(address)
        if len(found) >= count:
            return found
        assert asyncio.get_running_loop().time() < deadline, f"{len(found)} of {count} mails"
        await asyncio.sleep(0.2)


class Recorder:
    """Hands each message to the real SMTP relay and keeps it (the catcher shows no headers)."""

    def __init__(self, settings: SearchSettings) -> None:
        self.settings = settings
        self.messages: list[EmailMessage] = []

    async def __call__(self, message: EmailMessage) -> None:
        await send_mail(message, settings=self.settings)
        self.messages.append(message)


async def _run(
    sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
    send: Any = None,
    *,
    now: datetime | None = None,
) -> int:
    await store.refresh("jobs")
    await mailer.plan_instant(sessions, store, settings, now=now)
    await mailer.plan_digests(sessions, store, settings)
    return await mailer.send_pending(sessions, store, settings, send=send)


async def _ledger(sessions: async_sessionmaker[AsyncSession], email: str) -> set[str]:
    async with sessions() as session:
        return set(
            await session.scalars(select(AlertDelivery.job_id).where(AlertDelivery.email == email))
        )


async def _due_again(sessions: async_sessionmaker[AsyncSession], email: str) -> None:
    async with unit_of_work(sessions) as session:
        await session.execute(
            update(SavedSearch)
            .where(SavedSearch.email == email)
            .values(checked_until=datetime.now(UTC) - timedelta(days=2))
        )


async def test_a_digest_mails_exactly_the_new_matching_jobs_once_per_person(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
) -> None:
    word, other = _word(), _word()
    person = _address()
    boston = GeoLocation(label="Boston", lat=42.36, lon=-71.06, radius=25, unit="mi")
    first = await _alert(committed_sessions, person, word)
    second = await _alert(committed_sessions, person, word, geo=boston)
    both = await _job(store, committed_sessions, f"Grants {word} manager")
    only_first = await _job(
        store,
        committed_sessions,
        f"Remote {word} lead",
        locations=[
            {
                "locality": "Denver",
                "country_code": "US",
                "administrative_area": "CO",
                "lat": 39.74,
                "lon": -104.99,
            }
        ],
    )
    unrelated = await _job(store, committed_sessions, f"Field {other} worker")
    expired = await _job(
        store,
        committed_sessions,
        f"Expired {word} role",
        expires_at=(datetime.now(UTC) - timedelta(hours=1)).isoformat(),
    )
    old = await _job(store, committed_sessions, f"Old {word} post", hours_ago=24 * 10)

    recorder = Recorder(settings)
    await _run(committed_sessions, store, settings, recorder)
    mails = await _wait_for_mails(person, 1)
    assert len(mails) == 1
    text = mails[0]["text"]
    assert text.count(both.title) == 1  # in two alerts, listed once
    assert only_first.title in text
    for absent in (unrelated, expired, old):
        assert absent.title not in text
    assert first.name in text
    assert "Manage your alerts: http" in text
    assert both.title in mails[0]["html"]
    assert await _ledger(committed_sessions, person) == {both.job_id, only_first.job_id}

    [message] = [m for m in recorder.messages if m["To"] == person]
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    unsubscribe = str(message["List-Unsubscribe"]).strip("<>")
    assert unsubscribe.startswith(f"{settings.alert_api_url}/alerts/unsubscribe?token=")
    assert message.get_body(preferencelist=("html",)) is not None

    # a second run, even with the alerts due again, mails nothing new
    await _due_again(committed_sessions, person)
    await _run(committed_sessions, store, settings, recorder)
    assert len(await _mails(person)) == 1
    # a newly published match goes out in the next digest, alone
    newer = await _job(store, committed_sessions, f"Newer {word} director")
    await _due_again(committed_sessions, person)
    await _run(committed_sessions, store, settings)
    mails = await _wait_for_mails(person, 2)
    assert newer.title in mails[0]["text"]
    assert both.title not in mails[0]["text"]
    assert second.id != first.id


async def test_stopped_alerts_get_nothing_and_unconfirmed_ones_only_the_confirmation(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
) -> None:
    word = _word()
    paused, unsubscribed, unconfirmed = _address(), _address(), _address()
    await _alert(committed_sessions, paused, word, paused=True)
    await _alert(committed_sessions, unsubscribed, word, unsubscribed=True)
    waiting = await _alert(committed_sessions, unconfirmed, word, confirmed=False)
    async with unit_of_work(committed_sessions) as session:
        session.add(
            AlertMail(
                id=uuid.uuid4(),
                email=unconfirmed,
                kind="confirmation",
                content={"alert_id": str(waiting.id)},
            )
        )
    await _job(store, committed_sessions, f"Program {word} officer")
    await _run(committed_sessions, store, settings)
    [confirmation] = await _wait_for_mails(unconfirmed, 1)
    assert confirmation["subject"].startswith("Confirm your job alert")
    assert "/alerts/confirm?token=" in confirmation["text"]
    await _run(committed_sessions, store, settings)
    assert len(await _mails(unconfirmed)) == 1
    assert await _mails(paused) == []
    assert await _mails(unsubscribed) == []


async def test_a_job_closed_between_matching_and_sending_is_left_out(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
) -> None:
    word = _word()
    person = _address()
    await _alert(committed_sessions, person, word)
    staying = await _job(store, committed_sessions, f"Staying {word} analyst")
    closing = await _job(store, committed_sessions, f"Closing {word} clerk")
    await store.refresh("jobs")
    assert await mailer.plan_digests(committed_sessions, store, settings) >= 1
    # the job expires before the mail goes
    async with unit_of_work(committed_sessions) as session:
        await index_job(
            store,
            session,
            closing.model_copy(update={"version": 2, "state": "expired"}),
            "jobs.job.expired",
        )
    await store.refresh("jobs")
    await mailer.send_pending(committed_sessions, store, settings)
    [mail] = await _wait_for_mails(person, 1)
    assert staying.title in mail["text"]
    assert closing.title not in mail["text"]
    assert await _ledger(committed_sessions, person) == {staying.job_id}


async def test_two_mailers_at_once_send_each_mail_once(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
) -> None:
    word = _word()
    people = [_address() for _ in range(6)]
    for person in people:
        await _alert(committed_sessions, person, word)
        await _alert(committed_sessions, person, word, frequency="weekly", checked_days_ago=8)
    await _job(store, committed_sessions, f"Shared {word} coordinator")
    await _job(store, committed_sessions, f"Second {word} assistant")
    await store.refresh("jobs")
    await asyncio.gather(
        *(_run(committed_sessions, store, settings) for _ in range(2)),
    )
    for person in people:
        mails = await _wait_for_mails(person, 1)
        assert len(mails) == 1, person
    await asyncio.gather(*(_run(committed_sessions, store, settings) for _ in range(2)))
    for person in people:
        assert len(await _mails(person)) == 1


async def test_a_mailer_that_dies_between_matching_and_sending_neither_loses_nor_doubles(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
) -> None:
    word = _word()
    person = _address()
    await _alert(committed_sessions, person, word)
    job = await _job(store, committed_sessions, f"Durable {word} planner")
    await store.refresh("jobs")
    # the first mailer matched and committed, then died before any SMTP hand-off
    assert await mailer.plan_digests(committed_sessions, store, settings) >= 1

    # the next one finds the relay down: the mail stays pending, counted as one attempt
    unreachable = settings.model_copy(update={"smtp_port": 9})
    assert await mailer.send_pending(committed_sessions, store, unreachable) == 0
    async with committed_sessions() as session:
        [pending] = (
            await session.scalars(select(AlertMail).where(AlertMail.email == person))
        ).all()
        assert pending.state == "pending"
        assert pending.attempts == 1
    assert await _mails(person) == []

    # a restarted mailer (matching again first) sends it once
    await _due_again(committed_sessions, person)
    await _run(committed_sessions, store, settings)
    [mail] = await _wait_for_mails(person, 1)
    assert job.title in mail["text"]
    await _due_again(committed_sessions, person)
    await _run(committed_sessions, store, settings)
    assert len(await _mails(person)) == 1


def _snapshot(job: JobPayload, event_type: str = "jobs.job.published") -> EventEnvelope:
    return EventEnvelope(
        type=event_type,
        aggregate_id=job.job_id,
        aggregate_version=job.version,
        site=job.site,
        payload=job.model_dump(mode="json"),
    )


async def test_instant_alerts_follow_the_job_events(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
) -> None:
    word = _word()
    instant, daily, elsewhere = _address(), _address(), _address()
    await _alert(committed_sessions, instant, word, frequency="instant", checked_days_ago=0)
    await _alert(committed_sessions, daily, word, checked_days_ago=0)
    far = GeoLocation(label="Denver", lat=39.74, lon=-104.99, radius=25, unit="mi")
    await _alert(committed_sessions, elsewhere, word, frequency="instant", geo=far)
    # published before the alert started: a replayed event of it never reaches the alert
    older = await _job(store, committed_sessions, f"Older {word} fundraiser", hours_ago=1)
    job = await _job(store, committed_sessions, f"Instant {word} fundraiser", hours_ago=0)
    topic = settings.topic(JOB_TOPIC)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    consumer = IdempotentConsumer(
        group_id=settings.topic(ALERT_MAILER_GROUP),
        handlers={topic: alert_job_handlers()},
        sessions=committed_sessions,
        processed=processed_events,
        bootstrap_servers=settings.kafka_bootstrap_servers,
    )
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-alerts")
    await consumer.start()
    await producer.start()
    try:
        event = _snapshot(job)
        for _ in range(2):  # a redelivery
            await producer.send_and_wait(topic, event.to_bytes(), key=job.job_id.encode())
        await producer.send_and_wait(topic, _snapshot(older).to_bytes(), key=older.job_id.encode())
        deadline = asyncio.get_running_loop().time() + DEADLINE_SECONDS
        seen = 0
        while seen < 3:
            assert asyncio.get_running_loop().time() < deadline
            seen += await consumer.poll_once(timeout_ms=500)
    finally:
        await producer.stop()
        await consumer.stop()
    await _run(committed_sessions, store, settings)
    [mail] = await _wait_for_mails(instant, 1)
    assert mail["subject"] == f"New job: {job.title} at {job.organization_name}"
    assert older.title not in mail["text"]
    await _run(committed_sessions, store, settings)
    assert len(await _mails(instant)) == 1
    assert await _mails(daily) == []  # not due yet
    assert await _mails(elsewhere) == []  # the job is not within its radius


async def test_the_alerts_of_a_site_a_job_is_shared_with_mail_it_and_no_others(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
) -> None:
    word = _word()
    other = f"other-{uuid.uuid4().hex[:8]}"
    instant, daily, elsewhere = _address(), _address(), _address()
    await _alert(
        committed_sessions, instant, word, frequency="instant", checked_days_ago=0, site=other
    )
    await _alert(committed_sessions, daily, word, site=other)
    await _alert(committed_sessions, elsewhere, word, frequency="instant", checked_days_ago=0)
    shared = await _job(
        store, committed_sessions, f"Shared {word} steward", hours_ago=0, shared_sites=[other]
    )
    unshared = await _job(store, committed_sessions, f"Unshared {word} steward", hours_ago=0)
    async with unit_of_work(committed_sessions) as session:
        for job in (shared, unshared):
            await mailer.record_new_job(session, job_id=job.job_id, site=job.site)
    await _run(committed_sessions, store, settings)
    # the other site's alerts: the job shared with it, not the first site's other job
    assert await _ledger(committed_sessions, instant) == {shared.job_id}
    assert await _ledger(committed_sessions, daily) == {shared.job_id}
    # the first site's alert: both (the shared job is its own site's too)
    assert await _ledger(committed_sessions, elsewhere) == {shared.job_id, unshared.job_id}


async def test_a_job_recorded_before_the_indexer_wrote_its_published_version_is_mailed_once_it_has(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
) -> None:
    """The published snapshot reaches the alert mailer's group and the indexer's apart: the
    mailer may record the job while the index still holds its draft. Before, that round dropped
    the job for good (its alert never mailed it); now it waits for the indexer."""
    word = _word()
    instant = _address()
    await _alert(committed_sessions, instant, word, frequency="instant", checked_days_ago=0)
    now = datetime.now(UTC).isoformat()
    published = job_payload(title=f"Late {word} organizer", published_at=now, version=2)
    draft = published.model_copy(update={"state": "draft", "version": 1})
    async with unit_of_work(committed_sessions) as session:
        await index_job(store, session, draft, "jobs.job.updated")
    async with unit_of_work(committed_sessions) as session:
        await mailer.record_new_job(session, job_id=published.job_id, site=published.site)
    await _run(committed_sessions, store, settings)
    assert await _mails(instant) == []
    async with unit_of_work(committed_sessions) as session:
        await index_job(store, session, published, "jobs.job.published")
    # looked at again once its retry time has come
    await _run(committed_sessions, store, settings, now=datetime.now(UTC) + NEW_JOB_RETRY)
    [mail] = await _wait_for_mails(instant, 1)
    assert published.title in mail["subject"]


async def test_jobs_the_index_has_not_caught_up_with_do_not_hold_up_the_ones_behind_them(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
) -> None:
    """A round takes the oldest 50 recorded jobs. Jobs that never become findable (removed
    right after publishing, as a load test's are) used to be taken first by every round for ten
    minutes, and a findable job behind 50 of them waited as long for its instant alert."""
    word = _word()
    instant = _address()
    await _alert(committed_sessions, instant, word, frequency="instant", checked_days_ago=0)
    missing = [f"gone-{uuid.uuid4()}" for _ in range(60)]
    async with unit_of_work(committed_sessions) as session:
        for job_id in missing:
            await mailer.record_new_job(session, job_id=job_id, site="jobboard")
    job = await _job(store, committed_sessions, f"Behind {word} organizer", hours_ago=0)
    async with unit_of_work(committed_sessions) as session:
        await mailer.record_new_job(session, job_id=job.job_id, site=job.site)
    try:
        await _run(committed_sessions, store, settings)  # the oldest 50: none findable yet
        await _run(committed_sessions, store, settings)  # the 10 behind them and the job
        [mail] = await _wait_for_mails(instant, 1)
        assert job.title in mail["subject"]
    finally:
        async with unit_of_work(committed_sessions) as session:
            await session.execute(delete(AlertNewJob).where(AlertNewJob.job_id.in_(missing)))


async def test_a_job_closed_or_deleted_before_it_was_matched_is_no_longer_waited_for(
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    """A load test publishes jobs and deletes them at once: their rows waited out the ten
    minutes meant for the indexer, and were still there when the test counted what it left."""
    handlers = alert_job_handlers()
    job = job_payload(title="Closed at once", published_at=datetime.now(UTC).isoformat())

    async def apply(envelope: EventEnvelope) -> set[str]:
        async with unit_of_work(committed_sessions) as session:
            await handlers[envelope.type](session, envelope)
        async with committed_sessions() as session:
            rows = await session.scalars(
                select(AlertNewJob.job_id).where(AlertNewJob.job_id == job.job_id)
            )
            return set(rows)

    assert await apply(_snapshot(job)) == {job.job_id}
    archived = job.model_copy(update={"state": "archived", "version": job.version + 1})
    assert await apply(_snapshot(archived, "jobs.job.archived")) == set()
    assert await apply(_snapshot(job)) == {job.job_id}
    deleted = EventEnvelope(
        type="jobs.job.deleted",
        aggregate_id=job.job_id,
        aggregate_version=job.version + 2,
        site=job.site,
        payload={
            "job_id": job.job_id,
            "site": job.site,
            "organization_id": job.organization_id,
            "organization_number": job.organization_number,
        },
    )
    assert await apply(deleted) == set()


class Refusing:
    async def handle_RCPT(  # noqa: N802 - aiosmtpd's hook name
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        return "550 5.1.1 No such mailbox"


@pytest.fixture
async def refusing_relay() -> AsyncIterator[int]:
    with socket.socket() as probe:  # a free port for the refusing relay
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    controller = Controller(Refusing(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield port
    finally:
        controller.stop()


async def test_repeated_permanent_refusals_pause_the_address_with_the_reason(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
    refusing_relay: int,
) -> None:
    refusing = settings.model_copy(update={"smtp_port": refusing_relay, "alert_bounce_limit": 2})
    person = _address()
    alert = await _alert(committed_sessions, person, _word())
    for _ in range(2):
        async with unit_of_work(committed_sessions) as session:
            session.add(
                AlertMail(
                    id=uuid.uuid4(),
                    email=person,
                    kind="confirmation",
                    content={"alert_id": str(alert.id)},
                )
            )
            await session.execute(
                update(SavedSearch).where(SavedSearch.id == alert.id).values(confirmed_at=None)
            )
        await mailer.send_pending(committed_sessions, store, refusing)
    async with committed_sessions() as session:
        row = await session.get(SavedSearch, alert.id)
        assert row is not None
        assert row.paused is True
        assert row.paused_reason is not None
        assert "550" in row.paused_reason
        states = set(
            await session.scalars(select(AlertMail.state).where(AlertMail.email == person))
        )
    assert states == {"failed"}


@pytest.mark.parametrize("poll_seconds", [0.2, 3600.0], ids=["polling", "woken"])
async def test_the_mailer_process_mails_an_instant_alert_from_a_published_job(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
    poll_seconds: float,
) -> None:
    """The mailer's own app (``search.mailer``): its consumer and loop, end to end. With
    hour-long intervals only the notification of the new job can wake the idle mailer (ADR
    0054)."""
    running = settings.model_copy(
        update={
            "kafka_topic_prefix": f"{settings.kafka_topic_prefix}process{int(poll_seconds)}.",
            "alert_poll_seconds": poll_seconds,
            "alert_idle_poll_seconds": poll_seconds,
            "run_background_workers": True,
        }
    )
    word = _word()
    person = _address()
    await _alert(committed_sessions, person, word, frequency="instant", checked_days_ago=0)
    job = await _job(store, committed_sessions, f"Process {word} steward", hours_ago=0)
    await store.refresh("jobs")
    topic = running.topic(JOB_TOPIC)
    await ensure_topics(running.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    async with serve(create_mailer_app(running)) as url:
        async with httpx.AsyncClient(timeout=10) as client:
            assert (await client.get(f"{url}/healthz")).json()["service"] == "search-alert-mailer"
        producer = idempotent_producer(running.kafka_bootstrap_servers, client_id="test-alerts")
        await producer.start()
        try:
            event = _snapshot(job)
            await producer.send_and_wait(topic, event.to_bytes(), key=job.job_id.encode())
        finally:
            await producer.stop()
        [mail] = await _wait_for_mails(person, 1)
    assert job.title in mail["text"]


async def test_a_deleted_account_loses_its_alerts_and_ledger(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
) -> None:
    word = _word()
    person, visitor = _address(), _address()
    user_id = str(uuid.uuid4())
    mine = await _alert(committed_sessions, person, word)
    kept = await _alert(committed_sessions, visitor, word)
    # one the person made as a visitor, with the account's address (ADR 0036)
    as_visitor = await _alert(committed_sessions, person, f"{word}x")
    async with unit_of_work(committed_sessions) as session:
        await session.execute(
            update(SavedSearch).where(SavedSearch.id == mine.id).values(user_id=user_id)
        )
    await _job(store, committed_sessions, f"Deleted {word} account")
    await store.refresh("jobs")
    await mailer.plan_digests(committed_sessions, store, settings)
    assert len(await _ledger(committed_sessions, person)) == 1

    topic = settings.topic(USER_TOPIC)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    consumer = IdempotentConsumer(
        group_id=settings.topic(ALERT_MAILER_GROUP),
        handlers={topic: user_handlers(settings)},
        sessions=committed_sessions,
        processed=processed_events,
        bootstrap_servers=settings.kafka_bootstrap_servers,
    )
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-identity")
    await consumer.start()
    await producer.start()
    try:
        event = EventEnvelope(
            type=USER_DELETED,
            aggregate_id=user_id,
            aggregate_version=2,
            site="jobboard",
            payload={"user_id": user_id, "email": person.upper()},
        )
        await producer.send_and_wait(topic, event.to_bytes(), key=user_id.encode())
        deadline = asyncio.get_running_loop().time() + DEADLINE_SECONDS
        seen = 0
        while seen < 1:
            assert asyncio.get_running_loop().time() < deadline
            seen += await consumer.poll_once(timeout_ms=500)
    finally:
        await producer.stop()
        await consumer.stop()
    async with committed_sessions() as session:
        assert await session.get(SavedSearch, mine.id) is None
        assert await session.get(SavedSearch, as_visitor.id) is None
        assert await session.get(SavedSearch, kept.id) is not None
        pending = (await session.scalars(select(AlertMail).where(AlertMail.email == person))).all()
        assert pending == []
    assert await _ledger(committed_sessions, person) == set()
    assert len(await _ledger(committed_sessions, visitor)) == 1
    # identity asks again (a new event): nothing left to erase, confirmed again
    await deliver(
        committed_sessions, user_handlers(settings)[USER_DELETED], deletion_event(user_id)
    )
    async with committed_sessions() as session:
        assert await session.get(SavedSearch, kept.id) is not None
    done = await confirmations(committed_sessions, outbox, service="search", user_id=user_id)
    assert len(done) == 2
    assert done[0].payload["erased"]["alerts"] == 2
    assert done[1].payload["erased"] == {}
