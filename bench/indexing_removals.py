"""Removals measured (issue 31): from a job expiring or being archived to Google accepting its
``URL_DELETED``, and a burst of changes against the daily quota, with a local server that speaks
the Indexing API's protocol (``jobkit.testing.search_engines``: the service account's JWT-bearer
token exchange, the batch endpoint, 429 ``RESOURCE_EXHAUSTED`` past the daily quota).

    .venv/bin/python -m bench.indexing_removals                     # 50 removals, 1,000 changes
    .venv/bin/python -m bench.indexing_removals --removals 10 --burst 200 --quota 50

The search service runs as a process of its own (uvicorn, this checkout, background workers on:
the indexer, the announcer's consumer and its sender with the production pace,
``SEARCH_ANNOUNCE_INTERVAL_SECONDS`` 5) on a scratch database (the service's migrations; dropped
after), a Kafka topic prefix of its own (``bench-idx<random>.``; its topics deleted after) and an
index prefix of its own (deleted after). Job events go to its ``jobs.job`` topic as the jobs
service's outbox relay publishes them. Two phases, each with a fresh service, database and
server:

- **removals**: ``--removals`` findable jobs (recorded as announced before the service starts:
  setup), then each expired or archived (in turn) one every ``--gap`` seconds; per job, the
  event's publication -> the server accepting ``URL_DELETED`` for its URL; p50/p95. Baseline in
  the same run: a direct ``POST /v3/urlNotifications:publish`` of the same URL to the same server
  with the same account's token. The service's own rows split each removal into the consumer's
  share (event -> row recorded) and the sender's (row -> batch sent).
- **burst**: ``--burst`` changes at once (``--burst-removals`` expired or archived jobs,
  ``--burst-updates`` changed ones, the rest new), shuffled, against a server whose daily quota is
  ``--quota`` (the service is given the same); what the server accepted, by type and in which
  order, what it refused for the quota (429), and what is left waiting for the next quota day.

Figures: ``bench/RESULTS.md``. Needs PostgreSQL, Kafka and Elasticsearch (not the stack).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from elasticsearch import AsyncElasticsearch
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.settings import database_name
from jobkit.testing.database import temporary_database
from jobkit.testing.kafka import delete_topics_with_prefix
from jobkit.testing.search_engines import SearchEngines
from jobkit.testing.server import free_port, serve
from search.engine.indexing.payloads import JOB_TOPIC
from search.settings import SERVICE_DIR, SearchSettings, get_settings
from search.site.announce.google import (
    PUBLISH_PATH,
    GoogleIndexingNotifier,
    ServiceAccount,
)
from search.site.announce.models import URL_DELETED, URL_UPDATED, Announcement
from search.site.announce.planner import AnnouncedJobPayload
from search.site.announce.recording import record_job_event
from search.site.announce.sender import deletion_reserve_of
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bench.harness import ensure_loopback, percentile

ROOT = Path(__file__).resolve().parents[1]
SITE = "jobboard"
SITE_URL = "https://jobs.bench.example"
INTERVAL = 5.0  # the sender's pace, as deployed (SEARCH_ANNOUNCE_INTERVAL_SECONDS)
GONE = (("jobs.job.expired", "expired"), ("jobs.job.archived", "archived"))


@dataclass
class Removal:
    url: str
    event: str
    seconds: float | None = None  # event published -> URL_DELETED accepted
    consumer: float | None = None  # event published -> its row recorded
    sender: float | None = None  # row recorded -> its batch sent
    baseline: float | None = None  # a direct publish of the same URL


@dataclass
class Results:
    removals: list[Removal] = field(default_factory=list)
    burst: int = 0
    burst_removals: int = 0
    burst_updates: int = 0
    burst_new: int = 0
    quota: int = 0
    deletion_reserve: int = 0
    update_delay: float = 0.0
    accepted: list[str] = field(default_factory=list)  # the burst's accepted types, in order
    over_quota: int = 0  # refused 429 by the server
    refused: list[str] = field(default_factory=list)  # refused for anything else
    waiting: dict[str, int] = field(default_factory=dict)  # left for the next quota day
    batches: list[int] = field(default_factory=list)
    burst_seconds: float = 0.0  # burst published -> the day's last accepted
    databases: list[str] = field(default_factory=list)
    prefixes: list[str] = field(default_factory=list)  # Kafka topic prefixes
    index_prefixes: list[str] = field(default_factory=list)


def _payload(number: int, run: str, **changes: Any) -> AnnouncedJobPayload:
    now = datetime.now(UTC).isoformat()
    base: dict[str, Any] = {
        "job_id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"{run}/{number}")),
        "site": SITE,
        "slug": f"bench-{run}-{number}",
        "title": f"Bench job {number}",
        "description_text": "Removal bench",
        "type": "job_per_template",
        "state": "published",
        "version": 1,
        "organization_id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"{run}/organization")),
        "organization_number": 1,
        "organization_name": "Bench organization",
        "published_at": now,
        "created_at": now,
    }
    return AnnouncedJobPayload.model_validate(base | changes)


def _envelope(event_type: str, payload: AnnouncedJobPayload) -> EventEnvelope:
    return EventEnvelope(
        type=event_type,
        aggregate_id=payload.job_id,
        aggregate_version=payload.version,
        site=payload.site,
        payload=payload.model_dump(mode="json"),
    )


def _url(payload: AnnouncedJobPayload) -> str:
    return f"{SITE_URL}/job/{payload.slug}"


@dataclass
class Environment:
    settings: SearchSettings
    engines: SearchEngines
    sessions: async_sessionmaker[AsyncSession]
    account: Path
    log: Path
    interval: float


@contextlib.asynccontextmanager
async def _environment(
    args: argparse.Namespace,
    quota: int,
    reserve: int | None,
    update_delay: float | None,
    results: Results,
) -> AsyncIterator[Environment]:
    """A local Indexing API, a scratch database, topic prefix and index prefix; all gone after."""
    base = get_settings()
    ensure_loopback(base.elasticsearch_url)
    engines = SearchEngines(indexnow_key="bench-indexnow-unused", daily_quota=quota)
    prefix = f"bench-idx{uuid.uuid4().hex[:8]}."
    index_prefix = f"bench-indexing-{uuid.uuid4().hex[:8]}"
    results.prefixes.append(prefix)
    results.index_prefixes.append(index_prefix)
    async with (
        serve(engines.app) as engines_url,
        temporary_database(base, service_dir=SERVICE_DIR) as url,
    ):
        engines.base_url = engines_url
        database = database_name(url)
        results.databases.append(database)
        settings = base.model_copy(
            update={
                "db_name": database,
                "kafka_topic_prefix": prefix,
                "index_prefix": index_prefix,
                "site_url": SITE_URL,
                "announce_daily_quota": quota,
                "announce_deletion_reserve": (
                    base.announce_deletion_reserve if reserve is None else reserve
                ),
                "announce_update_delay_seconds": (
                    base.announce_update_delay_seconds if update_delay is None else update_delay
                ),
            }
        )
        topic = settings.topic(JOB_TOPIC)
        await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
        engine = make_engine(url)
        with tempfile.TemporaryDirectory(prefix="bench-indexing-") as folder:
            account = Path(folder) / "service-account.json"
            account.write_text(json.dumps(engines.service_account()))
            try:
                yield Environment(
                    settings,
                    engines,
                    make_sessionmaker(engine),
                    account,
                    Path(folder) / "log",
                    args.interval,
                )
            finally:
                await engine.dispose()
                await delete_topics_with_prefix(settings.kafka_bootstrap_servers, prefix)
                client = AsyncElasticsearch(settings.elasticsearch_url)
                try:
                    await client.indices.delete(
                        index=f"{index_prefix}-*", ignore_unavailable=True, allow_no_indices=True
                    )
                finally:
                    await client.close()


@contextlib.asynccontextmanager
async def _service(env: Environment, out: Any) -> AsyncIterator[None]:
    """The search service as deployed (uvicorn, workers on), until the block ends."""
    port = free_port()
    variables = {
        "SEARCH_DB_NAME": str(env.settings.db_name),
        "KAFKA_TOPIC_PREFIX": env.settings.kafka_topic_prefix,
        "SEARCH_INDEX_PREFIX": env.settings.index_prefix,
        "SEARCH_SITE_URL": SITE_URL,
        "SEARCH_SITE_URLS": "{}",
        "SEARCH_GOOGLE_SERVICE_ACCOUNT_FILE": str(env.account),
        "SEARCH_GOOGLE_INDEXING_BATCH_URL": f"{env.engines.base_url}/batch/indexing/v3",
        "SEARCH_INDEXNOW_KEY": "",
        "SEARCH_ANNOUNCE_DAILY_QUOTA": str(env.settings.announce_daily_quota),
        "SEARCH_ANNOUNCE_INTERVAL_SECONDS": str(env.interval),
        "SEARCH_ANNOUNCE_DELETION_RESERVE": str(env.settings.announce_deletion_reserve),
        "SEARCH_ANNOUNCE_UPDATE_DELAY_SECONDS": str(env.settings.announce_update_delay_seconds),
        "SEARCH_RUN_BACKGROUND_WORKERS": "true",
        "SEARCH_RUN_MIGRATIONS_ON_STARTUP": "false",
    }
    with env.log.open("ab") as log:
        process = await asyncio.create_subprocess_exec(
            str(ROOT / ".venv" / "bin" / "uvicorn"),
            "search.main:create_app",
            "--factory",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
            cwd=ROOT / "services" / "search",
            env={**os.environ, **variables},
            stdout=log,
            stderr=log,
        )
    try:
        started = time.monotonic()
        async with httpx.AsyncClient(timeout=5) as client:
            while True:
                if process.returncode is not None:
                    raise RuntimeError(
                        f"search exited with {process.returncode}:\n{env.log.read_text()[-3000:]}"
                    )
                with contextlib.suppress(httpx.HTTPError):
                    if (await client.get(f"http://127.0.0.1:{port}/readyz")).status_code == 200:
                        break
                if time.monotonic() - started > 300:
                    raise RuntimeError("search did not become ready in 300 s")
                await asyncio.sleep(0.5)
        print(f"search up in {time.monotonic() - started:.1f} s", file=out)
        yield
    finally:
        if process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 30)
            except TimeoutError:
                process.kill()
                await process.wait()


async def _preload(env: Environment, payloads: Sequence[AnnouncedJobPayload]) -> None:
    """Setup: the jobs are findable and were announced on an earlier day (no quota today)."""
    async with unit_of_work(env.sessions) as session:
        for payload in payloads:
            await record_job_event(
                session,
                payload=payload,
                event_type="jobs.job.published",
                endpoints=["google"],
                job_url=env.settings.job_url,
                now=datetime.now(UTC),
            )
        await session.execute(update(Announcement).values(sent_at=func.now(), attempts=1))


async def _publish(
    settings: SearchSettings, events: Sequence[EventEnvelope], *, gap: float = 0.0
) -> list[float]:
    """Each event onto the service's ``jobs.job`` topic; when each was published."""
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="bench-jobs")
    await producer.start()
    times: list[float] = []
    try:
        if gap:
            for event in events:
                times.append(time.time())
                await producer.send_and_wait(
                    settings.topic(JOB_TOPIC), event.to_bytes(), key=event.aggregate_id.encode()
                )
                await asyncio.sleep(gap)
        else:
            sent = []
            for event in events:
                times.append(time.time())
                sent.append(
                    await producer.send(
                        settings.topic(JOB_TOPIC), event.to_bytes(), key=event.aggregate_id.encode()
                    )
                )
            await asyncio.gather(*sent)
    finally:
        await producer.stop()
    return times


