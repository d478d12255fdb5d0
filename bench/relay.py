"""The bulk ingestion's relay hop in-process: jobs' outbox relay (``jobkit.outbox.OutboxRelay``)
sending what the ATS batches wrote to Kafka, against a scratch PostgreSQL database and scratch
topics; events and jobs per second, beside a raw producer sending the same records in the same
run (issue 27, ADR 0053).

- **relay**: the data set generator's jobs put through ``put_jobs`` (not timed; every job's
  events in jobs' outbox, under a topic prefix of this run's own), then ``relay_once`` called
  until no row is left unsent, as the active relay does (batches of 200 rows read in id order,
  sent on one idempotent producer, marked sent).
- **baseline**: the same rows' keys, values and event-type headers sent with a plain
  ``AIOKafkaProducer`` (acks=all, as the relay's) to another scratch topic and flushed.

    .venv/bin/python -m bench.relay

Needs the local PostgreSQL and Kafka (no service): a database of its own (``test_jobs_<hex>``)
and topics named ``bench-relay-<hex>.*``, removed after.
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from aiokafka import AIOKafkaProducer
from jobkit.db import make_engine, make_sessionmaker
from jobkit.kafka import ensure_topics
from jobkit.outbox import OutboxRelay
from jobkit.testing.database import temporary_database
from jobkit.testing.kafka import delete_topics_with_prefix
from jobs.db import outbox
from jobs.settings import SERVICE_DIR as JOBS_DIR
from jobs.settings import JobsSettings
from sqlalchemy import func, select

from bench import slot_answers
from bench.ingest import machine


@dataclass
class Figures:
    events: int
    jobs: int
    seconds: float
    cpu_seconds: float
    baseline_seconds: float

    @property
    def per_second(self) -> float:
        return self.jobs / self.seconds if self.seconds else 0.0

    @property
    def baseline_per_second(self) -> float:
        return self.jobs / self.baseline_seconds if self.baseline_seconds else 0.0


async def main(args: argparse.Namespace) -> Figures:
    prefix = f"bench-relay-{uuid.uuid4().hex[:8]}."
    settings = JobsSettings(kafka_topic_prefix=prefix)
    try:
        async with temporary_database(settings, service_dir=JOBS_DIR) as url:
            engine = make_engine(url)
            sessions = make_sessionmaker(engine)
            waiting = await slot_answers._waiting_jobs(sessions, settings, args)
            async with sessions() as session:
                topics = list(await session.scalars(select(outbox.c.topic).distinct()))
                rows = (
                    await session.execute(
                        select(outbox.c.topic, outbox.c.key, outbox.c.event_type, outbox.c.body)
                        .where(outbox.c.sent_at.is_(None))
                        .order_by(outbox.c.id)
                    )
                ).all()
            await ensure_topics(settings.kafka_bootstrap_servers, [*topics, f"{prefix}raw"])
            relay = OutboxRelay(
                sessions=sessions,
                outbox=outbox,
                bootstrap_servers=settings.kafka_bootstrap_servers,
                client_id=f"{prefix}relay",
                engine=engine,
            )
            try:
                started, cpu = time.perf_counter(), time.process_time()
                while await relay.relay_once():
                    pass
                seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
            finally:
                await relay.close()
            async with sessions() as session:
                unsent = await session.scalar(
                    select(func.count()).select_from(outbox).where(outbox.c.sent_at.is_(None))
                )
            if unsent:
                raise SystemExit(f"{unsent} rows left unsent")
            producer = AIOKafkaProducer(
                bootstrap_servers=settings.kafka_bootstrap_servers,
                acks="all",
                enable_idempotence=True,
            )
            await producer.start()
            try:
                started = time.perf_counter()
                for _, key, event_type, body in rows:
                    await producer.send(
                        f"{prefix}raw",
                        value=body,
                        key=key.encode(),
                        headers=[("event-type", event_type.encode())],
                    )
                await producer.flush()
                baseline = time.perf_counter() - started
            finally:
                await producer.stop()
            await engine.dispose()
    finally:
        await delete_topics_with_prefix(settings.kafka_bootstrap_servers, prefix)
    return Figures(
        events=len(rows),
        jobs=len(waiting),
        seconds=seconds,
        cpu_seconds=cpu,
        baseline_seconds=baseline,
    )


def report(figures: Figures, args: argparse.Namespace) -> None:
    print()
    print(
        f"relay: {figures.events} events of {args.jobs} jobs ({figures.jobs} asking for "
        f"publication), {args.organizations} organizations, "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}"
    )
    print(f"{'measure':<44} {'seconds':>8} {'jobs/s':>8} {'events/s':>9}")
    print(
        f"{'relay: jobs outbox to Kafka':<44} {figures.seconds:>8.2f} {figures.per_second:>8.1f} "
        f"{figures.events / figures.seconds:>9.1f}   ({figures.cpu_seconds:.2f} s of CPU, "
        f"{figures.cpu_seconds * 1000 / figures.jobs:.3f} ms a job)"
    )
    print(
        f"{'baseline: the same records, one producer':<44} {figures.baseline_seconds:>8.2f} "
        f"{figures.baseline_per_second:>8.1f} {figures.events / figures.baseline_seconds:>9.1f}"
    )
    print("jobs/s counts the jobs asking for publication, whose requests the saga waits for")


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.relay",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--jobs", type=int, default=2_000, help="jobs in all (2000)")
    parser.add_argument("--organizations", type=int, default=20, help="(20)")
    args = parser.parse_args(argv)
    if not 1 <= args.organizations <= args.jobs:
        parser.error("at least one organization, and one job for each")
    args.partitions = 3
    return args


if __name__ == "__main__":
    arguments = parse()
    report(asyncio.run(main(arguments)), arguments)
