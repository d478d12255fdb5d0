"""Kept search answers (ADR 0047): a repeated jobSearch or organizationSearch is answered from
the process's cache, an index change through the indexer is seen within the cache's bound, and a
recruiter's resumeSearch is never kept."""

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from jobkit.db import make_sessionmaker
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.settings import ServiceSettings
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from search.engine.answer_cache import (
    AnswerCache,
    answer_cache_for,
    bump_generation,
    hear_generation_changes,
)
from search.engine.indexing.indexer import index_job, index_profile
from search.engine.indexing.payloads import JOB_TOPIC, JobPayload
from search.engine.indexing.store import SearchStore
from search.messaging.consumers import indexer_consumer, indexer_topics
from search.settings import SearchSettings
from sqlalchemy.ext.asyncio import AsyncEngine

from services.search.tests.factories import job_payload, profile_payload
from services.search.tests.graphql.test_resume_search import SEARCH as RESUME_SEARCH
from services.search.tests.graphql.test_resume_search import index as index_resume
from services.search.tests.integration.test_resume_index import resume_event

pytestmark = pytest.mark.integration

JOB_SEARCH = """query($input: JobSearchInput!) { jobSearch(input: $input) {
  __typename ... on JobSearchResults { total hits { job { id } title } } } }"""
ORGANIZATION_SEARCH = """query($input: OrganizationSearchInput!) {
  organizationSearch(input: $input) {
    __typename ... on OrganizationSearchResults { total hits { name } } } }"""


def marker(word: str) -> str:
    return f"{word}{uuid.uuid4().hex[:6]}"


@dataclass
class Kept:
    """The service's two caches: the resolvers' answers and a visitor's whole responses."""

    answers: AnswerCache
    responses: AnswerCache

    @property
    def hits(self) -> int:
        return self.answers.hits + self.responses.hits

    @property
    def check_interval(self) -> float:
        return self.answers.check_interval

    def __len__(self) -> int:
        return len(self.answers) + len(self.responses)


@pytest.fixture
def answers(service_settings: ServiceSettings) -> Kept:
    assert isinstance(service_settings, SearchSettings)
    prefix, capacity = service_settings.index_prefix, service_settings.answer_cache_size
    return Kept(
        answer_cache_for(prefix, capacity=capacity),
        answer_cache_for(prefix, capacity=capacity, kind="responses"),
    )


async def job_ids(graphql: GraphQLClient, word: str) -> list[str]:
    answer = (await graphql.data(JOB_SEARCH, input={"fulltext": {"keys": word}}))["jobSearch"]
    assert answer["__typename"] == "JobSearchResults"
    return [hit["job"]["id"] for hit in answer["hits"]]


async def seen_after_bound(answers: Kept) -> None:
    """Wait out the cache's bound: the next request reads the generation again."""
    await asyncio.sleep(answers.check_interval + 0.05)


async def written_straight(store: SearchStore, sessions: Any, *jobs: JobPayload) -> None:
    """Jobs written to Elasticsearch and refreshed, not through the indexer: the generation
    stays, so kept answers stay."""
    async with sessions() as session:
        for job in jobs:
            await index_job(store, session, job, "jobs.job.published")
    await store.refresh("jobs")


async def bumped(sessions: Any, name: str) -> None:
    """The indexer's step after a refresh: the generation moves (and is announced)."""
    async with sessions() as session:
        await bump_generation(session, name)
        await session.commit()


async def test_a_repeated_search_is_answered_from_the_cache_until_the_generation_moves(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any, answers: Kept
) -> None:
    word = marker("Lepidopterist")
    first = job_payload(title=f"{word} first")
    await written_straight(store, committed_sessions, first)
    assert await job_ids(graphql, word) == [first.job_id]
    hits = answers.hits

    # written straight to Elasticsearch, not through the indexer: the generation stays
    second = job_payload(title=f"{word} second")
    await written_straight(store, committed_sessions, second)
    assert await job_ids(graphql, word) == [first.job_id]  # the kept answer
    assert answers.hits == hits + 1

    await bumped(committed_sessions, store.prefix)
    await seen_after_bound(answers)
    assert sorted(await job_ids(graphql, word)) == sorted([first.job_id, second.job_id])


RECOMMENDED = """query($jobId: ID!) { recommendedJobs(jobId: $jobId, limit: 10) {
  __typename ... on RecommendedJobs { hits { job { id } } } } }"""
VIDEO = """query { videoJobs(limit: 7) {
  __typename ... on VideoJobs { hits { job { id } } } } }"""


