"""Bulk ingestion, end to end: the data set generator's jobs through the bulk write path until
every one is findable, jobs per second at each hop, beside a raw Elasticsearch ``_bulk`` of the
same documents measured in the same run.

    .venv/bin/python -m bench.ingest --jobs 10000 --organizations 500
    .venv/bin/python -m bench.ingest --jobs 100000 --organizations 5000    # make bench-ingest

Needs the stack (``make up``): the services' consumers and relays do the work. The data set
(``scripts/dataset.py``) is removed first and again at the end (``--keep`` leaves it).

Timed first, as a hop of its own: the data set's organizations, made through organizations'
batch use case (``organizations.domain.bulk``, ADR 0075: their logos uploaded, a hundred
organizations a transaction), until every one's published profile is findable in search's
organizations index ("organizations: N in S s, R/s").

Then, timed from the first job's write, each hop done when all the run's published jobs passed
it:

- **api**: ``jobs.domain.ats.put_jobs``, the use case of the ATS API's batches and of the feed
  import: one transaction per organization's batch, each job in a savepoint, one event each,
  the publication asked for (billing's job credits granted first, as an administrator does).
- **relay**: the publication requests sent to Kafka by the jobs outbox relay.
- **saga**: billing's slot answers applied by jobs (the jobs published); their snapshot events
  sent to Kafka.
- **indexer**: the documents findable in Elasticsearch (search's indexer, ``_bulk`` per batch).

CPU account (``bench.cpu_account``): each stack process's CPU seconds (its descendants
included; PostgreSQL's backends, Elasticsearch and Kafka too) read from ``/proc`` when the timed
part starts and ``--settle`` seconds after the last hop (the job events' other consumers,
analytics, the alert mailer, the announcer, finish their share), printed as milliseconds of CPU
per published job, and above what each process spends idle over as long (measured for
``--idle`` seconds before, ``--settle`` seconds after the set-up). The stack is shared: what
other users make it do lands in the account too, and shows as a high idle rate. At two cores
the whole system's CPU per job bounds the jobs per second: 110 jobs a second leaves about 18 ms
of CPU a job for everything.

End to end: the organizations' hop and the jobs' last hop (findable) added, beside the 15
minutes issue 27 asks of the 100,000-job data set (the idle and settle windows between them are
the measurement's, not the load's).

Baseline: the same documents, read back from the index, written with ``_bulk`` (1,000 a request,
as many requests in flight as the machine has cores) into an index of their own with the same
settings and mappings, then refreshed; that index is deleted after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from elasticsearch import AsyncElasticsearch
from jobkit.db import make_engine
from jobs.settings import get_settings as jobs_settings
from search.engine.indexing.store import INDEX_SETTINGS, MAPPINGS
from search.settings import get_settings as search_settings
from sqlalchemy import text

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import dataset

from bench import cpu_account

POLL_SECONDS = 1.0  # the hops' resolution; each look costs the stack it watches
HOPS = ("api", "relay", "saga", "indexer")
RAW_CHUNK = 1_000
TARGET_SECONDS = 15 * 60  # issue 27: 5,000 organizations and 100,000 jobs findable


@dataclass
class Hop:
    name: str
    jobs: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.jobs / self.seconds if self.seconds else 0.0


@dataclass
class Account:
    """The CPU account of a run: ticks per process group, idle and during the run."""

    spent: dict[str, int]
    idle: dict[str, int]
    seconds: float
    idle_seconds: float
    machine: int

    def lines(self, jobs: int) -> list[str]:
        return cpu_account.report(
            self.spent,
            jobs,
            idle=self.idle,
            seconds=self.seconds,
            idle_seconds=self.idle_seconds,
            machine=self.machine,
        )


@dataclass
class Watch:
    """When each hop saw all the run's jobs (seconds after the start)."""

    started: float
    since: datetime
    organization_ids: list[str]
    expected: int = 0
    done: dict[str, float] = field(default_factory=dict)