async def _direct_publish(env: Environment, urls: Sequence[str]) -> list[float]:
    """The baseline: each URL's ``URL_DELETED`` posted straight to the server, one at a time."""
    seconds = []
    async with httpx.AsyncClient(timeout=10) as http:
        notifier = GoogleIndexingNotifier(
            ServiceAccount.from_file(env.account), batch_url="", http=http
        )
        token = await notifier.access_token()
        for url in urls:
            started = time.perf_counter()
            answer = await http.post(
                f"{env.engines.base_url}{PUBLISH_PATH}",
                json={"url": url, "type": URL_DELETED},
                headers={"Authorization": f"Bearer {token}"},
            )
            seconds.append(time.perf_counter() - started)
            answer.raise_for_status()
    return seconds


async def _removals(args: argparse.Namespace, results: Results, out: Any) -> None:
    run = uuid.uuid4().hex[:6]
    jobs = [_payload(number, run) for number in range(args.removals)]
    async with _environment(args, max(200, 2 * args.removals), None, None, results) as env:
        await _preload(env, jobs)
        async with _service(env, out):
            events = []
            for number, job in enumerate(jobs):
                event_type, state = GONE[number % 2]
                events.append(
                    _envelope(event_type, job.model_copy(update={"version": 2, "state": state}))
                )
                results.removals.append(Removal(url=_url(job), event=event_type))
            published = await _publish(env.settings, events, gap=args.gap)
            wanted = {removal.url for removal in results.removals}
            deadline = time.monotonic() + args.max_seconds
            while time.monotonic() < deadline:
                delivered = {
                    p.url for p in env.engines.received.google_log if p.action == URL_DELETED
                }
                if wanted <= delivered:
                    break
                await asyncio.sleep(0.1)
        accepted = {p.url: p.at for p in env.engines.received.google_log if p.action == URL_DELETED}
        async with env.sessions() as session:
            rows = {
                row.url: row
                for row in await session.scalars(
                    select(Announcement).where(Announcement.action == URL_DELETED)
                )
            }
        for removal, at in zip(results.removals, published, strict=True):
            if removal.url in accepted:
                removal.seconds = accepted[removal.url] - at
            row = rows.get(removal.url)
            if row is not None:
                removal.consumer = row.created_at.timestamp() - at
                if row.sent_at is not None:
                    removal.sender = (row.sent_at - row.created_at).total_seconds()
        done = [r for r in results.removals if r.seconds is not None]
        for removal, seconds in zip(
            done, await _direct_publish(env, [r.url for r in done]), strict=True
        ):
            removal.baseline = seconds
        refused = env.engines.received.over_quota
        results.refused += env.engines.received.refused
        print(
            f"removals: {len(done)} of {len(results.removals)} URL_DELETED accepted, "
            f"{len(refused)} refused for the quota",
            file=out,
        )


