"""A feed import's CPU per job in-process: runs of a feed source (``jobs.domain.feed_runs.
run_source``) with each chunk's new jobs written together (ADR 0062) beside every job of a
chunk put in its own savepoint (how every chunk went before, and how a chunk is put again after
a conflict), on the same feed in the same run, each on a scratch database of its own (issue 27).

Per row, for the source's first run (every job new) and its second (the feed again with a tenth
of its jobs changed and a tenth gone: updated, unchanged and closed jobs): the seconds, this
process's CPU (the use case's Python side) and the CPU of the scratch database's PostgreSQL
backends (read from ``/proc``), per feed job, and the statements per feed job. The rows must
leave the same reports (counts, issues), the same jobs (references, slugs, states, versions)
and the same events (types, per job, in order), or the run stops.

The feed: JSON schema.org JobPostings, one organization; every 25th posting has the content of
the one before it under another reference (a duplicate), every 50th is refused (a remote job
without the applicants' country).

    .venv/bin/python -m bench.feed_runs
    .venv/bin/python -m bench.feed_runs --jobs 1000 --rounds 2

Needs only the local PostgreSQL (no service, no broker): a database per row
(``test_jobs_<hex>``, migrated to head), dropped after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.testing.database import temporary_database
from jobkit.testing.statements import count_statements
from jobs.domain.feed_runs import run_source
from jobs.domain.models import FeedRun, FeedSource
from jobs.settings import SERVICE_DIR as JOBS_DIR
from jobs.settings import JobsSettings
from sqlalchemy.ext.asyncio import AsyncEngine

from bench import cpu_account
from bench.api_hop import _backends, _left, _ticks
from bench.ats_batches import _seed
from bench.ingest import machine

LABELS = {
    True: "every job in its savepoint (baseline)",
    False: "new jobs checked, then written together",
}
TITLES = ("Field Coordinator", "Program Officer", "Driver", "Nurse", "Logistics Officer")


@dataclass
class Row:
    name: str
    jobs: int  # feed postings
    seconds: float
    cpu_seconds: float  # of this process
    database_seconds: float  # of the scratch database's backends
    statements: int

    def per_job(self, value: float) -> float:
        return value * 1000 / self.jobs if self.jobs else 0.0


def postings(count: int, *, second: bool = False) -> list[dict[str, Any]]:
    """The feed; ``second``: a tenth of its jobs changed, a tenth gone."""
    feed = []
    for n in range(count):
        if second and n % 10 == 5:
            continue  # left the feed: closed
        body = n - 1 if n % 25 == 24 else n  # the one before's content: a duplicate
        description = f"<p>Coordinate field team {body}.</p>"
        if second and n % 10 == 3:
            description = f"<p>Coordinate field team {body}, now with a car.</p>"
        posting: dict[str, Any] = {
            "@context": "https://schema.org",
            "@type": "JobPosting",
            "identifier": f"FEED-{n}",
            "title": f"{TITLES[body % len(TITLES)]} {body}",
            "description": description,
            "employmentType": "FULL_TIME",
            "jobLocation": {
                "@type": "Place",
                "address": {
                    "addressLocality": "Boston",
                    "addressRegion": "MA",
                    "addressCountry": "US",
                },
            },
            "url": f"https://ngo.example/jobs/{n}",
        }
        if n % 50 == 49:  # remote, without the applicants' country: refused
            posting["jobLocation"] = None
            posting["jobLocationType"] = "TELECOMMUTE"
        feed.append(posting)
    return feed


async def _run(
    engine: AsyncEngine, settings: JobsSettings, source_id: uuid.UUID, body: bytes, *, name: str,
    jobs: int, savepoints: bool,
) -> tuple[Row, tuple[Any, ...]]:  # fmt: skip
    sessions = make_sessionmaker(engine)

    async def fetch(url: str) -> bytes:
        return body

    before = _ticks(await _backends(engine))
    with count_statements(engine.sync_engine) as log:
        started, cpu = time.perf_counter(), time.process_time()
        run = await run_source(
            sessions=sessions,
            settings=settings,
            source_id=source_id,
            fetch=fetch,
            trigger="manual",
            savepoints=savepoints,
        )
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    after = _ticks(await _backends(engine))
    database = sum(ticks - before.get(pid, 0) for pid, ticks in after.items())
    if not isinstance(run, FeedRun) or run.status != "succeeded":
        raise SystemExit(f"the run failed: {run}")
    report = (
        run.items, run.created, run.updated, run.unchanged, run.duplicate, run.rejected,
        run.closed, json.dumps(run.issues, sort_keys=True),
    )  # fmt: skip
    row = Row(name, jobs, seconds, cpu, database / cpu_account.hertz(), log.count)
    return row, report


async def measure(args: argparse.Namespace, *, savepoints: bool) -> tuple[list[Row], Any]:
    settings = JobsSettings()
    async with temporary_database(settings, service_dir=JOBS_DIR) as url:
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        try:
            _, made = await _seed(sessions, 1)
            (organization_id,) = made.values()
            source_id = uuid.uuid4()
            async with unit_of_work(sessions) as session:
                session.add(
                    FeedSource(
                        id=source_id,
                        organization_id=organization_id,
                        name="Bench feed",
                        url="https://ngo.example/jobs.json",
                        format="json",
                        created_by=uuid.uuid4(),
                        created_by_email="bench@ngo.example",
                        next_run_at=datetime.now(UTC),
                    )
                )
            rows, reports = [], []
            for second in (False, True):
                feed = postings(args.jobs, second=second)
                label = f"{'second' if second else 'first'} run: {LABELS[savepoints]}"
                row, report = await _run(
                    engine, settings, source_id, json.dumps(feed).encode(), name=label,
                    jobs=len(feed), savepoints=savepoints,
                )  # fmt: skip
                rows.append(row)
                reports.append(report)
            left = await _left(engine)
        finally:
            await engine.dispose()
    return rows, (reports, left)


async def main(args: argparse.Namespace) -> list[Row]:
    rows: list[Row] = []
    lefts = []
    for savepoints in (True, False) * args.rounds:
        measured, left = await measure(args, savepoints=savepoints)
        rows += measured
        lefts.append(left)
    if any(left != lefts[0] for left in lefts):
        raise SystemExit("the rows left different reports, jobs or events")
    return rows


def report(rows: Sequence[Row], args: argparse.Namespace) -> None:
    print()
    print(
        f"feed runs: {args.jobs} postings, one organization, "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}"
    )
    print(
        f"{'run_source':<58} {'seconds':>8} {'jobs/s':>7} {'CPU ms/job':>11} "
        f"{'PG ms/job':>10} {'stmts/job':>10}"
    )
    for row in rows:
        print(
            f"{row.name:<58} {row.seconds:>8.2f} {row.jobs / row.seconds:>7.1f} "
            f"{row.per_job(row.cpu_seconds):>11.2f} {row.per_job(row.database_seconds):>10.2f} "
            f"{row.statements / row.jobs:>10.2f}"
        )
    print(
        "per feed posting; CPU: this process's (the use case's Python side); PG: the scratch "
        "database's backends; every row left the same reports, jobs and events"
    )


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.feed_runs",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--jobs", type=int, default=500, help="postings in the feed (500)")
    parser.add_argument("--rounds", type=int, default=1, help="pairs of rows, alternating (1)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("at least one posting")
    return args


if __name__ == "__main__":
    arguments = parse()
    report(asyncio.run(main(arguments)), arguments)