async def watch(state: Watch, stop: asyncio.Event) -> None:
    """Poll the jobs database and the index until every hop has seen the expected count."""
    jobs_db = make_engine(jobs_settings().database_url)
    search = search_settings()
    elasticsearch = AsyncElasticsearch(search.elasticsearch_url, request_timeout=30)
    findable = {
        "bool": {
            "filter": [
                {"term": {"findable": True}},
                {"terms": {"organization_id": state.organization_ids}},
            ]
        }
    }
    sent = text(
        "SELECT event_type, count(*) FROM outbox WHERE created_at >= :since"
        " AND sent_at IS NOT NULL AND event_type = ANY(:types) GROUP BY event_type"
    )
    published = text(
        "SELECT count(*) FROM jobs WHERE state = 'published'"
        " AND organization_id::text = ANY(:organizations)"
    )
    try:
        while len(state.done) < 4:
            await asyncio.sleep(POLL_SECONDS)
            now = time.monotonic() - state.started
            if not state.expected:
                continue
            # the database is read only for the hops still on their way: each read scans the
            # run's outbox rows and jobs, which a 100,000-job run makes costly to repeat
            counts: dict[str, int] = {}
            live = state.expected
            if "saga" not in state.done:
                async with jobs_db.connect() as connection:
                    counts = dict(
                        (
                            await connection.execute(
                                sent,
                                {
                                    "since": state.since,
                                    "types": ["jobs.job.publish_requested", "jobs.job.published"],
                                },
                            )
                        )
                        .tuples()
                        .all()
                    )
                    live = await connection.scalar(
                        published, {"organizations": state.organization_ids}
                    )
            else:
                counts = dict.fromkeys(
                    ("jobs.job.publish_requested", "jobs.job.published"), state.expected
                )
            indexed = (
                await elasticsearch.count(index=f"{search.index_prefix}-jobs", query=findable)
            )["count"]
            reached = [
                hop
                for hop, count in (
                    ("relay", counts.get("jobs.job.publish_requested", 0)),
                    ("saga", min(live or 0, counts.get("jobs.job.published", 0))),
                    ("indexer", indexed),
                )
                if count >= state.expected
            ]
            # a hop passed means the ones before it passed too (they were read a moment earlier)
            for hop in HOPS[1 : HOPS.index(reached[-1]) + 1] if reached else ():
                state.done.setdefault(hop, now)
            if stop.is_set() and "api" in state.done and len(state.done) < 4:
                raise SystemExit(f"stopped waiting: {state.done}")
    finally:
        await jobs_db.dispose()
        await elasticsearch.close()


async def organizations_findable(organization_ids: list[str], timeout: float) -> None:
    """Poll search's organizations index until every one of the organizations' profiles is
    findable (their published snapshots indexed)."""
    search = search_settings()
    elasticsearch = AsyncElasticsearch(search.elasticsearch_url, request_timeout=30)
    query = {
        "bool": {
            "filter": [
                {"term": {"findable": True}},
                {"terms": {"organization_id": organization_ids}},
            ]
        }
    }
    deadline = time.monotonic() + timeout
    try:
        while True:
            index = f"{search.index_prefix}-organizations"
            found = (await elasticsearch.count(index=index, query=query))["count"]
            if found >= len(organization_ids):
                return
            if time.monotonic() > deadline:
                raise SystemExit(f"only {found} of {len(organization_ids)} profiles findable")
            await asyncio.sleep(POLL_SECONDS)
    finally:
        await elasticsearch.close()


async def bulk_copy(
    client: AsyncElasticsearch, documents: list[dict[str, Any]], *, name: str
) -> float:
    """The raw baseline: ``documents`` written with ``_bulk`` (``RAW_CHUNK`` a request, one
    request in flight per core) into an index of their own (``<name>-<random>``, the jobs'
    settings and mappings), then refreshed; the seconds, the index deleted after."""
    index = f"{name}-{uuid.uuid4().hex[:8]}"
    await client.indices.create(index=index, settings=INDEX_SETTINGS, mappings=MAPPINGS["jobs"])
    try:
        chunks = [documents[i : i + RAW_CHUNK] for i in range(0, len(documents), RAW_CHUNK)]
        in_flight = asyncio.Semaphore(os.cpu_count() or 2)

        async def send(chunk: list[dict[str, Any]]) -> None:
            operations: list[dict[str, Any]] = []
            for document in chunk:
                operations.append(
                    {
                        "index": {
                            "_index": index,
                            "_id": document["id"],
                            "version": document["version"],
                            "version_type": "external_gte",
                        }
                    }
                )
                operations.append(document)
            async with in_flight:
                answer = await client.bulk(operations=operations)
            if answer["errors"]:
                raise SystemExit("the raw _bulk refused documents")

        started = time.monotonic()
        await asyncio.gather(*(send(chunk) for chunk in chunks))
        await client.indices.refresh(index=index)
        return time.monotonic() - started
    finally:
        await client.indices.delete(index=index)


async def raw_bulk(organization_ids: list[str], expected: int) -> Hop:
    """The run's documents read back and written with _bulk into an index of their own."""
    search = search_settings()
    client = AsyncElasticsearch(search.elasticsearch_url, request_timeout=120)
    documents: list[dict[str, Any]] = []
    query = {"terms": {"organization_id": organization_ids}}
    after: list[Any] | None = None
    try:
        while True:
            page = await client.search(
                index=f"{search.index_prefix}-jobs",
                query=query,
                size=5_000,
                sort=[{"id": "asc"}],
                search_after=after,
            )
            hits = page["hits"]["hits"]
            if not hits:
                break
            documents.extend(hit["_source"] for hit in hits)
            after = hits[-1]["sort"]
        seconds = await bulk_copy(client, documents, name="bench-ingest")
    finally:
        await client.close()
    if len(documents) < expected:
        raise SystemExit(f"only {len(documents)} of {expected} documents to copy")
    return Hop("raw Elasticsearch _bulk", len(documents), seconds)


def machine() -> str:
    cores = os.cpu_count() or 0
    memory = ""
    meminfo = Path("/proc/meminfo")
    if meminfo.exists():
        total_kb = int(meminfo.read_text().split()[1])
        memory = f", {total_kb / 1024 / 1024:.0f} GiB"
    return f"{cores} cores{memory}"


