"""The bulk ingestion's last hop in-process: search's indexer (``search-indexer``) applying the
jobs' events through jobkit's idempotent consumer, as it applies a poll's records, against a
scratch PostgreSQL database and an index prefix of its own; jobs per second and SQL
statements, beside a raw Elasticsearch ``_bulk`` of the same documents in the same run (issue
27, ADR 0053).

- **indexer**: the data set generator's jobs made and published as the ingestion does it
  (``bench.slot_answers``: the ATS batches, then billing's grants through jobs' slot-answer
  group; not timed), and every event they left in jobs' outbox for ``jobs.job``, in its order,
  handed to the indexer's consumer the way polls hand them over: fetches of up to ``--fetch``
  records (100), split by partition (the job id's hash over ``--partitions``), and applied with
  ``IdempotentConsumer.apply_poll`` (superseded snapshots skipped, the poll's partitions in one
  transaction, its documents in one ``_bulk``: ADR 0068), then the poll's after-batch step (the
  indices refreshed, the answers' generation bumped) as the group runs it: at most once per
  ``--every`` seconds with a trailing refresh (ADR 0062; the last one awaited in the row's
  time), beside a row with a refresh after every poll (as before ADR 0062), rows alternating
  ``--rounds`` times, each on a scratch search database and indices of its own.
- **baseline**: the documents the indexer wrote, read back, written with ``_bulk`` (1,000 a
  request, one request in flight per core) into an index of their own with the same settings
  and mappings, then refreshed: what writing the same documents costs without the indexer.

    .venv/bin/python -m bench.indexer
    .venv/bin/python -m bench.indexer --jobs 10000 --organizations 100
    .venv/bin/python -m bench.indexer --rounds 2           # each row twice, alternating
    .venv/bin/python -m bench.indexer --fetch 8            # small polls, as in the ingestion

Needs the local PostgreSQL and Elasticsearch (no service, no broker): the run makes a jobs and a
search database of its own (``test_jobs_<hex>``, ``test_search_<hex>`` for each row, migrated to
head) and indices under ``bench-indexer-<hex>``, and removes them after. Elasticsearch's CPU is
its process's (from ``/proc``: other users' work lands in it too, hence the alternating rows).
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from aiokafka import ConsumerRecord
from jobkit.consumer import MAX_BATCH, IdempotentConsumer
from jobkit.db import make_engine, make_sessionmaker
from jobkit.events import EventEnvelope
from jobkit.testing.database import temporary_database
from jobkit.testing.kafka import fetched_record
from jobkit.testing.statements import StatementLog, count_statements
from jobkit.throttle import Throttled
from jobs.db import outbox
from jobs.domain.events import JOB_TOPIC, SLOT_TOPIC
from jobs.messaging.consumers import slot_answers_consumer
from jobs.settings import SERVICE_DIR as JOBS_DIR
from jobs.settings import JobsSettings
from search.engine.indexing.store import store_for
from search.messaging.consumers import indexer_consumer, searchable_now
from search.settings import SERVICE_DIR as SEARCH_DIR
from search.settings import SearchSettings
from search.taxonomy.loader import load_vocabularies
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncEngine

from bench import cpu_account, slot_answers
from bench.harness import batch_bench_arguments
from bench.ingest import bulk_copy, machine

FETCH = MAX_BATCH  # records a poll hands over at most


@dataclass
class Row:
    """One pass of the indexer over the events, with one refresh policy."""

    every: float  # the after-batch step at most once per this many seconds (0: every poll)
    seconds: float
    cpu_seconds: float  # of this process (the indexer's Python side)
    es_seconds: float  # of the Elasticsearch process
    statements: int
    refreshes: int
    batches_applied: int
    batches_split: int
    superseded: int


@dataclass
class Figures:
    jobs: int  # published jobs, findable at the end of each row
    events: int
    rows: list[Row]
    documents: int
    baseline_seconds: float

    @property
    def batches_split(self) -> int:
        return sum(row.batches_split for row in self.rows)

    @property
    def baseline_per_second(self) -> float:
        return self.documents / self.baseline_seconds if self.baseline_seconds else 0.0


async def job_events(args: argparse.Namespace) -> tuple[list[EventEnvelope], int]:
    """The ingestion's events for ``jobs.job`` in the order jobs' outbox holds them, and how
    many jobs were published (a scratch jobs database, dropped after)."""
    settings = JobsSettings()
    async with temporary_database(settings, service_dir=JOBS_DIR) as url:
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        waiting = await slot_answers._waiting_jobs(sessions, settings, args)
        consumer = slot_answers_consumer(settings, sessions)
        for records in slot_answers.answers(waiting, settings.topic(SLOT_TOPIC), args.partitions):
            await consumer.apply(records)
        async with sessions() as session:
            bodies = await session.scalars(
                select(outbox.c.body)
                .where(outbox.c.topic == settings.topic(JOB_TOPIC))
                .order_by(outbox.c.id)
            )
            events = [EventEnvelope.from_bytes(body) for body in bodies]
        await engine.dispose()
    return events, len(waiting)


def polls(
    events: Sequence[EventEnvelope], topic: str, partitions: int, fetch: int = FETCH
) -> list[list[list[ConsumerRecord[bytes, bytes]]]]:
    """The events as polls hand them over: fetches of up to ``fetch`` records, each split into
    one list per partition (the key's hash picks it), in offset order."""
    offsets = [0] * partitions
    fetches: list[list[list[ConsumerRecord[bytes, bytes]]]] = []
    for start in range(0, len(events), fetch):
        by_partition: dict[int, list[ConsumerRecord[bytes, bytes]]] = {}
        for event in events[start : start + fetch]:
            partition = zlib.crc32(event.aggregate_id.encode()) % partitions
            record = fetched_record(topic, event, partition=partition, offset=offsets[partition])
            offsets[partition] += 1
            by_partition.setdefault(partition, []).append(record)
        fetches.append([by_partition[p] for p in sorted(by_partition)])
    return fetches


async def apply_polls(
    consumer: IdempotentConsumer,
    work: Sequence[Sequence[list[ConsumerRecord[bytes, bytes]]]],
    engine: AsyncEngine,
    after_batch: Throttled | None = None,
) -> tuple[float, float, StatementLog]:
    """Each fetch's partitions applied as ``IdempotentConsumer.poll_once`` applies them
    (``IdempotentConsumer.apply_poll``: together where the group batches across partitions), then
    ``after_batch`` (its trailing run awaited at the end); the seconds, this process's CPU
    seconds and the statements ``engine`` ran (its pool's connection made first, not counted)."""
    async with engine.connect() as connection:
        await connection.execute(text("SELECT 1"))
    with count_statements(engine.sync_engine) as log:
        started, cpu = time.perf_counter(), time.process_time()
        for fetch in work:
            await consumer.apply_poll(fetch)
            if after_batch is not None:
                await after_batch()
        if after_batch is not None:
            await after_batch.settle()
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    return seconds, cpu, log


def _elasticsearch_seconds() -> float:
    ticks = cpu_account.sample(cpu_account.services()).groups.get("elasticsearch", 0)
    return ticks / cpu_account.hertz()


async def _row(
    events: Sequence[EventEnvelope], published: int, args: argparse.Namespace, every: float
) -> tuple[Row, list[dict[str, object]]]:
    """The events through the indexer on a scratch database and indices of their own; the row
    and the documents it left findable."""
    settings = SearchSettings(index_prefix=f"bench-indexer-{uuid.uuid4().hex[:8]}")
    store = store_for(settings.elasticsearch_url, settings.index_prefix)
    async with temporary_database(settings, service_dir=SEARCH_DIR) as url:
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        try:
            await load_vocabularies(sessions, settings)
            await store.ensure_indices()
            consumer = indexer_consumer(sessions, settings, store, runs=not args.per_event)
            after_batch = Throttled(searchable_now(sessions, store), every=every)
            work = polls(events, settings.topic(JOB_TOPIC), args.partitions, args.fetch)
            es_before = _elasticsearch_seconds()
            seconds, cpu, log = await apply_polls(consumer, work, engine, after_batch)
            es_seconds = _elasticsearch_seconds() - es_before
            answer = await store.client.search(
                index=store.alias("jobs"),
                query={"term": {"findable": True}},
                size=10_000,
            )
            findable = answer["hits"]["total"]["value"]
            documents = [hit["_source"] for hit in answer["hits"]["hits"]]
        finally:
            await store.drop()
            await store.client.close()
            await engine.dispose()
    if findable != published:
        raise SystemExit(f"{findable} of {published} published jobs findable")
    row = Row(
        every=every,
        seconds=seconds,
        cpu_seconds=cpu,
        es_seconds=es_seconds,
        statements=log.count,
        refreshes=after_batch.runs,
        batches_applied=consumer.batches_applied,
        batches_split=consumer.batches_split,
        superseded=consumer.superseded_total,
    )
    return row, documents


async def main(args: argparse.Namespace) -> Figures:
    events, published = await job_events(args)
    intervals = [0.0, args.every] if args.every else [0.0]
    rows: list[Row] = []
    documents: list[dict[str, object]] = []
    for _ in range(args.rounds):
        for every in intervals:
            row, documents = await _row(events, published, args, every)
            rows.append(row)
    store = store_for(SearchSettings().elasticsearch_url, "bench-indexer")
    try:
        baseline = await bulk_copy(store.client, documents, name="bench-indexer-raw")
    finally:
        await store.client.close()
    return Figures(
        jobs=published,
        events=len(events),
        rows=rows,
        documents=len(documents),
        baseline_seconds=baseline,
    )


def report(figures: Figures, args: argparse.Namespace) -> None:
    print()
    print(
        f"indexer: {figures.events} job events of {figures.jobs} published jobs, "
        f"{args.organizations} organizations, {args.partitions} partitions, "
        f"fetches of {args.fetch}, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}"
    )
    kind = "per event" if args.per_event else "runs at once"
    print(f"indexer: search-indexer, {kind}")
    print(
        f"{'row':<44} {'seconds':>8} {'jobs/s':>8} {'stmts/job':>10} {'refreshes':>9} "
        f"{'CPU ms/job':>10} {'ES ms/job':>9}"
    )
    for row in figures.rows:
        label = (
            f"refresh at most every {row.every:g} s (0062)"
            if row.every
            else "refresh after every poll (before 0062)"
        )
        print(
            f"{label:<44} {row.seconds:>8.2f} {figures.jobs / row.seconds:>8.1f} "
            f"{row.statements / figures.jobs:>10.2f} {row.refreshes:>9} "
            f"{row.cpu_seconds * 1000 / figures.jobs:>10.2f} "
            f"{row.es_seconds * 1000 / figures.jobs:>9.2f}"
            f"   ({row.batches_applied} batches, {row.batches_split} split, "
            f"{row.superseded} superseded)"
        )
    print(
        f"{f'baseline: _bulk of its {figures.documents} documents':<44} "
        f"{figures.baseline_seconds:>8.2f} {figures.baseline_per_second:>8.1f}"
    )
    print(
        "CPU: this process's (the indexer's Python side); ES: the Elasticsearch process's "
        "(shared); the baseline writes the documents the last row left, in the same run"
    )


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    return batch_bench_arguments(
        argv,
        prog="python -m bench.indexer",
        doc=__doc__,
        jobs_help="jobs in all",
        topic="jobs.job",
        before=(
            "--per-event",
            "the batch without run handlers: each job snapshot's labels read and document "
            "built on its own, as before ADR 0053",
        ),
        more=_refresh_arguments,
    )


def _refresh_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--every",
        type=float,
        default=SearchSettings.model_fields["indexer_refresh_seconds"].default,
        help="the indexer's refresh at most once per this many seconds (0.25); 0: its row only",
    )
    parser.add_argument("--rounds", type=int, default=1, help="each row this many times (1)")
    parser.add_argument(
        "--fetch",
        type=int,
        default=FETCH,
        help=f"records a poll hands over at most ({FETCH}; the ingestion's polls are smaller: "
        "the relays send as the api writes)",
    )


if __name__ == "__main__":
    arguments = parse()
    report(asyncio.run(main(arguments)), arguments)
