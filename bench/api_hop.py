"""The api hop's CPU per job in-process: the ATS batch use case (``jobs.domain.ats.put_jobs``)
with the batch's new jobs written together beside every job put in its own savepoint (how every
batch went before, and how a batch is put again after a conflict), on the same jobs in the same
run, each on a scratch database of its own (issue 27, ADR 0060).

Per row: the seconds, this process's CPU (the use case's Python side) and the CPU of the scratch
database's PostgreSQL backends (read from ``/proc``), per job, and the statements per job. The
rows must leave the same jobs (references, slugs, states, versions) and the same events (types,
per job, in order), or the run stops.

The jobs are ``bench.ats_batches``': the data set generator's, one ``put_jobs`` call per
organization's batch, as new jobs asking for publication.

    .venv/bin/python -m bench.api_hop
    .venv/bin/python -m bench.api_hop --jobs 2000 --organizations 20 --rounds 2

Needs only the local PostgreSQL (no service, no broker): a database per row
(``test_jobs_<hex>``, migrated to head), dropped after.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from jobkit.auth import Principal
from jobkit.db import make_engine, make_sessionmaker
from jobkit.testing.database import temporary_database
from jobkit.testing.statements import count_statements
from jobs.db import outbox
from jobs.domain.ats import put_jobs
from jobs.domain.errors import JobErrors
from jobs.domain.models import Job
from jobs.settings import SERVICE_DIR as JOBS_DIR
from jobs.settings import JobsSettings
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncEngine

from bench import ats_batches, cpu_account
from bench.ats_batches import _seed, batches, put_all
from bench.ingest import machine

# put_jobs without the ``savepoints`` switch (older code on PYTHONPATH): one row only
SWITCHED = "savepoints" in inspect.signature(put_jobs).parameters
LABELS = {
    True: "every job in its savepoint (baseline)",
    False: "new jobs checked, then written together",
}


@dataclass
class Row:
    name: str
    jobs: int
    seconds: float
    cpu_seconds: float  # of this process
    database_seconds: float  # of the scratch database's backends
    statements: int

    def per_job(self, value: float) -> float:
        return value * 1000 / self.jobs if self.jobs else 0.0


async def _backends(engine: AsyncEngine) -> set[int]:
    async with engine.connect() as connection:
        return set(
            await connection.scalars(
                text("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")
            )
        )


def _ticks(pids: set[int]) -> dict[int, int]:
    ticks = {}
    for pid in pids:
        line = cpu_account._read(cpu_account.PROC / str(pid) / "stat")
        if line:
            ticks[pid] = cpu_account.parse_stat(line).ticks
    return ticks


async def measure(
    args: argparse.Namespace, *, savepoints: bool | None
) -> tuple[Row, list[tuple[Any, ...]]]:
    settings = JobsSettings()
    async with temporary_database(settings, service_dir=JOBS_DIR) as url:
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        try:
            tids, made = await _seed(sessions, args.organizations)
            work = batches(args, tids, made)
            actor = Principal(
                user_id=str(uuid.uuid4()), roles=frozenset({"recruiter", "administrator"})
            )
            switch: dict[str, Any] = {} if savepoints is None else {"savepoints": savepoints}
            before = _ticks(await _backends(engine))
            with count_statements(engine.sync_engine) as log:
                started, cpu = time.perf_counter(), time.process_time()
                results = await put_all(sessions, settings, actor, work, args.batch, **switch)
                seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
            after = _ticks(await _backends(engine))
            database = sum(ticks - before.get(pid, 0) for pid, ticks in after.items())
            refused = [result for result in results if isinstance(result, JobErrors)]
            if refused:
                raise SystemExit(f"{len(refused)} jobs refused: {refused[0].errors}")
            left = await _left(engine)
        finally:
            await engine.dispose()
    name = "put_jobs as on PYTHONPATH" if savepoints is None else LABELS[savepoints]
    row = Row(name, len(results), seconds, cpu, database / cpu_account.hertz(), log.count)
    return row, left


async def _left(engine: AsyncEngine) -> list[tuple[Any, ...]]:
    """The jobs by reference (slug, state, version) and each one's events, in order."""
    async with engine.connect() as connection:
        jobs = {
            str(job_id): (reference, slug, state, version)
            for job_id, reference, slug, state, version in await connection.execute(
                select(Job.id, Job.external_reference, Job.slug, Job.state, Job.version)
            )
        }
        events: dict[str, list[str]] = {}
        for key, event_type in await connection.execute(
            select(outbox.c.key, outbox.c.event_type).order_by(outbox.c.id)
        ):
            events.setdefault(key, []).append(event_type)
    return sorted((*job, tuple(events.get(job_id, []))) for job_id, job in jobs.items())


async def main(args: argparse.Namespace) -> list[Row]:
    rows: list[Row] = []
    lefts = []
    for savepoints in (True, False) * args.rounds if SWITCHED else (None,) * args.rounds:
        row, left = await measure(args, savepoints=savepoints)
        rows.append(row)
        lefts.append(left)
    if not lefts[0] or any(left != lefts[0] for left in lefts):
        raise SystemExit("the rows left different jobs or events")
    return rows


def report(rows: Sequence[Row], args: argparse.Namespace) -> None:
    print()
    print(
        f"api hop: {rows[0].jobs} jobs, {args.organizations} organizations, batches of up to "
        f"{args.batch}, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}"
    )
    print(
        f"{'put_jobs':<42} {'seconds':>8} {'jobs/s':>7} {'CPU ms/job':>11} "
        f"{'PG ms/job':>10} {'stmts/job':>10}"
    )
    for row in rows:
        print(
            f"{row.name:<42} {row.seconds:>8.2f} {row.jobs / row.seconds:>7.1f} "
            f"{row.per_job(row.cpu_seconds):>11.2f} {row.per_job(row.database_seconds):>10.2f} "
            f"{row.statements / row.jobs:>10.2f}"
        )
    print(
        "CPU: this process's (the use case's Python side); PG: the scratch database's "
        "backends; every row left the same jobs and events"
    )


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    return ats_batches.parse(argv, prog="python -m bench.api_hop", doc=__doc__, rounds=True)


if __name__ == "__main__":
    arguments = parse()
    report(asyncio.run(main(arguments)), arguments)
