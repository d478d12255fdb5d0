"""Instant-alert planning rounds (ADR 0067): K new jobs against N instant alerts, the mailer's
``plan_instant`` rounds until every job is planned, each figure beside a raw Elasticsearch
baseline measured in the same run.

    nice -n 10 .venv/bin/python -m bench.alert_rounds            # 500 new jobs, 2,000 alerts
    nice -n 10 .venv/bin/python -m bench.alert_rounds --new-jobs 100 --alerts 500 --repeat 3

Setup (not timed): a database of its own (the search service's migrations, dropped after), indices
of their own (``plan-rounds-<random>``, deleted after) holding ``--jobs`` published jobs, and N
instant alerts in ``bench.alerts``' mix of searches (one to four per address, all confirmed,
keyed once). For each repeat, K new jobs of the same generator are written to the index and
recorded as the mailer's consumer records them (one at a time, in order).

Timed, alternating ``--repeat`` times:

- **rounds**: ``search.alerts.mailer.plan_instant`` until no recorded job is left (rounds of at
  most 50 jobs): wall seconds; this process's CPU (the planner's Python side and its database and
  Elasticsearch clients); the CPU of the Elasticsearch process (``/proc``: other users'
  requests land in it too) and of the PostgreSQL backends of the run's database; the requests
  and SQL statements it sent; the mails it planned, and a digest of the ledger (every address
  and job planned so far: two versions of the code that plan the same print the same).
- **baseline**: for the same jobs in rounds of the same size, each instant alert's own search
  (the query the search page sends) asked once a round restricted to the round's job ids, in
  ``_msearch`` requests of ``alert_batch_size``, straight to Elasticsearch: what answering "which
  of these jobs does each alert find" costs with no key cut, no SQL and no mails.

The code measured is the ``search`` package the interpreter imports: run the same command with
``PYTHONPATH=<another checkout>/services/search/src`` for the code before a change (the header
prints which ran). Needs PostgreSQL and Elasticsearch (not the stack).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import random
import statistics
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg
import search
from elasticsearch.helpers import async_bulk
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.settings import database_name, driver_dsn
from jobkit.testing.database import temporary_database
from jobkit.testing.elasticsearch import count_requests
from jobkit.testing.statements import count_statements
from search.alerts import keys, mailer, matching
from search.alerts.models import INSTANT, AlertDelivery, AlertNewJob, SavedSearch
from search.engine.indexing.documents import job_document
from search.engine.indexing.store import SearchStore, store_for
from search.settings import SERVICE_DIR, SearchSettings, get_settings
from sqlalchemy import func, insert, select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bench import cpu_account
from bench.alerts import COLUMNS, SITE, _job, alert_record, owners
from bench.harness import ensure_loopback

ROUND_JOBS = 50  # what a round of plan_instant takes at most


@dataclass
class Row:
    """One timed pass over a repeat's new jobs."""

    kind: str  # "rounds" or "baseline"
    repeat: int
    seconds: float
    cpu_seconds: float  # this process
    es_cpu_seconds: float
    pg_cpu_seconds: float
    es_requests: int
    statements: int = 0
    mails: int = 0
    searches: int = 0  # searches sent in _msearch requests
    ledger: str = ""  # a digest of the (address, job) pairs planned: equal code, equal digest


@dataclass
class Results:
    code: str
    alerts: int
    jobs: int
    new_jobs: int
    rows: list[Row] = field(default_factory=list)
    index_prefix: str = ""
    database: str = ""


def _code() -> str:
    """Which search package runs (this checkout's or another's, by PYTHONPATH)."""
    return str(Path(search.__file__).resolve().parents[1])


def _instant_records(rng: random.Random, count: int, now: datetime) -> list[tuple[Any, ...]]:
    created, checked = now - timedelta(days=30), now - timedelta(days=1)
    return [alert_record(rng, email, INSTANT, created, checked) for email in owners(rng, count)]


def _cpu(database: str) -> tuple[float, float]:
    """CPU seconds so far of the Elasticsearch process (others' requests land in it too) and of
    the PostgreSQL backends serving ``database`` (the run's own)."""
    sample = cpu_account.sample(cpu_account.services())
    hertz = cpu_account.hertz()
    backends = sum(ticks for name, ticks in sample.backends.values() if name == database)
    return sample.groups.get("elasticsearch", 0) / hertz, backends / hertz


