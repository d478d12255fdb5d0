"""The indexer's batches (ADR 0053): a fetched batch's run of job snapshots indexed at once,
driven through the group's consumer as a poll hands records over (``IdempotentConsumer.apply``,
no broker): its statements do not grow with the run, its documents are those of the events
applied one at a time, a batch delivered again has no second effect, and a bad event is
dead-lettered alone."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

import pytest
from aiokafka import TopicPartition
from jobkit.consumer import IdempotentConsumer
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.elasticsearch import count_requests
from jobkit.testing.kafka import DeadLetters, fetched_record
from jobkit.testing.statements import StatementLog
from search.engine.indexing.payloads import JOB_TOPIC, PROFILE_TOPIC, JobPayload
from search.engine.indexing.store import SearchStore
from search.messaging.consumers import indexer_consumer
from search.settings import SearchSettings
from search.site.models import Route
from search.site.routes import JOB, apply_many_paths, job_paths
from search.taxonomy.seed import read_seed_terms
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.factories import job_payload, profile_payload

pytestmark = pytest.mark.integration

Statements = Callable[[], AbstractContextManager[StatementLog]]
SEED = read_seed_terms()


def tid(vocabulary: str, alias: str) -> int:
    return next(t.tid for t in SEED if t.vocabulary == vocabulary and t.aliases["en"] == alias)


@pytest.fixture
def settings(service_settings: ServiceSettings) -> SearchSettings:
    assert isinstance(service_settings, SearchSettings)
    return service_settings


def _consumer(
    settings: SearchSettings,
    sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    *,
    runs: bool = True,
) -> tuple[IdempotentConsumer, DeadLetters]:
    consumer = indexer_consumer(sessions, settings, store, runs=runs)
    return consumer, DeadLetters.of(consumer)


def _event(event_type: str, payload: JobPayload, **changed: Any) -> EventEnvelope:
    return EventEnvelope(
        type=event_type,
        aggregate_id=payload.job_id,
        site="jobboard",
        payload=payload.model_dump() | changed,
    )


def _records(
    settings: SearchSettings, events: Sequence[EventEnvelope], topic: str = JOB_TOPIC
) -> list[Any]:
    return [
        fetched_record(settings.topic(topic), event, offset=offset)
        for offset, event in enumerate(events)
    ]


def _jobs(count: int, organization_id: str, **overrides: Any) -> list[JobPayload]:
    kinds = [tid("employment_types", "full-time"), tid("employment_types", "part-time")]
    return [
        job_payload(
            title=f"Registered nurse {index}",
            description_text="A registered nurse and a social worker visit families.",
            organization_id=organization_id,
            employment_type_tids=[kinds[index % 2]],
            updated_at="2026-11-02T10:00:00+00:00" if index % 2 else None,
            **overrides,
        )
        for index in range(count)
    ]


async def test_a_run_of_job_snapshots_costs_the_same_statements_whatever_its_length(
    settings: SearchSettings,
    store: SearchStore,
    committed_sessions: async_sessionmaker[AsyncSession],
    statements: Statements,
) -> None:
    consumer, dead = _consumer(settings, committed_sessions, store)
    counted = []
    texts = []
    for size in (6, 60):
        jobs = _jobs(size, str(uuid.uuid4()))
        with statements() as log:
            await consumer.apply(
                _records(settings, [_event("jobs.job.published", job) for job in jobs])
            )
        counted.append(log.count)
        texts.append(log.statements)
        for job in jobs:
            document = await store.get("jobs", job.job_id)
            assert document is not None
            assert document["findable"] is True
            assert document["term_labels"]["employment_types"] in (["Full-time"], ["Part-time"])
    assert consumer.batches_applied == 2
    assert consumer.batches_split == 0
    assert dead.ids == []
    assert counted[0] == counted[1], counted
    # the same statements whatever the run's length (the ledger's rows and the slug index's
    # from arrays, not a VALUES list as long as the run): each compiled and prepared once
    assert texts[0] == texts[1]


async def test_a_run_indexes_each_job_as_its_events_one_at_a_time_would(
    settings: SearchSettings,
    store: SearchStore,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    documents: list[list[dict[str, Any]]] = []
    for runs in (True, False):
        profile = profile_payload(name="Quokka Care", industry_tid=tid("industries", "health"))
        profiled = _jobs(3, profile.organization_id, state="published")
        others = _jobs(3, str(uuid.uuid4()), state="draft")
        consumer, dead = _consumer(settings, committed_sessions, store, runs=runs)
        await consumer.apply(
            _records(
                settings,
                [
                    EventEnvelope(
                        type="organizations.profile.published",
                        aggregate_id=profile.profile_id,
                        site="jobboard",
                        payload=profile.model_dump(),
                    )
                ],
                topic=PROFILE_TOPIC,
            )
        )
        await consumer.apply(
            _records(
                settings,
                [_event("jobs.job.published", job) for job in profiled]
                + [_event("jobs.job.created", job) for job in others]
                + [_event("jobs.job.archived", profiled[0], version=2, state="archived")],
            )
        )
        assert consumer.batches_split == 0
        assert dead.ids == []
        found = []
        for job in profiled + others:
            document = await store.get("jobs", job.job_id)
            assert document is not None
            found.append(
                {
                    key: value
                    for key, value in document.items()
                    if key
                    not in {"id", "slug", "organization_id", "organization_slug", "changed_at"}
                }
            )
            # the sitemaps' lastmod: the job's own change, else its event's time
            assert document["changed_at"] == (
                job.updated_at if job.updated_at else document["changed_at"]
            )
        documents.append(found)
    assert documents[0] == documents[1]
    assert [document["findable"] for document in documents[0]] == [False, True, True] + [False] * 3
    assert documents[0][1]["organization_name"] == "Quokka Care"
    assert documents[0][1]["term_labels"]["industry"] == ["Health"]
    assert "casework" in documents[0][1]["body_stem"].split()  # a synonym of "social worker"


async def test_a_batch_delivered_again_has_no_second_effect(
    settings: SearchSettings,
    store: SearchStore,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    jobs = _jobs(4, str(uuid.uuid4()))
    records = _records(settings, [_event("jobs.job.published", job) for job in jobs])
    consumer, dead = _consumer(settings, committed_sessions, store)
    await consumer.apply(records)
    # the document changed meanwhile at the same version: a second application would undo it
    document = await store.get("jobs", jobs[0].job_id)
    assert document is not None
    await store.write("jobs", document | {"title": "Changed meanwhile"})
    await consumer.apply(records)
    assert consumer.batches_applied == 2
    assert dead.ids == []
    again = await store.get("jobs", jobs[0].job_id)
    assert again is not None
    assert again["title"] == "Changed meanwhile"


async def test_a_bad_event_in_a_run_is_dead_lettered_alone(
    settings: SearchSettings,
    store: SearchStore,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    good = _jobs(2, str(uuid.uuid4()))
    bad = EventEnvelope(
        type="jobs.job.published",
        aggregate_id=str(uuid.uuid4()),
        site="jobboard",
        payload={"job_id": "no-title"},
    )
    consumer, dead = _consumer(settings, committed_sessions, store)
    await consumer.apply(
        _records(
            settings,
            [_event("jobs.job.published", good[0]), bad, _event("jobs.job.published", good[1])],
        )
    )
    assert consumer.batches_split == 1
    assert dead.ids == [str(bad.id)]
    for job in good:
        assert await store.get("jobs", job.job_id) is not None


async def test_a_run_reads_its_organizations_profiles_in_one_request(
    settings: SearchSettings,
    store: SearchStore,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    consumer, dead = _consumer(settings, committed_sessions, store)
    await store.ensure_indices()
    sent = []
    for organizations in (2, 12):
        profiles = [profile_payload(name=f"Quokka Care {n}") for n in range(organizations)]
        await consumer.apply(
            _records(
                settings,
                [
                    EventEnvelope(
                        type="organizations.profile.published",
                        aggregate_id=profile.profile_id,
                        site="jobboard",
                        payload=profile.model_dump(),
                    )
                    for profile in profiles
                ],
                topic=PROFILE_TOPIC,
            )
        )
        # each organization's jobs, and one of an organization without a profile
        jobs = [
            job
            for profile in profiles
            for job in _jobs(2, profile.organization_id, organization_name="Old name")
        ] + _jobs(1, str(uuid.uuid4()), organization_name="Old name")
        with count_requests(store.client) as requests:
            await consumer.apply(
                _records(settings, [_event("jobs.job.published", job) for job in jobs])
            )
        sent.append(requests.requests)
        for job, name in zip(
            jobs,
            [profile.name for profile in profiles for _ in range(2)] + ["Old name"],
            strict=True,
        ):
            document = await store.get("jobs", job.job_id)
            assert document is not None
            assert document["organization_name"] == name
    assert dead.ids == []
    assert consumer.batches_split == 0
    # the profiles in one _mget, the documents in one _bulk, whatever the organizations
    assert sent[0] == sent[1]
    assert sorted(method for method, _ in sent[0]) == ["POST", "PUT"]
    assert any(path.endswith("-organizations/_mget") for _, path in sent[0]), sent[0]
    assert any(path == "/_bulk" for _, path in sent[0]), sent[0]


class _Poll:
    """Stands for aiokafka's consumer: one ``getmany`` hands over the poll's records; the
    offsets committed are kept."""

    def __init__(self, poll: dict[TopicPartition, list[Any]]) -> None:
        self._poll: dict[TopicPartition, list[Any]] | None = poll
        self.commits: list[dict[TopicPartition, int]] = []

    async def getmany(self, **asked: Any) -> dict[TopicPartition, list[Any]]:
        poll, self._poll = self._poll or {}, None
        return poll

    async def commit(self, offsets: dict[TopicPartition, int]) -> None:
        self.commits.append(dict(offsets))

    async def stop(self) -> None:
        return None


async def test_a_poll_of_several_partitions_is_one_batch_one_bulk_and_one_commit(
    settings: SearchSettings,
    store: SearchStore,
    committed_sessions: async_sessionmaker[AsyncSession],
    statements: Statements,
) -> None:
    """ADR 0068: every partition a poll brought is applied in one transaction (one ledger
    statement, the slug index's statements once, one ``_bulk``) and committed together."""
    consumer, dead = _consumer(settings, committed_sessions, store)
    await store.ensure_indices()
    topic = settings.topic(JOB_TOPIC)
    organization_id = str(uuid.uuid4())
    by_partition = {partition: _jobs(3, organization_id) for partition in range(3)}
    poll = {
        TopicPartition(topic, partition): [
            fetched_record(topic, _event("jobs.job.published", job), partition=partition, offset=n)
            for n, job in enumerate(jobs)
        ]
        for partition, jobs in by_partition.items()
    }
    broker = _Poll(poll)
    consumer._consumer = broker  # type: ignore[assignment]
    with count_requests(store.client) as requests, statements() as log:
        assert await consumer.poll_once() == 9
    await consumer.stop()
    assert dead.ids == []
    assert (consumer.batches_applied, consumer.batches_split) == (1, 0)
    assert broker.commits == [{partition: 3 for partition in poll}]
    assert [path for _, path in requests.requests].count("/_bulk") == 1, requests.requests
    ledger = [s for s in log.statements if s.startswith("INSERT INTO processed_events")]
    locks = [s for s in log.statements if "pg_advisory_xact_lock" in s]
    assert (len(ledger), len(locks)) == (1, 1), log.statements
    for jobs in by_partition.values():
        for job in jobs:
            document = await store.get("jobs", job.job_id)
            assert document is not None
            assert document["findable"] is True
    async with committed_sessions() as session:
        paths = set(await session.scalars(select(Route.slug).where(Route.content_type == JOB)))
    assert {f"/job/{job.slug}" for jobs in by_partition.values() for job in jobs} <= paths


async def test_the_slug_index_runs_the_same_statement_objects_for_every_batch(
    committed_sessions: async_sessionmaker[AsyncSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch's paths build no SQL expression of their own (building them was a tenth of the
    indexer's CPU): every batch runs the very statements built once."""
    ran: list[list[object]] = []

    async def batch(size: int, version: int) -> None:
        statements: list[object] = []
        async with committed_sessions() as session, session.begin():
            execute = session.execute

            async def recorded(statement: Any, *args: Any, **kwargs: Any) -> Any:
                statements.append(statement)
                return await execute(statement, *args, **kwargs)

            monkeypatch.setattr(session, "execute", recorded)
            answers = await apply_many_paths(
                session,
                [
                    job_paths(
                        job_id=job_id,
                        slug=f"nurse-{job_id[:8]}-{version}",
                        former_slugs=[f"nurse-{job_id[:8]}-{version - 1}"],
                        version=version,
                    )
                    for job_id in job_ids[:size]
                ],
            )
        assert answers == [True] * size
        ran.append(statements)

    job_ids = [str(uuid.uuid4()) for _ in range(5)]
    await batch(2, 1)
    await batch(5, 2)
    assert len(ran[0]) == len(ran[1]) == 5
    assert all(a is b for a, b in zip(*ran, strict=True))


async def test_documents_read_together_are_those_read_alone(store: SearchStore) -> None:
    profiles = [profile_payload(name=f"Wombat Works {n}") for n in range(3)]
    for profile in profiles:
        await store.write(
            "organizations",
            {"id": profile.organization_id, "version": 1, "name": profile.name},
        )
    ids = [profile.organization_id for profile in profiles]
    missing = str(uuid.uuid4())
    asked = [*ids, missing, ids[0], "", "x" * 600]
    alone = {document_id: await store.get("organizations", document_id) for document_id in asked}
    together = await store.get_many("organizations", asked)
    assert together == alone
    assert list(together) == list(dict.fromkeys(asked))
    assert together[missing] is None
    assert together[ids[1]] == {"id": ids[1], "version": 1, "name": "Wombat Works 1"}
    # in a batch's scope: a job written there is read as written, what was read is not asked
    # for again
    job = {"id": str(uuid.uuid4()), "version": 1, "title": "Gathered"}
    async with store.bulk_writes():
        await store.write("jobs", job)
        assert await store.get_many("jobs", [job["id"]]) == {job["id"]: job}
        await store.get_many("organizations", ids)
        await store.client.delete(index=store.alias("organizations"), id=ids[2], refresh=True)
        assert (await store.get_many("organizations", [ids[2], missing]))[ids[2]] == alone[ids[2]]