async def main(args: argparse.Namespace) -> tuple[Hop, list[Hop], Account]:
    await dataset.remove()
    organizations = dataset.dataset_organizations(args.organizations)
    per_organization = max(1, -(-args.jobs // len(organizations)))
    owner = await dataset.owner_account()
    setup = time.monotonic()
    made = await dataset.make_organizations(organizations, owner, args.concurrency)
    written = time.monotonic() - setup
    await organizations_findable([str(made[o.name][0]) for o in organizations], args.timeout)
    # a Hop whose count is organizations
    profiles = Hop("organizations", len(made), time.monotonic() - setup)
    print(
        f"organizations: {profiles.jobs} in {profiles.seconds:.1f} s, "
        f"{profiles.per_second:.1f}/s (written in {written:.1f} s, then findable)",
        flush=True,
    )
    registered = cpu_account.services()
    # the set-up's own events (the organizations' profiles indexed, their read models) are
    # consumed first, so that the idle window is the stack at rest
    await asyncio.sleep(args.settle)
    idle_from = cpu_account.sample(registered)
    await asyncio.sleep(args.idle)
    before = cpu_account.sample(registered)
    machine_before = cpu_account.machine_ticks()
    cpu_started = time.monotonic()
    state = Watch(
        started=time.monotonic(),
        since=datetime.now(UTC),
        organization_ids=[str(made[o.name][0]) for o in organizations],
    )
    stop = asyncio.Event()
    watcher = asyncio.create_task(watch(state, stop))
    published = await dataset.make_jobs(
        organizations, made, owner, per_organization, args.concurrency
    )
    state.done["api"] = time.monotonic() - state.started
    state.expected = published
    try:
        await asyncio.wait_for(watcher, timeout=args.timeout)
    except TimeoutError as error:
        raise SystemExit(f"not every hop done after {args.timeout:.0f} s: {state.done}") from error
    hops = [Hop(name, published, state.done[name]) for name in HOPS]
    await asyncio.sleep(args.settle)
    after = cpu_account.sample(registered)
    account = Account(
        spent=cpu_account.difference(before, after),
        idle=cpu_account.difference(idle_from, before),
        seconds=time.monotonic() - cpu_started,
        idle_seconds=args.idle,
        machine=cpu_account.machine_ticks() - machine_before,
    )
    hops.append(await raw_bulk(state.organization_ids, published))
    if not args.keep:
        await dataset.remove()
    return profiles, hops, account


def report(profiles: Hop, hops: Sequence[Hop], account: Account, args: argparse.Namespace) -> None:
    print()
    print(
        f"ingest: {args.jobs} jobs asked, {args.organizations} organizations, "
        f"concurrency {args.concurrency}, {datetime.now(UTC):%Y-%m-%d}, {machine()}"
    )
    print(
        f"organizations: {profiles.jobs} in {profiles.seconds:.1f} s, "
        f"{profiles.per_second:.1f}/s (written and their profiles findable)"
    )
    print(f"{'hop':<26} {'jobs':>7} {'seconds':>8} {'jobs/s':>8}")
    for hop in hops:
        print(f"{hop.name:<26} {hop.jobs:>7} {hop.seconds:>8.1f} {hop.per_second:>8.1f}")
    print(
        "each hop counted from the first write until all the run's jobs passed it; "
        "the last row is the baseline"
    )
    total = profiles.seconds + hops[HOPS.index("indexer")].seconds
    print(
        f"end to end: {total:.0f} s, organizations and jobs until findable "
        f"(issue 27: {TARGET_SECONDS} s for 5,000 and 100,000)"
    )
    print()
    for line in account.lines(hops[0].jobs):
        print(line)
    print(
        f"from the first write until {args.settle:.0f} s after the last hop; "
        f"idle measured for {args.idle:.0f} s before"
    )
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "organizations": {
                        "count": profiles.jobs,
                        "seconds": profiles.seconds,
                        "per_second": profiles.per_second,
                    },
                    "end_to_end_seconds": total,
                    "hops": [asdict(hop) | {"per_second": hop.per_second} for hop in hops],
                    "cpu": asdict(account) | {"clock_ticks_per_second": cpu_account.hertz()},
                },
                indent=2,
            )
        )


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.ingest", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--jobs", type=int, default=10_000, help="jobs in all (10000)")
    parser.add_argument("--organizations", type=int, default=500, help="(500)")
    parser.add_argument("--concurrency", type=int, default=6, help="batches in flight (6)")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds for every hop")
    parser.add_argument("--keep", action="store_true", help="leave the data set afterwards")
    parser.add_argument(
        "--settle", type=float, default=10, help="seconds after the last hop before the CPU is read"
    )
    parser.add_argument(
        "--idle", type=float, default=10, help="seconds of the stack idle measured first (10)"
    )
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args(argv)
    if not 1 <= args.organizations <= 20_000 or not 1 <= args.jobs <= 100_000:
        parser.error("between 1 and 20,000 organizations and 1 and 100,000 jobs")
    return args


if __name__ == "__main__":
    arguments = parse()
    report(*asyncio.run(main(arguments)), arguments)