async def _burst(args: argparse.Namespace, results: Results, out: Any) -> None:
    rng = random.Random(args.seed)
    run = uuid.uuid4().hex[:6]
    results.burst, results.quota = args.burst, args.quota
    results.burst_removals, results.burst_updates = args.burst_removals, args.burst_updates
    results.burst_new = args.burst - args.burst_removals - args.burst_updates
    if results.burst_new < 0:
        raise SystemExit("--burst-removals plus --burst-updates exceed --burst")
    existing = [_payload(number, run) for number in range(args.burst_removals + args.burst_updates)]
    events = []
    for number, job in enumerate(existing[: args.burst_removals]):
        event_type, state = GONE[number % 2]
        events.append(_envelope(event_type, job.model_copy(update={"version": 2, "state": state})))
    for job in existing[args.burst_removals :]:
        events.append(
            _envelope("jobs.job.updated", job.model_copy(update={"version": 2, "title": "Changed"}))
        )
    for number in range(results.burst_new):
        events.append(_envelope("jobs.job.published", _payload(len(existing) + number, run)))
    rng.shuffle(events)
    async with _environment(args, args.quota, args.reserve, args.update_delay, results) as env:
        results.deletion_reserve = deletion_reserve_of(
            env.settings.announce_deletion_reserve, args.quota
        )
        results.update_delay = env.settings.announce_update_delay_seconds
        await _preload(env, existing)
        async with _service(env, out):
            published = (await _publish(env.settings, events))[0]
            # done when every change is recorded (or sent), the updates are due, and two rounds
            # of the sender (twice its interval) added nothing more: the day's quota is used
            started = time.monotonic()
            settled = results.update_delay + 2 * args.interval + 1
            deadline = started + args.max_seconds
            recorded, accepted, still_since = 0, -1, time.monotonic()
            while time.monotonic() < deadline:
                async with env.sessions() as session:
                    waiting = await session.scalar(
                        select(func.count()).where(Announcement.sent_at.is_(None))
                    )
                now_accepted = len(env.engines.received.google)
                recorded = int(waiting or 0) + now_accepted
                if now_accepted != accepted:
                    accepted, still_since = now_accepted, time.monotonic()
                elif (
                    recorded >= len(events)
                    and time.monotonic() - still_since > 2 * args.interval + 1
                    and time.monotonic() - started > settled
                ):
                    break
                await asyncio.sleep(0.5)
            else:
                print(
                    f"burst: gave up after {args.max_seconds:g} s: {recorded} of {len(events)} "
                    f"changes recorded or sent, {accepted} accepted",
                    file=out,
                )
        log = env.engines.received.google_log
        results.accepted = [p.action for p in log]
        results.burst_seconds = (log[-1].at - published) if log else 0.0
        results.over_quota = len(env.engines.received.over_quota)
        results.refused += env.engines.received.refused
        results.batches = list(env.engines.received.google_batches)
        async with env.sessions() as session:
            results.waiting = {
                action: int(count)
                for action, count in (
                    await session.execute(
                        select(Announcement.action, func.count())
                        .where(Announcement.sent_at.is_(None))
                        .group_by(Announcement.action)
                    )
                ).all()
            }
        print(
            f"burst: {len(events)} changes ({results.burst_removals} removals, "
            f"{results.burst_updates} updates, {results.burst_new} new) -> "
            f"{len(log)} accepted, {results.over_quota} refused for the quota (429)",
            file=out,
        )


