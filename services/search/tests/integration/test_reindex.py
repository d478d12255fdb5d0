"""``python -m search.reindex`` (the real command, in its own process) rebuilds the indices from
the owners' events on Kafka while searches keep answering: no search in between answers empty or
fails, and afterwards the aliases point at new indices holding every document."""

import asyncio
import os
import sys
from typing import Any

import pytest
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.settings import ServiceSettings
from search.engine.indexing.indexer import index_job, index_profile
from search.engine.indexing.payloads import JOB_TOPIC, PROFILE_TOPIC
from search.engine.indexing.store import SearchStore
from search.engine.job_search import run_job_search
from search.engine.request import JobSearchRequest
from search.messaging import reindex as reindexing
from search.settings import SERVICE_DIR, SearchSettings
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from services.search.tests.factories import job_payload, profile_payload

pytestmark = pytest.mark.integration

JOBS = 40
WORD = "Heliotherapist"


@pytest.fixture(scope="module")
def settings(service_settings: ServiceSettings, run_prefix: str) -> SearchSettings:
    assert isinstance(service_settings, SearchSettings)
    return service_settings.model_copy(update={"kafka_topic_prefix": f"{run_prefix}reindex."})


async def publish(settings: SearchSettings, topic: str, events: list[EventEnvelope]) -> None:
    await ensure_topics(settings.kafka_bootstrap_servers, [settings.topic(topic)])
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-owners")
    await producer.start()
    try:
        for event in events:
            await producer.send_and_wait(
                settings.topic(topic), event.to_bytes(), key=event.aggregate_id.encode()
            )
    finally:
        await producer.stop()


def event(event_type: str, aggregate_id: str, version: int, payload: Any) -> EventEnvelope:
    return EventEnvelope(
        type=event_type,
        aggregate_id=aggregate_id,
        aggregate_version=version,
        site="jobboard",
        payload=payload.model_dump(),
    )


def command_env(settings: SearchSettings) -> dict[str, str]:
    """The command's environment: this test's database, topics and indices."""
    return os.environ | {
        "SEARCH_DB_NAME": settings.db_name,
        "SEARCH_INDEX_PREFIX": settings.index_prefix,
        "KAFKA_TOPIC_PREFIX": settings.kafka_topic_prefix,
        "KAFKA_BOOTSTRAP_SERVERS": settings.kafka_bootstrap_servers,
        "ELASTICSEARCH_URL": settings.elasticsearch_url,
    }


async def test_the_reindex_command_rebuilds_from_kafka_while_searches_answer(
    store: SearchStore, committed_sessions: Any, settings: SearchSettings
) -> None:
    profile = profile_payload(name="Sunlight Trust")
    jobs = [
        job_payload(title=f"{WORD} {n}", organization_id=profile.organization_id, version=2)
        for n in range(JOBS)
    ]
    # the owners' history: each job created (version 1, a draft) then published (version 2)
    await publish(
        settings,
        PROFILE_TOPIC,
        [event("organizations.profile.published", profile.profile_id, 1, profile)],
    )
    await publish(
        settings,
        JOB_TOPIC,
        [
            event(event_type, job.job_id, version, job.model_copy(update=changes))
            for job in jobs
            for event_type, version, changes in (
                ("jobs.job.created", 1, {"version": 1, "state": "draft"}),
                ("jobs.job.published", 2, {}),
            )
        ],
    )
    # what the indexer made of them before: the indices the aliases serve now
    async with committed_sessions() as session:
        await index_profile(store, session, profile)
        for job in jobs:
            await index_job(store, session, job, "jobs.job.published")
        await session.commit()
    await store.refresh_all()
    before = {kind: await store.indices_of(kind) for kind in ("jobs", "organizations")}
    request = JobSearchRequest(fulltext=WORD.lower(), page=2)
    _, answer = await run_job_search(store, request, site="jobboard")
    assert answer.total == JOBS

    command = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "search.reindex",
        cwd=SERVICE_DIR,
        env=command_env(settings),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    finished = asyncio.create_task(command.communicate())
    totals: list[int] = []
    failures: list[str] = []
    while True:
        try:
            _, answer = await run_job_search(store, request, site="jobboard")
            totals.append(answer.total)
        except Exception as error:  # every failure is a finding here
            failures.append(repr(error))
        if finished.done():
            break
        await asyncio.sleep(0)
    out, err = await finished
    assert command.returncode == 0, err.decode()[-2000:]
    assert f"1 organization profiles and {JOBS} jobs indexed" in out.decode()

    assert failures == []
    assert len(totals) > 1  # searches ran while the command did
    assert set(totals) == {JOBS}
    for kind, old in before.items():
        now = await store.indices_of(kind)
        assert len(now) == 1
        assert now != old  # a new index behind the alias; the old one is gone
        assert not await store.client.indices.exists(index=",".join(old))
    count = await store.client.count(index=store.alias("jobs"), query={"term": {"findable": True}})
    assert count["count"] == JOBS
    document = await store.get("jobs", jobs[0].job_id)
    assert document is not None
    assert document["version"] == 2
    assert document["organization_slug"] == profile.slug


async def test_a_rebuild_commits_as_it_goes_so_its_locks_stay_few(
    store: SearchStore,
    committed_sessions: Any,
    settings: SearchSettings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each job's slug rows are applied under an advisory lock held to the commit: a rebuild in
    one transaction held one per job, and a board of 100,000 jobs ran PostgreSQL out of its
    lock table. It commits every ``COMMIT_EVERY`` events instead."""
    monkeypatch.setattr(reindexing, "COMMIT_EVERY", 4)
    profile = profile_payload(name="Lantern Works")
    jobs = [
        job_payload(title=f"Lamplighter {n}", organization_id=profile.organization_id)
        for n in range(13)
    ]
    await publish(
        settings,
        PROFILE_TOPIC,
        [event("organizations.profile.published", profile.profile_id, 1, profile)],
    )
    await publish(
        settings,
        JOB_TOPIC,
        [event("jobs.job.published", job.job_id, 1, job) for job in jobs],
    )
    held: list[int] = []
    apply = reindexing._apply

    async def counting(store: SearchStore, session: AsyncSession, *args: Any, **kw: Any) -> None:
        await apply(store, session, *args, **kw)
        locks = await session.scalar(
            text(
                "SELECT count(*) FROM pg_locks"
                " WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
            )
        )
        held.append(int(locks or 0))

    monkeypatch.setattr(reindexing, "_apply", counting)
    report = await reindexing.reindex(store, committed_sessions, settings)
    assert report.jobs >= len(jobs)
    assert len(held) >= len(jobs)
    assert max(held) <= 4
    document = await store.get("jobs", jobs[-1].job_id)
    assert document is not None
    assert document["organization_slug"] == profile.slug
