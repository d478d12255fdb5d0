"""The indexer's refresh (ADR 0062), driven through the group's ``poll_once`` with polls handed
over by a stand-in for the broker's client: a poll after a quiet interval is searchable when it
returns, back-to-back polls share refreshes instead of paying one each, the last of them is
searchable within the bound, and each generation bump follows the refresh it answers for."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import pytest
from aiokafka import ConsumerRecord, TopicPartition
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.kafka import fetched_record
from search.engine.answer_cache import read_generation
from search.engine.indexing.payloads import JOB_TOPIC, JobPayload
from search.engine.indexing.store import SearchStore
from search.messaging import consumers as consumers_module
from search.messaging.consumers import indexer_consumer
from search.settings import SearchSettings
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.factories import job_payload

pytestmark = pytest.mark.integration

EVERY = 0.3
SLACK = 1.0  # a loaded machine's event loop and Elasticsearch may be this late


class _Polls:
    """Stands for aiokafka's consumer: each ``getmany`` hands over the next poll's records."""

    def __init__(self, polls: Sequence[dict[TopicPartition, list[ConsumerRecord[Any, Any]]]]):
        self._polls = list(polls)

    async def getmany(self, **asked: Any) -> dict[TopicPartition, list[Any]]:
        return self._polls.pop(0) if self._polls else {}

    async def commit(self, offsets: Any) -> None:
        return None

    async def stop(self) -> None:
        return None


def _poll(
    settings: SearchSettings, job: JobPayload, offset: int
) -> dict[TopicPartition, list[ConsumerRecord[Any, Any]]]:
    topic = settings.topic(JOB_TOPIC)
    event = EventEnvelope(
        type="jobs.job.published",
        aggregate_id=job.job_id,
        site="jobboard",
        payload=job.model_dump(),
    )
    return {TopicPartition(topic, 0): [fetched_record(topic, event, offset=offset)]}


async def _searchable(store: SearchStore, job_id: str) -> bool:
    """Found by a search (not a realtime get): what a refresh has made visible."""
    answer = await store.client.search(
        index=store.alias("jobs"), query={"ids": {"values": [job_id]}}, size=1
    )
    return bool(answer["hits"]["hits"])


@pytest.fixture
def steps(store: SearchStore, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float]]:
    """The indexer's refreshes and generation bumps, in order, with their times."""
    seen: list[tuple[str, float]] = []
    refresh_all, bump = store.refresh_all, consumers_module.bump_generation

    async def refreshed() -> None:
        seen.append(("refresh", time.monotonic()))
        await refresh_all()

    async def bumped(session: AsyncSession, name: str) -> None:
        await bump(session, name)
        seen.append(("bump", time.monotonic()))

    monkeypatch.setattr(store, "refresh_all", refreshed)
    monkeypatch.setattr(consumers_module, "bump_generation", bumped)
    return seen


async def test_a_poll_after_a_quiet_interval_is_searchable_when_it_returns(
    service_settings: ServiceSettings,
    store: SearchStore,
    committed_sessions: async_sessionmaker[AsyncSession],
    steps: list[tuple[str, float]],
) -> None:
    assert isinstance(service_settings, SearchSettings)
    settings = service_settings.model_copy(update={"indexer_refresh_seconds": EVERY})
    job = job_payload()
    consumer = indexer_consumer(committed_sessions, settings, store)
    consumer._consumer = _Polls([_poll(settings, job, 0)])  # type: ignore[assignment]
    async with committed_sessions() as session:
        generation = await read_generation(session, store.prefix)

    assert await consumer.poll_once() == 1
    # refreshed and bumped in the poll itself: a person's publish waits for no interval
    assert [name for name, _ in steps] == ["refresh", "bump"]
    assert await _searchable(store, job.job_id)
    async with committed_sessions() as session:
        assert await read_generation(session, store.prefix) == generation + 1
    await consumer.stop()


async def test_back_to_back_polls_share_refreshes_and_the_last_is_searchable_within_the_bound(
    service_settings: ServiceSettings,
    store: SearchStore,
    committed_sessions: async_sessionmaker[AsyncSession],
    steps: list[tuple[str, float]],
) -> None:
    assert isinstance(service_settings, SearchSettings)
    settings = service_settings.model_copy(update={"indexer_refresh_seconds": EVERY})
    jobs = [job_payload() for _ in range(8)]
    consumer = indexer_consumer(committed_sessions, settings, store)
    consumer._consumer = _Polls(  # type: ignore[assignment]
        [_poll(settings, job, offset) for offset, job in enumerate(jobs)]
    )
    for _ in jobs:
        last_asked = time.monotonic()
        assert await consumer.poll_once() == 1
    polled = time.monotonic()

    deadline = polled + EVERY + SLACK
    while not await _searchable(store, jobs[-1].job_id):
        assert time.monotonic() < deadline, "the last poll's job is not searchable in time"
        await asyncio.sleep(0.02)
    await consumer.stop()  # any trailing refresh still due runs first
    for job in jobs:
        assert await _searchable(store, job.job_id)

    names = [name for name, _ in steps]
    refreshes = names.count("refresh")
    # fewer refreshes than polls (one a poll before ADR 0062), each followed by its bump
    assert refreshes < len(jobs), names
    assert names == ["refresh", "bump"] * refreshes
    # the last refresh began after the last poll asked for it, within the interval
    last_refresh = [at for name, at in steps if name == "refresh"][-1]
    assert last_asked <= last_refresh <= polled + EVERY + SLACK
    # never two refreshes closer than the interval
    starts = [at for name, at in steps if name == "refresh"]
    assert all(b - a >= EVERY - 0.01 for a, b in pairwise(starts))