async def test_similar_and_video_jobs_are_kept_until_the_generation_moves(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any, answers: Kept
) -> None:
    """The job page's similar jobs and the home page's video row answer the same for every
    visitor: kept like a search, asked again once the indices change."""
    word = marker("Horologist")
    text = f"{word} repairs clocks and watches in the workshop; {word} apprentices welcome."
    job = job_payload(title=f"{word} senior", description_text=text)
    alike = job_payload(title=f"{word} junior", description_text=text)
    video = "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
    filmed = job_payload(
        title=f"{word} filmed", video_url=video, published_at=datetime.now(UTC).isoformat()
    )

    async def similar() -> list[str]:
        answer = (await graphql.data(RECOMMENDED, jobId=job.job_id))["recommendedJobs"]
        assert answer["__typename"] == "RecommendedJobs"
        return [hit["job"]["id"] for hit in answer["hits"]]

    async def videos() -> list[str]:
        answer = (await graphql.data(VIDEO))["videoJobs"]
        assert answer["__typename"] == "VideoJobs"
        return [hit["job"]["id"] for hit in answer["hits"]]

    await written_straight(store, committed_sessions, job)
    assert alike.job_id not in await similar()
    shown = await videos()
    hits = answers.hits

    # written straight to Elasticsearch, not through the indexer: the generation stays
    await written_straight(store, committed_sessions, alike, filmed)
    assert alike.job_id not in await similar()  # the kept answers
    assert await videos() == shown
    assert answers.hits == hits + 2

    await bumped(committed_sessions, store.prefix)
    await seen_after_bound(answers)
    assert alike.job_id in await similar()
    assert filmed.job_id in await videos()


async def test_organization_search_answers_are_kept_per_language(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any, answers: Kept
) -> None:
    word = marker("Mycology")
    async with committed_sessions() as session:
        await index_profile(store, session, profile_payload(name=f"{word} Society"))
    await store.refresh_all()

    async def names(language: str) -> list[str]:
        answer = (
            await graphql.data(
                ORGANIZATION_SEARCH, input={"fulltext": {"keys": word}, "language": language}
            )
        )["organizationSearch"]
        return [hit["name"] for hit in answer["hits"]]

    assert await names("en") == [f"{word} Society"]
    async with committed_sessions() as session:
        await index_profile(store, session, profile_payload(name=f"{word} Circle"))
    await store.refresh_all()
    assert await names("en") == [f"{word} Society"]  # kept
    assert sorted(await names("de")) == sorted([f"{word} Society", f"{word} Circle"])


async def soon(check: Callable[[], Awaitable[bool]], seconds: float = 10.0) -> None:
    """Until ``check()`` holds, looking every 20 ms for at most ``seconds`` (a bound for a
    slow machine, far below the hour-long intervals the tests set)."""
    for _ in range(int(seconds / 0.02)):
        if await check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not within the bound")


async def test_a_bump_is_heard_at_once_whatever_the_interval(
    service_engine: AsyncEngine, committed_sessions: Any
) -> None:
    """A process hears the indexer's bump (from any process) on its own connection: its next
    request reads the new generation, although its interval (an hour here) has not passed."""
    cache = answer_cache_for(marker("heard"))
    cache.check_interval = 3600.0
    sessions = make_sessionmaker(service_engine)
    listening = asyncio.Event()
    hearing = asyncio.create_task(hear_generation_changes(service_engine, listening=listening))
    try:
        async with asyncio.timeout(10):
            await listening.wait()
        before = await cache.generation(sessions)
        assert await cache.generation(sessions) == before  # kept for the interval

        await bumped(committed_sessions, cache.name)

        async def moved() -> bool:
            return await cache.generation(sessions) != before

        await soon(moved)
        assert await cache.generation(sessions) == (before or 0) + 1
    finally:
        hearing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await hearing


async def test_the_running_service_hears_a_bump_before_its_interval(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any, answers: Kept
) -> None:
    word = marker("Campanologist")
    first = job_payload(title=f"{word} first")
    await written_straight(store, committed_sessions, first)
    intervals = answers.answers.check_interval, answers.responses.check_interval
    answers.answers.check_interval = answers.responses.check_interval = 3600.0
    try:
        assert await job_ids(graphql, word) == [first.job_id]
        second = job_payload(title=f"{word} second")
        await written_straight(store, committed_sessions, second)
        assert await job_ids(graphql, word) == [first.job_id]  # kept

        await bumped(committed_sessions, store.prefix)

        async def both() -> bool:
            return len(await job_ids(graphql, word)) == 2

        await soon(both)  # heard, not waited out
    finally:
        answers.answers.check_interval, answers.responses.check_interval = intervals


