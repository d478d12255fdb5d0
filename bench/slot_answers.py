"""The bulk ingestion's saga hop, jobs' side, in-process: the jobs service's slot-answer group
(``jobs-slots``) applying billing's answers (``billing.slot.granted``) through jobkit's
idempotent consumer, as it applies a poll's records, against a scratch PostgreSQL database;
jobs per second and SQL statements per answer, beside a raw baseline measured in the same run
(issue 27, ADR 0053).

- **answers**: the data set generator's jobs (``bench.ats_batches``: ``--jobs`` over
  ``--organizations``, put through ``put_jobs`` first, not timed), and for each job asking
  for publication billing's grant from credits, sent to the consumer the way a poll hands them
  over: fetches of up to ``--fetch`` records (100), split by partition (the job id's hash over
  ``--partitions``), each fetch applied with ``IdempotentConsumer.apply_poll`` as ``poll_once``
  applies it (a batch per partition, or one for the poll where the group batches across
  partitions; one by one if a batch fails). Every answer publishes its job: the row
  updated, its ``jobs.job.published`` snapshot in the outbox, the answer in the group's
  processed-events ledger.
- **baseline**: the rows the group wrote (the jobs it published, its outbox rows and its
  processed events) copied with plain INSERTs (the driver's executemany, 1,000 rows a call)
  into tables made like theirs in the same database: what writing the same data costs
  without any rule.

    .venv/bin/python -m bench.slot_answers
    .venv/bin/python -m bench.slot_answers --per-answer          # the group before ADR 0053

Needs only the local PostgreSQL (no service, no broker): the run makes a database of its own
(``test_jobs_<hex>``, migrated to head) and drops it after. Statements are counted too: unlike
the seconds, they do not depend on how busy the machine is.
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
from typing import cast

from aiokafka import ConsumerRecord
from jobkit.auth import Principal
from jobkit.consumer import MAX_BATCH
from jobkit.db import make_engine, make_sessionmaker
from jobkit.events import EventEnvelope
from jobkit.testing.database import temporary_database
from jobkit.testing.kafka import fetched_record
from jobkit.testing.statements import count_statements
from jobs.db import outbox, processed_events
from jobs.domain.ats import put_jobs
from jobs.domain.events import SLOT_TOPIC, SlotGranted
from jobs.domain.models import Job
from jobs.messaging.consumers import slot_answers_consumer
from jobs.settings import SERVICE_DIR as JOBS_DIR
from jobs.settings import JobsSettings
from sqlalchemy import Table, func, select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bench import ats_batches
from bench.harness import batch_bench_arguments
from bench.ingest import machine
from bench.raw_copy import copy_rows

FETCH = MAX_BATCH  # records a poll hands over at most (the default of --fetch)
JOBS = cast(Table, Job.__table__)


@dataclass
class Figures:
    answers: int
    published: int
    seconds: float
    cpu_seconds: float  # of this process (the consumer's Python side; the database's is apart)
    statements: int
    batches_applied: int
    batches_split: int
    rows: int
    baseline_seconds: float
    baseline_statements: int

    @property
    def per_second(self) -> float:
        return self.answers / self.seconds if self.seconds else 0.0

    @property
    def baseline_per_second(self) -> float:
        return self.answers / self.baseline_seconds if self.baseline_seconds else 0.0


async def _waiting_jobs(
    sessions: async_sessionmaker[AsyncSession], settings: JobsSettings, args: argparse.Namespace
) -> list[Job]:
    """The data set generator's jobs through the ATS batches (not timed): those waiting for a
    slot, in the order they asked."""
    tids, made = await ats_batches._seed(sessions, args.organizations)
    actor = Principal(user_id=str(uuid.uuid4()), roles=frozenset({"recruiter", "administrator"}))
    for organization_id, jobs in ats_batches.batches(args, tids, made):
        await put_jobs(
            sessions=sessions,
            settings=settings,
            principal=actor,
            organization_id=organization_id,
            jobs=jobs,
        )
    async with sessions() as session:
        return list(
            await session.scalars(
                select(Job).where(Job.state == "awaiting_slot").order_by(Job.submitted_at)
            )
        )


def answers(
    jobs: Sequence[Job], topic: str, partitions: int, fetch: int = FETCH
) -> list[list[ConsumerRecord[bytes, bytes]]]:
    """:func:`answer_polls`' partitions' records one list after another, as a caller applying
    each partition's with ``IdempotentConsumer.apply`` takes them."""
    return [records for poll in answer_polls(jobs, topic, partitions, fetch) for records in poll]


