"""The bulk ingestion's saga hop in-process: billing's slot group (``billing-slots``) applying
the jobs' publication requests (``jobs.job.publish_requested``) through jobkit's idempotent
consumer, as it applies a poll's records, against a scratch PostgreSQL database; jobs per second
and SQL statements per job, beside a raw baseline measured in the same run (issue 27, ADR 0051).

- **saga**: the requests of ``--jobs`` jobs over ``--organizations`` organizations (each granted
  enough job credits first, as the data set generator does), sent to the consumer the way a
  poll hands them over: fetches of up to ``--fetch`` records (100), split by partition (the
  job id's hash over ``--partitions``), each fetch applied with ``IdempotentConsumer.apply_poll``
  as ``poll_once`` applies it (a batch per partition, or one for the poll where the group batches
  across partitions; one by one if a batch fails). Every request is granted from
  credits: a reservation in the ledger, the answer in the outbox, the event in the group's
  processed-events ledger, and one balance event per organization and batch.
- **baseline**: the rows the saga wrote (its ledger entries, outbox rows and processed-events
  rows) copied with plain INSERTs (the driver's executemany, 1,000 rows a call) into tables made
  like theirs in the same database: what writing the same data costs without any rule.

    .venv/bin/python -m bench.slot_saga
    .venv/bin/python -m bench.slot_saga --jobs 10000 --organizations 100

Needs only the local PostgreSQL (no service, no broker): the run makes a database of its own
(``test_billing_<hex>``, migrated to head) and drops it after. Statements are counted too:
unlike the seconds, they do not depend on how busy the machine is.
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
from billing.db import outbox, processed_events
from billing.domain import ledger
from billing.domain.jobs_events import JOB_TOPIC, JobPublishRequested
from billing.domain.models import LedgerEntry
from billing.main import slot_consumer
from billing.settings import SERVICE_DIR as BILLING_DIR
from billing.settings import BillingSettings
from jobkit.consumer import MAX_BATCH
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.testing.database import temporary_database
from jobkit.testing.kafka import fetched_record
from jobkit.testing.statements import count_statements
from sqlalchemy import Table, func, select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bench.harness import batch_bench_arguments
from bench.ingest import machine
from bench.raw_copy import copy_rows

LEDGER = cast(Table, LedgerEntry.__table__)
FETCH = MAX_BATCH  # records a poll hands over at most (the default of --fetch)


@dataclass
class Figures:
    jobs: int
    granted: int
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
        return self.jobs / self.seconds if self.seconds else 0.0

    @property
    def baseline_per_second(self) -> float:
        return self.jobs / self.baseline_seconds if self.baseline_seconds else 0.0


def requests(
    args: argparse.Namespace, topic: str
) -> list[list[list[ConsumerRecord[bytes, bytes]]]]:
    """The requests as the consumer gets them: polls of up to ``--fetch`` records, each split
    into one list per partition (the key's hash picks it), in offset order."""
    offsets = [0] * args.partitions
    fetches: list[list[list[ConsumerRecord[bytes, bytes]]]] = []
    by_partition: dict[int, list[ConsumerRecord[bytes, bytes]]] = {}
    for index in range(args.jobs):
        job_id = str(uuid.uuid4())
        event = JobPublishRequested(
            job_id=job_id,
            organization_number=index % args.organizations + 1,
            organization_name=f"Bench {index % args.organizations + 1}",
        ).envelope(aggregate_id=job_id, site="jobboard")
        partition = zlib.crc32(job_id.encode()) % args.partitions
        record = fetched_record(topic, event, partition=partition, offset=offsets[partition])
        offsets[partition] += 1
        by_partition.setdefault(partition, []).append(record)
        if (index + 1) % args.fetch == 0 or index + 1 == args.jobs:
            fetches.append([by_partition[p] for p in sorted(by_partition)])
            by_partition = {}
    return fetches


async def _grant(
    sessions: async_sessionmaker[AsyncSession], settings: BillingSettings, args: argparse.Namespace
) -> None:
    """Job credits for every request (and a few more), one grant per organization."""
    each = -(-args.jobs // args.organizations) + 1
    now = ledger.now_utc()
    async with unit_of_work(sessions) as session:
        for number in range(1, args.organizations + 1):
            await ledger.lock_organization(session, number)
            await ledger.add_grant(
                session,
                settings,
                organization_number=number,
                organization_name=f"Bench {number}",
                frontend="jobboard",
                kind="job",
                amount=each,
                valid_days=365,
                label="Bench",
                actor="bench",
                now=now,
            )


async def main(args: argparse.Namespace) -> Figures:
    settings = BillingSettings()
    async with temporary_database(settings, service_dir=BILLING_DIR) as url:
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        await _grant(sessions, settings, args)
        consumer = slot_consumer(settings, sessions, runs=not args.per_request)
        work = requests(args, settings.topic(JOB_TOPIC))
        async with engine.connect() as connection:  # the pool's connection made before timing
            await connection.execute(text("SELECT 1"))
        async with sessions() as session:  # the grants' balance events are not the saga's
            before = int(await session.scalar(select(func.count()).select_from(outbox)) or 0)
        with count_statements(engine.sync_engine) as log:
            started, cpu = time.perf_counter(), time.process_time()
            for fetch in work:
                await consumer.apply_poll(fetch)
            seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        async with sessions() as session:
            granted = await session.scalar(
                select(func.count())
                .select_from(LedgerEntry)
                .where(LedgerEntry.entry_type == "reservation")
            )
            await session.execute(
                text("DELETE FROM outbox WHERE id IN (SELECT id FROM outbox ORDER BY id LIMIT :n)"),
                {"n": before},
            )
            await session.execute(
                text("DELETE FROM ledger_entries WHERE entry_type = 'grant'"),
            )
            await session.commit()
        base_seconds, base_statements, rows = await copy_rows(
            engine, [LEDGER, outbox, processed_events]
        )
        await engine.dispose()
    if int(granted or 0) != args.jobs:
        raise SystemExit(f"{granted} of {args.jobs} requests granted")
    return Figures(
        jobs=args.jobs,
        granted=int(granted or 0),
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
        f"slot saga: {figures.jobs} publication requests ({figures.granted} granted), "
        f"{args.organizations} organizations, {args.partitions} partitions, "
        f"fetches of {args.fetch}, "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}"
    )
    print(f"{'measure':<44} {'seconds':>8} {'jobs/s':>8} {'stmts/job':>10}")
    label = "saga: billing-slots, " + ("per request" if args.per_request else "runs at once")
    print(
        f"{label:<44} {figures.seconds:>8.2f} "
        f"{figures.per_second:>8.1f} {figures.statements / figures.jobs:>10.2f}"
        f"   ({figures.cpu_seconds:.2f} s of this process's CPU, "
        f"{figures.cpu_seconds * 1000 / figures.jobs:.3f} ms a job; "
        f"{figures.batches_applied} batches, {figures.batches_split} split)"
    )
    print(
        f"{f'baseline: INSERT of its {figures.rows} rows':<44} {figures.baseline_seconds:>8.2f} "
        f"{figures.baseline_per_second:>8.1f} {figures.baseline_statements / figures.jobs:>10.2f}"
    )
    print(
        "the baseline writes the ledger entries, outbox rows and processed events the saga "
        "wrote, in the same run"
    )


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    return batch_bench_arguments(
        argv,
        prog="python -m bench.slot_saga",
        doc=__doc__,
        jobs_help="publication requests",
        topic="jobs.job",
        before=(
            "--per-request",
            "the batch without run handlers or gathered outbox rows: each request's reads, "
            "answer and notification on its own, as before ADR 0051",
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