@pytest.fixture
async def indexer(
    service_settings: ServiceSettings,
    run_prefix: str,
    store: SearchStore,
    service_engine: AsyncEngine,
) -> AsyncIterator[Any]:
    """The production indexer consumer (its refresh and generation bump after each batch) on
    topics of this test's own."""
    assert isinstance(service_settings, SearchSettings)
    settings = service_settings.model_copy(
        update={"kafka_topic_prefix": f"{run_prefix}answers{uuid.uuid4().hex[:6]}."}
    )
    topics = list(indexer_topics(settings, store))
    await ensure_topics(
        settings.kafka_bootstrap_servers, topics + [f"{topic}.dlt" for topic in topics]
    )
    consumer = indexer_consumer(make_sessionmaker(service_engine), settings, store)
    await consumer.start()

    async def publish(event_type: str, job: JobPayload) -> None:
        producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-answers")
        await producer.start()
        try:
            envelope = EventEnvelope(
                type=event_type,
                aggregate_id=job.job_id,
                aggregate_version=job.version,
                site="jobboard",
                payload=job.model_dump(mode="json"),
            )
            await producer.send_and_wait(
                settings.topic(JOB_TOPIC), envelope.to_bytes(), key=job.job_id.encode()
            )
        finally:
            await producer.stop()
        deadline = asyncio.get_running_loop().time() + 30
        while not await consumer.poll_once(timeout_ms=500):
            assert asyncio.get_running_loop().time() < deadline, "the indexer consumed nothing"

    yield publish
    await consumer.stop()


async def test_a_job_published_then_closed_through_the_indexer_is_seen_within_the_bound(
    graphql: GraphQLClient, store: SearchStore, indexer: Any, answers: Kept
) -> None:
    word = marker("Speleologist")
    assert await job_ids(graphql, word) == []
    hits = answers.hits
    assert await job_ids(graphql, word) == []
    assert answers.hits == hits + 1  # kept: nothing found
    job = job_payload(title=f"{word} wanted", version=1)

    await indexer("jobs.job.published", job)
    await seen_after_bound(answers)
    assert await job_ids(graphql, word) == [job.job_id]

    closed = job.model_copy(update={"state": "archived", "version": 2})
    await indexer("jobs.job.archived", closed)
    await seen_after_bound(answers)
    assert await job_ids(graphql, word) == []


async def test_a_recruiters_resume_search_is_never_kept(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    store: SearchStore,
    committed_sessions: Any,
    answers: Kept,
) -> None:
    word = marker("Volcanologist")
    recruiter = graphql.as_user(tokens.token(roles=["recruiter"]))
    kept = len(answers)

    async def titles() -> list[str]:
        answer = (await recruiter.data(RESUME_SEARCH, input={"fulltext": {"keys": word}}))[
            "resumeSearch"
        ]
        return sorted(hit["title"] for hit in answer["hits"])

    await index_resume(store, committed_sessions, resume_event(1, title=f"{word} one"))
    assert await titles() == [f"{word} one"]
    await index_resume(store, committed_sessions, resume_event(1, title=f"{word} two"))
    assert await titles() == [f"{word} one", f"{word} two"]
    assert len(answers) == kept


async def test_the_cache_keeps_at_most_its_capacity_least_recently_used_first_out(
    store: SearchStore, committed_sessions: Any
) -> None:
    cache = AnswerCache(name=store.prefix, capacity=2)
    made: list[str] = []

    async def ask(key: str) -> str:
        async def make() -> tuple[str, bool]:
            made.append(key)
            return key, True

        return await cache.answer(key, make, sessions=committed_sessions)

    for key in ("a", "b", "a", "c", "a", "b"):
        assert await ask(key) == key
    assert made == ["a", "b", "c", "b"]  # "b" was the least recently used when "c" came
    assert len(cache) == 2


async def test_a_visitors_search_only_request_is_answered_with_the_kept_bytes(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    store: SearchStore,
    committed_sessions: Any,
    service_settings: ServiceSettings,
) -> None:
    assert isinstance(service_settings, SearchSettings)
    responses = answer_cache_for(
        service_settings.index_prefix,
        capacity=service_settings.answer_cache_size,
        kind="responses",
    )
    word = marker("Entomologist")
    async with committed_sessions() as session:
        await index_job(store, session, job_payload(title=f"{word} one"), "jobs.job.published")
    await store.refresh("jobs")
    first = await graphql.execute(JOB_SEARCH, input={"fulltext": {"keys": word}})
    hits = responses.hits
    assert await graphql.execute(JOB_SEARCH, input={"fulltext": {"keys": word}}) == first
    assert responses.hits == hits + 1

    # a signed-in caller's request is executed (its search may still be a kept answer)
    signed_in = graphql.as_user(tokens.token(roles=["applicant"]))
    assert await signed_in.execute(JOB_SEARCH, input={"fulltext": {"keys": word}}) == first
    # an operation asking more than searches is executed too
    both = JOB_SEARCH.replace(
        "jobSearch(input: $input) {", "vocabularies jobSearch(input: $input) {"
    )
    answer = await graphql.execute(both, input={"fulltext": {"keys": word}})
    assert answer["data"]["vocabularies"]
    assert responses.hits == hits + 1