def answer_polls(
    jobs: Sequence[Job], topic: str, partitions: int, fetch: int = FETCH
) -> list[list[list[ConsumerRecord[bytes, bytes]]]]:
    """Billing's grants as the consumer gets them: polls of up to ``fetch`` records, each
    split into one list per partition (the key's hash picks it), in offset order."""
    offsets = [0] * partitions
    fetches: list[list[list[ConsumerRecord[bytes, bytes]]]] = []
    by_partition: dict[int, list[ConsumerRecord[bytes, bytes]]] = {}
    for index, job in enumerate(jobs):
        event = EventEnvelope(
            type=SlotGranted.event_type,
            aggregate_id=str(job.id),
            site=job.site,
            actor="system:slots",
            payload={
                "job_id": str(job.id),
                "organization_number": job.organization_number,
                "source": "credits",
            },
        )
        partition = zlib.crc32(str(job.id).encode()) % partitions
        record = fetched_record(topic, event, partition=partition, offset=offsets[partition])
        offsets[partition] += 1
        by_partition.setdefault(partition, []).append(record)
        if (index + 1) % fetch == 0 or index + 1 == len(jobs):
            fetches.append([by_partition[p] for p in sorted(by_partition)])
            by_partition = {}
    return fetches


async def main(args: argparse.Namespace) -> Figures:
    settings = JobsSettings()
    async with temporary_database(settings, service_dir=JOBS_DIR) as url:
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        waiting = await _waiting_jobs(sessions, settings, args)
        consumer = slot_answers_consumer(settings, sessions, runs=not args.per_answer)
        work = answer_polls(waiting, settings.topic(SLOT_TOPIC), args.partitions, args.fetch)
        async with sessions() as session:  # the ATS batches' events are not the group's
            before = int(await session.scalar(select(func.max(outbox.c.id))) or 0)
        async with engine.connect() as connection:  # the pool's connection made before timing
            await connection.execute(text("SELECT 1"))
        with count_statements(engine.sync_engine) as log:
            started, cpu = time.perf_counter(), time.process_time()
            for fetch in work:
                await consumer.apply_poll(fetch)
            seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        async with sessions() as session:
            published = await session.scalar(
                select(func.count()).select_from(Job).where(Job.state == "published")
            )
        base_seconds, base_statements, rows = await copy_rows(
            engine,
            [JOBS, outbox, processed_events],
            only={"jobs": JOBS.c.state == "published", "outbox": outbox.c.id > before},
        )
        await engine.dispose()
    if int(published or 0) != len(waiting):
        raise SystemExit(f"{published} of {len(waiting)} jobs published")
    return Figures(
        answers=len(waiting),
        published=int(published or 0),
        seconds=seconds,
        cpu_seconds=cpu,
        statements=log.count,
        batches_applied=consumer.batches_applied,
        batches_split=consumer.batches_split,
        rows=rows,
        baseline_seconds=base_seconds,
        baseline_statements=base_statements,
    )


def report(figures: Figures, args: argparse.Namespace) -> None:
    print()
    print(
        f"slot answers: {figures.answers} grants ({figures.published} jobs published), "
        f"{args.organizations} organizations, {args.partitions} partitions, "
        f"fetches of {args.fetch}, "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}"
    )
    print(f"{'measure':<44} {'seconds':>8} {'jobs/s':>8} {'stmts/job':>10}")
    label = "answers: jobs-slots, " + ("per answer" if args.per_answer else "runs at once")
    print(
        f"{label:<44} {figures.seconds:>8.2f} "
        f"{figures.per_second:>8.1f} {figures.statements / figures.answers:>10.2f}"
        f"   ({figures.cpu_seconds:.2f} s of this process's CPU, "
        f"{figures.cpu_seconds * 1000 / figures.answers:.3f} ms a job; "
        f"{figures.batches_applied} batches, {figures.batches_split} split)"
    )
    print(
        f"{f'baseline: INSERT of its {figures.rows} rows':<44} {figures.baseline_seconds:>8.2f} "
        f"{figures.baseline_per_second:>8.1f} "
        f"{figures.baseline_statements / figures.answers:>10.2f}"
    )
    print(
        "the baseline writes the jobs, outbox rows and processed events the group wrote, "
        "in the same run"
    )


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    return batch_bench_arguments(
        argv,
        prog="python -m bench.slot_answers",
        doc=__doc__,
        jobs_help="jobs in all",
        topic="billing.slot",
        before=(
            "--per-answer",
            "the batch without run handlers: each answer's reads and UPDATE on its own, as "
            "before ADR 0053",
        ),
        more=lambda parser: parser.add_argument(
            "--fetch",
            type=int,
            default=FETCH,
            help=f"records a poll hands over at most ({FETCH}; the ingestion's are often a few)",
        ),
    )


if __name__ == "__main__":
    arguments = parse()
    report(asyncio.run(main(arguments)), arguments)
