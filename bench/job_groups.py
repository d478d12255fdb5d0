"""The job events' other consumers in-process: search's announcer (``search-announcer``, ADR
0013) and analytics' job group (``analytics-jobs``: the job read model and the webhook
deliveries) applying the bulk ingestion's job events against scratch PostgreSQL databases; CPU
and SQL statements per job, each group as the service runs it beside the group as it was, on the
same events in the same run (issue 27, ADR 0060).

Every job event (four a job in the bulk ingestion) reaches both, beside the indexer: they are
part of what the stack spends per job (``bench.ingest``'s CPU account).

- **announcer, batched**: a fetched batch's records in one transaction, their ledger rows in one
  statement, a run of job events recorded at once (``record_job_events``: the run's jobs read in
  one statement, written with one flush). Baseline: each event in a transaction of its own.
- **analytics, runs**: a run of job snapshots in one upsert, the organizations with an enabled
  webhook endpoint read once. Baseline: the batch in one transaction (ADR 0042), each
  snapshot's upsert and its webhook lookup on their own.
- **jobs mailer** (``jobs-mailer``: mails for rejected and taken-down jobs, none of the
  ingestion's) and **billing slots** (``billing-slots``, every job event; no credits granted, so
  each publication request is denied): groups that read the whole topic for one or two of its
  types. One row each, as the service runs it: compare checkouts (ADR 0074).

The events are those of ``bench.indexer``: the data set generator's jobs made and published as
the ingestion does it (not timed), every ``jobs.job`` event they left in jobs' outbox handed over
as polls hand them (fetches of up to 100 records, split by partition). Each group and its
baseline must leave the same rows. No search engine and no webhook endpoint is set up.

    .venv/bin/python -m bench.job_groups
    .venv/bin/python -m bench.job_groups --jobs 10000 --organizations 100
    .venv/bin/python -m bench.job_groups --group "analytics jobs" --group "jobs mailer"

Needs the local PostgreSQL only: a scratch database per row (``test_<service>_<hex>``, migrated to
head), removed after.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from analytics.domain.models import KnownJob
from analytics.messaging.consumers import jobs_consumer
from analytics.settings import SERVICE_DIR as ANALYTICS_DIR
from analytics.settings import AnalyticsSettings
from billing.db import outbox as billing_outbox
from billing.main import slot_consumer
from billing.settings import SERVICE_DIR as BILLING_DIR
from billing.settings import BillingSettings
from jobkit.consumer import IdempotentConsumer
from jobkit.db import make_engine, make_sessionmaker
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.database import temporary_database
from jobs.db import processed_events as jobs_processed_events
from jobs.messaging.consumers import MAILER_GROUP, mailer_handlers
from jobs.settings import SERVICE_DIR as JOBS_DIR
from jobs.settings import JobsSettings
from search.engine.indexing.payloads import JOB_TOPIC
from search.messaging.announcer import announcer_consumer
from search.settings import SERVICE_DIR as SEARCH_DIR
from search.settings import SearchSettings
from search.site.announce.models import AnnouncedJob
from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bench.harness import batch_bench_arguments
from bench.indexer import apply_polls, job_events, polls
from bench.ingest import machine


@dataclass(frozen=True)
class Group:
    name: str
    settings: Callable[[], ServiceSettings]
    service_dir: Path
    # (sessions, settings, as the service runs it?) -> the group
    build: Callable[[async_sessionmaker[AsyncSession], Any, bool], IdempotentConsumer]
    states: Select[Any]  # the rows it leaves, compared between its rows
    labels: tuple[str, str | None]  # (as the service runs it, the baseline; None: no baseline)


GROUPS = (
    Group(
        "announcer",
        SearchSettings,
        SEARCH_DIR,
        lambda sessions, settings, new: announcer_consumer(sessions, settings, batched=new),
        select(
            AnnouncedJob.job_id,
            AnnouncedJob.version,
            AnnouncedJob.findable,
            AnnouncedJob.url,
            AnnouncedJob.fingerprint,
        ).order_by(AnnouncedJob.job_id),
        ("batched, runs at once", "per event (baseline)"),
    ),
    Group(
        "analytics jobs",
        AnalyticsSettings,
        ANALYTICS_DIR,
        lambda sessions, settings, new: jobs_consumer(sessions, settings, runs=new),
        select(KnownJob.job_id, KnownJob.organization_id, KnownJob.site).order_by(KnownJob.job_id),
        ("runs at once", "per event in the batch (baseline)"),
    ),
    # two groups that read the job topic for one or two of its event types: what they cost a
    # job is mostly passing over the others (no baseline row: compare checkouts)
    Group(
        "jobs mailer",
        JobsSettings,
        JOBS_DIR,
        lambda sessions, settings, new: IdempotentConsumer(
            group_id=settings.topic(MAILER_GROUP),
            handlers={settings.topic(JOB_TOPIC): mailer_handlers(settings)},
            sessions=sessions,
            processed=jobs_processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        ),
        select(jobs_processed_events.c.event_id).order_by(jobs_processed_events.c.event_id),
        ("every job event, no mail", None),
    ),
    Group(
        "billing slots",
        BillingSettings,
        BILLING_DIR,
        lambda sessions, settings, new: slot_consumer(settings, sessions),
        select(billing_outbox.c.key, billing_outbox.c.event_type).order_by(billing_outbox.c.id),
        ("every job event, no credits (denied)", None),
    ),
)


@dataclass
class Row:
    name: str
    jobs: int
    events: int
    seconds: float
    cpu_seconds: float  # of this process
    statements: int

    @property
    def cpu_ms_per_job(self) -> float:
        return self.cpu_seconds * 1000 / self.jobs if self.jobs else 0.0

    @property
    def statements_per_job(self) -> float:
        return self.statements / self.jobs if self.jobs else 0.0


async def measure(
    group: Group, events: Sequence[EventEnvelope], jobs: int, args: argparse.Namespace, *, new: bool
) -> tuple[Row, list[tuple[Any, ...]]]:
    """One group applying ``events`` on a scratch database of its service; its row and the
    rows it left."""
    settings = group.settings()
    async with temporary_database(settings, service_dir=group.service_dir) as url:
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        try:
            consumer = group.build(sessions, settings, new)
            work = polls(events, settings.topic(JOB_TOPIC), args.partitions)
            seconds, cpu, log = await apply_polls(consumer, work, engine)
            if consumer.batches_split:
                raise SystemExit(f"{group.name}: {consumer.batches_split} batches split")
            async with sessions() as session:
                states = [tuple(row) for row in await session.execute(group.states)]
        finally:
            await engine.dispose()
    name = f"{group.name}: {group.labels[0] if new else group.labels[1]}"
    return Row(name, jobs, len(events), seconds, cpu, log.count), states


async def main(args: argparse.Namespace) -> list[Row]:
    events, published = await job_events(args)
    rows = []
    for group in GROUPS:
        if args.group and group.name not in args.group:
            continue
        states = []
        # the baseline first, then the service's group (twice each with --twice, alternating:
        # the load of a shared machine moves between rows)
        for new in ((False, True) if group.labels[1] is not None else (True,)) * args.rounds:
            row, state = await measure(group, events, published, args, new=new)
            rows.append(row)
            states.append(state)
        if any(state != states[0] for state in states) or (
            group.labels[1] is not None and not states[0]
        ):
            raise SystemExit(f"{group.name}: the groups left different rows")
    return rows


def report(rows: Sequence[Row], args: argparse.Namespace) -> None:
    print()
    print(
        f"job groups: {rows[0].events} job events of {rows[0].jobs} published jobs, "
        f"{args.organizations} organizations, {args.partitions} partitions, "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}"
    )
    print(f"{'group':<50} {'seconds':>8} {'CPU s':>7} {'CPU ms/job':>11} {'stmts/job':>10}")
    for row in rows:
        print(
            f"{row.name:<50} {row.seconds:>8.2f} {row.cpu_seconds:>7.2f} "
            f"{row.cpu_ms_per_job:>11.2f} {row.statements_per_job:>10.2f}"
        )
    print("CPU of this process (the group's Python side); each pair left the same rows")


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    args = batch_bench_arguments(
        argv,
        prog="python -m bench.job_groups",
        doc=__doc__,
        jobs_help="jobs in all",
        topic="jobs.job",
        before=("--twice", "measure each group twice, alternating"),
        more=lambda parser: parser.add_argument(
            "--group",
            action="append",
            choices=[group.name for group in GROUPS],
            help="only this group (repeatable; default: every group)",
        ),
    )
    args.rounds = 2 if args.twice else 1
    return args


if __name__ == "__main__":
    arguments = parse()
    report(asyncio.run(main(arguments)), arguments)