async def _run(args: argparse.Namespace, out: Any) -> Results:
    results = Results()
    if args.removals:
        await _removals(args, results, out)
    if args.burst:
        await _burst(args, results, out)
    return results


def report(results: Results, out: Any) -> None:
    done = [r for r in results.removals if r.seconds is not None]
    if results.removals:
        print("", file=out)
        print(
            f"{'removal -> URL_DELETED accepted (s)':<40} {'p50':>8} {'p95':>8} {'max':>8}",
            file=out,
        )
        rows = (
            ("through the service", [r.seconds for r in done]),
            ("  event -> row recorded (consumer)", [r.consumer for r in done]),
            ("  row -> batch sent (sender)", [r.sender for r in done]),
            ("direct publish (baseline)", [r.baseline for r in done]),
        )
        for label, raw in rows:
            values = [v for v in raw if v is not None]
            if values:
                print(
                    f"{label:<40} {percentile(values, 50) or 0:>8.3f} "
                    f"{percentile(values, 95) or 0:>8.3f} {max(values):>8.3f}",
                    file=out,
                )
        kinds = Counter(r.event for r in results.removals)
        print(
            f"{len(done)} of {len(results.removals)} removals accepted "
            f"({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))})",
            file=out,
        )
    if results.burst:
        accepted = Counter(results.accepted)
        deletions = accepted[URL_DELETED]
        last_deletion = max(
            (i for i, action in enumerate(results.accepted) if action == URL_DELETED), default=-1
        )
        updates_before = results.accepted[: last_deletion + 1].count(URL_UPDATED)
        print("", file=out)
        print(
            f"burst of {results.burst} ({results.burst_removals} removals, "
            f"{results.burst_updates} updates, {results.burst_new} new), daily quota "
            f"{results.quota}, deletion reserve {results.deletion_reserve}, updates due "
            f"{results.update_delay:g} s after they are recorded:",
            file=out,
        )
        print(
            f"  accepted {len(results.accepted)}: {deletions} URL_DELETED, "
            f"{accepted[URL_UPDATED]} URL_UPDATED, in {len(results.batches)} batches "
            f"{results.batches}, the last {results.burst_seconds:.1f} s after the burst",
            file=out,
        )
        print(
            f"  refused for the quota (429): {results.over_quota}; refused otherwise: "
            f"{len(results.refused)}",
            file=out,
        )
        print(
            f"  order: {updates_before} URL_UPDATED accepted before the last URL_DELETED",
            file=out,
        )
        print(
            f"  waiting for the next quota day: "
            f"{', '.join(f'{n} {a}' for a, n in sorted(results.waiting.items())) or 'none'}",
            file=out,
        )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.indexing_removals", description=__doc__)
    parser.add_argument("--removals", type=int, default=50, metavar="N")
    parser.add_argument(
        "--gap", type=float, default=1.0, metavar="S", help="seconds between two removals"
    )
    parser.add_argument("--burst", type=int, default=1000, metavar="N")
    parser.add_argument("--burst-removals", type=int, default=250, metavar="N")
    parser.add_argument("--burst-updates", type=int, default=250, metavar="N")
    parser.add_argument("--quota", type=int, default=200, metavar="N")
    parser.add_argument(
        "--reserve",
        type=int,
        metavar="N",
        help="the burst's deletion reserve (SEARCH_ANNOUNCE_DELETION_RESERVE; default 50)",
    )
    parser.add_argument(
        "--update-delay",
        type=float,
        metavar="S",
        help="the burst's SEARCH_ANNOUNCE_UPDATE_DELAY_SECONDS (default 60)",
    )
    parser.add_argument(
        "--interval",
        type=float,
        default=INTERVAL,
        metavar="S",
        help="the sender's pace when idle (SEARCH_ANNOUNCE_INTERVAL_SECONDS; deployed: 5)",
    )
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument(
        "--max-seconds", type=float, default=600.0, metavar="S", help="give up a phase after S"
    )
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