async def _write_jobs(
    store: SearchStore, rng: random.Random, first: int, count: int, published: datetime
) -> list[str]:
    actions = []
    for number in range(first, first + count):
        payload = _job(rng, number, published=published)
        document = job_document(payload, findable=True, labels={})
        actions.append({"_index": store.alias("jobs"), "_id": document["id"], "_source": document})
    await async_bulk(store.client, actions, chunk_size=1000)
    await store.refresh("jobs")
    return [str(action["_id"]) for action in actions]


async def _record(sessions: async_sessionmaker[AsyncSession], job_ids: Sequence[str]) -> None:
    """As the consumer records them: in order (a round takes the oldest first)."""
    start = datetime.now(UTC)
    async with unit_of_work(sessions) as session:
        await session.execute(
            insert(AlertNewJob),
            [
                {"job_id": job_id, "site": SITE, "created_at": start + timedelta(milliseconds=i)}
                for i, job_id in enumerate(job_ids)
            ],
        )


async def _rounds(
    sessions: async_sessionmaker[AsyncSession],
    engine: AsyncEngine,
    store: SearchStore,
    settings: SearchSettings,
    repeat: int,
) -> Row:
    left = select(func.count()).select_from(AlertNewJob)
    seconds = cpu = 0.0
    mails = requests = statements = searches = 0
    es_before, pg_before = _cpu(str(settings.db_name))
    while True:
        with count_statements(engine.sync_engine) as log, count_requests(store.client) as sent:
            started, process = time.perf_counter(), time.process_time()
            mails += await mailer.plan_instant(sessions, store, settings)
            seconds += time.perf_counter() - started
            cpu += time.process_time() - process
        requests += len(sent.sent)
        statements += log.count
        searches += sum(len(body) // 2 for body in sent.bodies("/_msearch"))
        async with sessions() as session:
            if not await session.scalar(left):
                break
    es_after, pg_after = _cpu(str(settings.db_name))
    async with sessions() as session:
        pairs = sorted(
            f"{email} {job_id}"
            for email, job_id in await session.execute(
                select(AlertDelivery.email, AlertDelivery.job_id)
            )
        )
    return Row(
        kind="rounds",
        repeat=repeat,
        seconds=seconds,
        cpu_seconds=cpu,
        es_cpu_seconds=es_after - es_before,
        pg_cpu_seconds=pg_after - pg_before,
        es_requests=requests,
        statements=statements,
        mails=mails,
        searches=searches,
        ledger=hashlib.sha256("\n".join(pairs).encode()).hexdigest()[:12],
    )


async def _baseline(
    store: SearchStore,
    bodies: Sequence[dict[str, Any]],
    job_ids: Sequence[str],
    settings: SearchSettings,
    repeat: int,
) -> Row:
    """Each alert's search once a round, restricted to the round's jobs, straight to ES."""
    seconds = cpu = 0.0
    requests = searches = 0
    es_before, pg_before = _cpu(str(settings.db_name))
    for start in range(0, len(job_ids), ROUND_JOBS):
        chunk = list(job_ids[start : start + ROUND_JOBS])
        restricted = [
            {
                **body,
                "size": len(chunk),
                "query": {
                    "bool": {
                        "must": [body["query"]],
                        "filter": [{"ids": {"values": chunk}}],
                    }
                },
            }
            for body in bodies
        ]
        started, process = time.perf_counter(), time.process_time()
        for first in range(0, len(restricted), settings.alert_batch_size):
            batch = restricted[first : first + settings.alert_batch_size]
            await matching._msearch(store, batch)
            requests += 1
            searches += len(batch)
        seconds += time.perf_counter() - started
        cpu += time.process_time() - process
    es_after, pg_after = _cpu(str(settings.db_name))
    return Row(
        kind="baseline",
        repeat=repeat,
        seconds=seconds,
        cpu_seconds=cpu,
        es_cpu_seconds=es_after - es_before,
        pg_cpu_seconds=pg_after - pg_before,
        es_requests=requests,
        searches=searches,
    )


async def _run(args: argparse.Namespace, out: Any) -> Results:
    base = get_settings()
    ensure_loopback(base.elasticsearch_url)
    rng = random.Random(args.seed)
    now = datetime.now(UTC)
    results = Results(code=_code(), alerts=args.alerts, jobs=args.jobs, new_jobs=args.new_jobs)
    print(f"code: the search package at {results.code}", file=out)
    async with temporary_database(base, service_dir=SERVICE_DIR) as url:
        settings = base.model_copy(
            update={
                "db_name": database_name(url),
                "index_prefix": f"plan-rounds-{uuid.uuid4().hex[:8]}",
            }
        )
        store = store_for(settings.elasticsearch_url, settings.index_prefix)
        results.index_prefix, results.database = settings.index_prefix, str(settings.db_name)
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        try:
            await store.ensure_indices()
            started = time.perf_counter()
            await _write_jobs(store, rng, 0, args.jobs, now - timedelta(hours=2))
            connection = await asyncpg.connect(driver_dsn(url))
            try:
                await connection.copy_records_to_table(
                    "saved_searches",
                    records=_instant_records(rng, args.alerts, now),
                    columns=COLUMNS,
                )
            finally:
                await connection.close()
            async with unit_of_work(sessions) as session:
                while await keys.key_stale_alerts(session, store):
                    pass
            async with sessions() as session:
                alerts = list(await session.scalars(select(SavedSearch)))
            bodies = [b for a in alerts if (b := matching._restricted(a, size=1)) is not None]
            print(
                f"setup: {args.jobs} jobs indexed, {args.alerts} instant alerts copied and keyed "
                f"in {time.perf_counter() - started:.1f} s",
                file=out,
            )
            for repeat in range(1, args.repeat + 1):
                first = args.jobs + (repeat - 1) * args.new_jobs
                job_ids = await _write_jobs(store, rng, first, args.new_jobs, datetime.now(UTC))
                await _record(sessions, job_ids)
                row = await _rounds(sessions, engine, store, settings, repeat)
                results.rows.append(row)
                print(_line(row), file=out)
                row = await _baseline(store, bodies, job_ids, settings, repeat)
                results.rows.append(row)
                print(_line(row), file=out)
        finally:
            await engine.dispose()
            await store.drop()
            await store.client.close()
    return results


def _line(row: Row) -> str:
    return (
        f"{row.kind} {row.repeat}: {row.seconds:.2f} s, CPU {row.cpu_seconds:.2f} s here, "
        f"{row.es_cpu_seconds:.2f} s Elasticsearch, {row.pg_cpu_seconds:.2f} s PostgreSQL; "
        f"{row.es_requests} requests ({row.searches} searches), {row.statements} statements, "
        f"{row.mails} mails" + (f", ledger {row.ledger}" if row.ledger else "")
    )


def _spread(values: Sequence[float]) -> str:
    if not values:
        return "-"
    low, high, middle = min(values), max(values), statistics.median(values)
    digits = 0 if all(isinstance(value, int) for value in values) else 2
    if len(values) == 1:
        return f"{middle:.{digits}f}"
    return f"{middle:.{digits}f} ({low:.{digits}f}-{high:.{digits}f})"


def report(results: Results, out: Any) -> None:
    rounds = [row for row in results.rows if row.kind == "rounds"]
    baseline = [row for row in results.rows if row.kind == "baseline"]
    print("", file=out)
    print(
        f"{results.new_jobs} new jobs against {results.alerts} instant alerts "
        f"({results.jobs} jobs in the index); median (lowest-highest) of {len(rounds)}",
        file=out,
    )
    print(f"{'measure':<36} {'rounds':>24} {'baseline (raw ES)':>24}", file=out)
    for label, name in (
        ("wall seconds", "seconds"),
        ("CPU seconds, this process", "cpu_seconds"),
        ("CPU seconds, Elasticsearch", "es_cpu_seconds"),
        ("CPU seconds, PostgreSQL", "pg_cpu_seconds"),
        ("Elasticsearch requests", "es_requests"),
        ("searches", "searches"),
        ("SQL statements", "statements"),
        ("mails planned", "mails"),
    ):
        print(
            f"{label:<36} {_spread([getattr(r, name) for r in rounds]):>24} "
            f"{_spread([getattr(r, name) for r in baseline]):>24}",
            file=out,
        )
    per_job = [r.cpu_seconds * 1000 / results.new_jobs for r in rounds]
    print(f"{'CPU ms a new job, this process':<36} {_spread(per_job):>24}", file=out)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.alert_rounds", description=__doc__)
    parser.add_argument("--alerts", type=int, default=2000, metavar="N", help="instant alerts")
    parser.add_argument("--new-jobs", type=int, default=500, metavar="K", help="a repeat's")
    parser.add_argument("--jobs", type=int, default=2000, metavar="M", help="jobs indexed first")
    parser.add_argument("--repeat", type=int, default=2, metavar="R")
    parser.add_argument("--seed", type=int, default=67)
    parser.add_argument("--json", metavar="PATH", help="also write the results to this file")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    results = asyncio.run(_run(args, sys.stdout))
    report(results, sys.stdout)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(asdict(results), handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
