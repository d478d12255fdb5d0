"""Job alerts at scale: N saved searches (default 100,000), a daily digest run over them and
instant alerts, each figure beside a raw Elasticsearch baseline measured in the same run.

    .venv/bin/python -m bench.alerts                        # 100,000 saved searches
    .venv/bin/python -m bench.alerts --alerts 10000 --instant-jobs 5

Setup (not timed): a database of its own (the search service's migrations, dropped after), an
index of its own (``bench-alerts-<random>``, deleted after) with ``--jobs`` generated jobs, and
N saved searches written with COPY in a realistic mix (keywords, facets, places with a radius,
countries, some without criteria; 70 % daily, 20 % weekly, 10 % instant; one to four per
address), all confirmed and last checked two days ago. Mail goes to an SMTP sink on a free port
(``jobkit.testing.smtp``), never to the shared mail catcher.

Timed:

- **digest**: the mailer's own rounds (``search.alerts.mailer.run_once``) until every due
  daily and weekly alert is planned and every mail is handed to SMTP. Baseline: the same due
  alerts' searches sent straight to Elasticsearch in ``_msearch`` batches of the mailer's size
  (the query cost alone: no database, no rendering, no SMTP).
- **instant**: publish (the document written and the job queued, as the indexer and the
  mailer's consumer do) -> every matching mail handed to SMTP, with the mailer looping every
  ``alert_poll_seconds`` as in production; p50/p95 over ``--instant-jobs`` jobs. Baseline: for the
  same job, the matching without the key cut (ADR 0029's first version): every instant alert's
  search restricted to the job, in ``_msearch`` batches.

Needs PostgreSQL and Elasticsearch (not the stack).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg
from elasticsearch.helpers import async_bulk
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.settings import database_name, driver_dsn
from jobkit.testing.database import temporary_database
from jobkit.testing.smtp import Sink, smtp_sink
from pydantic import SecretStr
from search.alerts import keys, mailer, matching, planning
from search.alerts.models import INSTANT, AlertMail, AlertNewJob, SavedSearch
from search.alerts.searches import stored_query
from search.engine.indexing.documents import job_document
from search.engine.indexing.payloads import JobPayload
from search.engine.indexing.store import SearchStore, store_for
from search.engine.request import (
    RADIUS_OPTIONS,
    Condition,
    ConditionGroup,
    GeoLocation,
    SearchRequest,
)
from search.settings import SERVICE_DIR, SearchSettings, get_settings
from sqlalchemy import Text, cast, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bench.harness import ensure_loopback, percentile

SITE = "jobboard"
TITLES = (
    "nurse", "teacher", "developer", "accountant", "program officer", "grant writer",
    "social worker", "fundraiser", "data analyst", "project manager", "counselor",
    "coordinator", "director", "engineer", "designer", "administrator", "volunteer manager",
    "researcher", "communications officer", "case manager",
)  # fmt: skip
MODIFIERS = (
    "senior", "junior", "lead", "assistant", "community", "youth", "health", "education",
    "clinical", "regional", "digital", "finance",
)  # fmt: skip
BODY_WORDS = (
    "mission", "impact", "team", "families", "outreach", "budget", "partners", "clinic",
    "school", "reporting", "donors", "volunteers", "research", "policy", "training", "care",
)  # fmt: skip
CITIES = (
    ("Boston", "US", "MA", 42.3601, -71.0589), ("New York", "US", "NY", 40.7128, -74.0060),
    ("Chicago", "US", "IL", 41.8781, -87.6298), ("Seattle", "US", "WA", 47.6062, -122.3321),
    ("Denver", "US", "CO", 39.7392, -104.9903), ("Austin", "US", "TX", 30.2672, -97.7431),
    ("Atlanta", "US", "GA", 33.7490, -84.3880), ("San Francisco", "US", "CA", 37.7749, -122.4194),
    ("Los Angeles", "US", "CA", 34.0522, -118.2437), ("Portland", "US", "OR", 45.5152, -122.6784),
    ("Minneapolis", "US", "MN", 44.9778, -93.2650), ("Philadelphia", "US", "PA", 39.9526, -75.1652),
    ("Berlin", "DE", "BE", 52.5200, 13.4050), ("Munich", "DE", "BY", 48.1351, 11.5820),
    ("London", "GB", "ENG", 51.5072, -0.1276), ("Zurich", "CH", "ZH", 47.3769, 8.5417),
)  # fmt: skip
FACETS = {  # facet -> (payload field, term ids)
    "employmentType": ("employment_type_tids", (101, 102, 103, 104)),
    "remoteOptions": ("remote_option_tids", (111, 112, 113)),
    "occupations": ("occupational_field_tids", tuple(range(121, 133))),
    "yearsOfExperience": ("years_of_experience_tid", (141, 142, 143, 144)),
}
COLUMNS = (
    "id", "site", "user_id", "email", "name", "language", "query", "frequency", "paused",
    "confirmed_at", "created_at", "checked_until", "version", "key_groups", "plain",
)  # fmt: skip


def _job(rng: random.Random, number: int, *, published: datetime, marker: str = "") -> JobPayload:
    title = f"{rng.choice(MODIFIERS)} {rng.choice(TITLES)}".title()
    city = rng.choice(CITIES)
    facets: dict[str, Any] = {}
    for payload_field, tids in FACETS.values():
        facets[payload_field] = (
            rng.choice(tids) if payload_field.endswith("_tid") else rng.sample(tids, 1)
        )
    job_id = str(uuid.UUID(int=rng.getrandbits(128)))
    return JobPayload.model_validate(
        {
            "job_id": job_id,
            "site": SITE,
            "slug": f"bench-{number}",
            "title": title,
            "description_text": " ".join(rng.sample(BODY_WORDS, 6)) + f" {marker}",
            "type": "job_per_template",
            "state": "published",
            "version": 1,
            "organization_id": str(uuid.UUID(int=rng.getrandbits(128))),
            "organization_number": 1,
            "organization_name": f"Org {number % 300}",
            "locations": [
                {
                    "locality": city[0],
                    "country_code": city[1],
                    "administrative_area": city[2],
                    "lat": city[3],
                    "lon": city[4],
                }
            ],
            "published_at": published.isoformat(),
            "created_at": published.isoformat(),
            **facets,
        }
    )


def _search(rng: random.Random) -> SearchRequest:
    """One saved search of the mix."""
    fulltext = None
    roll = rng.random()
    if roll < 0.45:
        fulltext = rng.choice(TITLES)
    elif roll < 0.70:
        fulltext = f"{rng.choice(MODIFIERS)} {rng.choice(TITLES)}"
    groups: list[ConditionGroup] = []
    for facet, (_, tids) in FACETS.items():
        if rng.random() < 0.15:
            chosen = rng.sample(tids, rng.choice((1, 1, 2)))
            groups.append(
                ConditionGroup(
                    conditions=[Condition(field=facet, value=str(t)) for t in chosen],
                    tags=[f"facet:{facet}"],
                )
            )
    geo = None
    roll = rng.random()
    if roll < 0.45:
        city = rng.choice(CITIES)
        geo = GeoLocation(
            label=city[0], lat=city[3], lon=city[4], radius=rng.choice(RADIUS_OPTIONS), unit="mi"
        )
    elif roll < 0.52:
        geo = GeoLocation(country=rng.choice(CITIES)[1], location_type="country")
    return SearchRequest(fulltext=fulltext, condition_groups=groups, geo_location=geo)


def owners(rng: random.Random, count: int) -> Iterator[str]:
    """The addresses of ``count`` alerts, one to four alerts a person."""
    person = left = 0
    for _ in range(count):
        if left == 0:
            person += 1
            left = rng.choice((1, 1, 2, 2, 3, 4))
        left -= 1
        yield f"person-{person}@bench.example"


def alert_record(
    rng: random.Random, email: str, frequency: str, created: datetime, checked: datetime
) -> tuple[Any, ...]:
    """A saved search's row (``COLUMNS``): a random search of ``email``'s."""
    return (
        uuid.UUID(int=rng.getrandbits(128)),
        SITE,
        None,
        email,
        "Bench alert",
        "en",
        json.dumps(stored_query(_search(rng))),
        frequency,
        False,
        created,
        created,
        checked,
        1,
        0,
        False,
    )


def _records(rng: random.Random, count: int, now: datetime) -> list[tuple[Any, ...]]:
    records: list[tuple[Any, ...]] = []
    created = now - timedelta(days=30)
    for email in owners(rng, count):
        roll = rng.random()
        frequency = "daily" if roll < 0.7 else "weekly" if roll < 0.9 else INSTANT
        # weekly ones are due too: last checked eight days ago, daily ones two
        checked = now - timedelta(days=8 if frequency == "weekly" else 2)
        records.append(alert_record(rng, email, frequency, created, checked))
    return records


@dataclass
class Results:
    alerts: int
    jobs: int
    digest_alerts: int = 0
    instant_alerts: int = 0
    digest_seconds: float = 0.0
    digest_mails: int = 0
    digest_planned: int = 0
    baseline_seconds: float = 0.0
    baseline_queries: int = 0
    instant_latencies: list[float] = field(default_factory=list)
    instant_baselines: list[float] = field(default_factory=list)
    instant_mails: list[int] = field(default_factory=list)
    keying_seconds: float = 0.0
    index_prefix: str = ""
    database: str = ""


async def _count(sessions: async_sessionmaker[AsyncSession], statement: Any) -> int:
    async with sessions() as session:
        return int(await session.scalar(statement) or 0)


async def _digest_baseline(
    store: SearchStore, alerts: Sequence[SavedSearch], settings: SearchSettings, cap: float
) -> tuple[float, int]:
    bodies = [
        body
        for alert in alerts
        if (
            body := matching._restricted(
                alert,
                size=settings.alert_jobs_per_section,
                since=alert.checked_until - timedelta(hours=settings.alert_lookback_hours),
            )
        )
        is not None
    ]
    started = time.perf_counter()
    asked = 0
    for start in range(0, len(bodies), settings.alert_batch_size):
        if time.perf_counter() - started > cap:
            break
        batch = bodies[start : start + settings.alert_batch_size]
        await matching._msearch(store, batch)
        asked += len(batch)
    return time.perf_counter() - started, asked


async def _instant_baseline(
    store: SearchStore, alerts: Sequence[SavedSearch], job_id: str, settings: SearchSettings
) -> float:
    started = time.perf_counter()
    bodies = [
        b for a in alerts if (b := matching._restricted(a, size=1, only=[job_id])) is not None
    ]
    for start in range(0, len(bodies), settings.alert_batch_size):
        await matching._msearch(store, bodies[start : start + settings.alert_batch_size])
    return time.perf_counter() - started


async def _mailer_loop(
    sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    settings: SearchSettings,
    stop: asyncio.Event,
) -> None:
    while not stop.is_set():
        await mailer.run_once(sessions, store, settings, site_name="Bench board")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=settings.alert_poll_seconds)


async def _run(args: argparse.Namespace, out: Any) -> Results:
    base = get_settings()
    ensure_loopback(base.elasticsearch_url)
    rng = random.Random(args.seed)
    now = datetime.now(UTC)
    results = Results(alerts=args.alerts, jobs=args.jobs)
    async with temporary_database(base, service_dir=SERVICE_DIR) as url:
        with smtp_sink() as sink:
            settings = base.model_copy(
                update={
                    "db_name": database_name(url),
                    "index_prefix": f"bench-alerts-{uuid.uuid4().hex[:8]}",
                    "smtp_host": "127.0.0.1",
                    "smtp_port": sink.port,
                    "alert_signing_secret": SecretStr("bench-alerts-signing-secret-0123456789"),
                }
            )
            store = store_for(settings.elasticsearch_url, settings.index_prefix)
            results.index_prefix, results.database = settings.index_prefix, str(settings.db_name)
            engine = make_engine(url)
            sessions = make_sessionmaker(engine)
            try:
                await store.ensure_indices()
                await _load(store, sessions, url, settings, rng, now, results, out)
                await _digest(
                    store, sessions, settings, sink, results, out, args.digest_max_seconds
                )
                await _instant(store, sessions, settings, sink, rng, results, args, out)
            finally:
                await engine.dispose()
                for name in (
                    await store.indices_of("jobs")
                    + await store.indices_of("organizations")
                    + await store.indices_of("resumes")
                ):
                    await store.client.indices.delete(index=name, ignore_unavailable=True)
                await store.client.close()
    return results


async def _load(
    store: SearchStore,
    sessions: async_sessionmaker[AsyncSession],
    url: str,
    settings: SearchSettings,
    rng: random.Random,
    now: datetime,
    results: Results,
    out: Any,
) -> None:
    started = time.perf_counter()
    actions = []
    for number in range(results.jobs):
        published = now - timedelta(hours=rng.uniform(1, 40))
        document = job_document(_job(rng, number, published=published), findable=True, labels={})
        actions.append({"_index": store.alias("jobs"), "_id": document["id"], "_source": document})
    await async_bulk(store.client, actions, chunk_size=1000)
    await store.refresh("jobs")
    records = _records(rng, results.alerts, now)
    connection = await asyncpg.connect(driver_dsn(url))
    try:
        await connection.copy_records_to_table("saved_searches", records=records, columns=COLUMNS)
    finally:
        await connection.close()
    results.digest_alerts = sum(1 for r in records if r[7] != INSTANT)
    results.instant_alerts = results.alerts - results.digest_alerts
    print(
        f"setup: {results.jobs} jobs indexed, {results.alerts} saved searches copied "
        f"({results.digest_alerts} daily/weekly, {results.instant_alerts} instant) "
        f"in {time.perf_counter() - started:.1f} s",
        file=out,
    )


async def _digest(
    store: SearchStore,
    sessions: async_sessionmaker[AsyncSession],
    settings: SearchSettings,
    sink: Sink,
    results: Results,
    out: Any,
    cap: float,
) -> None:
    async with sessions() as session:
        due = list(
            await session.scalars(select(SavedSearch).where(SavedSearch.frequency != INSTANT))
        )
    results.baseline_seconds, results.baseline_queries = await _digest_baseline(
        store, due, settings, cap
    )
    started = time.perf_counter()
    due_left = (
        select(func.count())
        .select_from(SavedSearch)
        .where(planning.active_alerts(), planning.due_alerts(datetime.now(UTC)))
    )
    pending = select(func.count()).select_from(AlertMail).where(AlertMail.state == mailer.PENDING)
    capped = False
    while await _count(sessions, due_left) or await _count(sessions, pending):
        if time.perf_counter() - started > cap:
            capped = True
            break
        await mailer.run_once(sessions, store, settings, site_name="Bench board")
    results.digest_seconds = time.perf_counter() - started
    results.digest_mails = sink.count
    left = await _count(sessions, due_left)
    results.digest_planned = results.digest_alerts - left
    if capped:
        # what the cap left is not sent, so the instant phase measures instant alerts alone
        async with unit_of_work(sessions) as session:
            await session.execute(
                update(SavedSearch)
                .where(SavedSearch.frequency != INSTANT)
                .values(checked_until=datetime.now(UTC))
            )
            await session.execute(
                update(AlertMail).where(AlertMail.state == mailer.PENDING).values(state="dropped")
            )
        print(
            f"digest capped at {cap:g} s: {results.digest_planned} of {results.digest_alerts} "
            f"alerts planned, {sink.count} mails sent",
            file=out,
        )
    print(
        f"digest: {results.digest_alerts} due alerts -> {sink.count} mails to SMTP in "
        f"{results.digest_seconds:.1f} s; baseline {results.baseline_queries} plain searches "
        f"in _msearch batches of {settings.alert_batch_size}: {results.baseline_seconds:.1f} s",
        file=out,
    )


async def _instant(
    store: SearchStore,
    sessions: async_sessionmaker[AsyncSession],
    settings: SearchSettings,
    sink: Sink,
    rng: random.Random,
    results: Results,
    args: argparse.Namespace,
    out: Any,
) -> None:
    # keying every instant alert is a one-off (an alert is keyed once when saved or changed)
    started = time.perf_counter()
    await mailer.plan_instant(sessions, store, settings)
    async with unit_of_work(sessions) as session:
        while await keys.key_stale_alerts(session, store):
            pass
    results.keying_seconds = time.perf_counter() - started
    async with sessions() as session:
        instant = list(
            await session.scalars(select(SavedSearch).where(SavedSearch.frequency == INSTANT))
        )
    pending = select(func.count()).select_from(AlertMail).where(AlertMail.state == mailer.PENDING)
    stop = asyncio.Event()
    loop = asyncio.create_task(_mailer_loop(sessions, store, settings, stop))
    try:
        for number in range(args.instant_jobs):
            payload = _job(rng, results.jobs + number, published=datetime.now(UTC))
            document = job_document(payload, findable=True, labels={})
            published = datetime.now(UTC)
            await store.write("jobs", document)
            async with unit_of_work(sessions) as session:
                await mailer.record_new_job(session, job_id=payload.job_id, site=SITE)
            # done when the job left the queue and no mail is pending
            deadline = time.monotonic() + 600
            while time.monotonic() < deadline:
                queued = await _count(
                    sessions, select(func.count()).where(AlertNewJob.job_id == payload.job_id)
                )
                if not queued and not await _count(sessions, pending):
                    break
                await asyncio.sleep(0.05)
            async with sessions() as session:
                mails, last = (
                    await session.execute(
                        select(func.count(), func.max(AlertMail.sent_at)).where(
                            AlertMail.kind == INSTANT,
                            cast(AlertMail.content, Text).contains(payload.job_id),
                        )
                    )
                ).one()
            latency = ((last or datetime.now(UTC)) - published).total_seconds()
            baseline = await _instant_baseline(store, instant, payload.job_id, settings)
            results.instant_latencies.append(latency)
            results.instant_baselines.append(baseline)
            results.instant_mails.append(int(mails))
            print(
                f"instant job {number + 1}: {mails} mails, publish -> last mail handed to SMTP "
                f"{latency:.2f} s; baseline (every instant alert verified, no cut) "
                f"{baseline:.2f} s",
                file=out,
            )
    finally:
        stop.set()
        await loop


def report(results: Results, settings_poll: float, out: Any) -> None:
    lat, base = results.instant_latencies, results.instant_baselines
    print("", file=out)
    print(
        f"{'measure':<44} {'figure':>12} {'baseline':>12}",
        file=out,
    )
    label = f"digest run (s), {results.digest_planned} / {results.baseline_queries}"
    print(
        f"{label:<44} {results.digest_seconds:>12.1f} {results.baseline_seconds:>12.1f}",
        file=out,
    )
    if results.digest_seconds and results.baseline_seconds:
        print(
            f"{'digest rate (alerts or searches per s)':<44} "
            f"{results.digest_planned / results.digest_seconds:>12.1f} "
            f"{results.baseline_queries / results.baseline_seconds:>12.1f}",
            file=out,
        )
    if lat:
        print(
            f"{'instant publish -> mail p50 (s)':<44} {percentile(lat, 50) or 0:>12.2f} "
            f"{percentile(base, 50) or 0:>12.2f}",
            file=out,
        )
        print(
            f"{'instant publish -> mail p95 (s)':<44} {percentile(lat, 95) or 0:>12.2f} "
            f"{percentile(base, 95) or 0:>12.2f}",
            file=out,
        )
    print(
        f"digest baseline: {results.baseline_queries} plain searches in _msearch batches; "
        f"instant baseline: matching {results.instant_alerts} instant alerts without the key "
        f"cut; the mailer polls every {settings_poll:g} s; keying all instant alerts once took "
        f"{results.keying_seconds:.1f} s",
        file=out,
    )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.alerts", description=__doc__)
    parser.add_argument("--alerts", type=int, default=100_000, metavar="N")
    parser.add_argument("--jobs", type=int, default=2000, metavar="M")
    parser.add_argument("--instant-jobs", type=int, default=10, metavar="K")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument(
        "--digest-max-seconds",
        type=float,
        default=3600.0,
        metavar="S",
        help="stop the digest run, and its baseline, after this long (how far each got and its "
        "rate are reported)",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the results to this file")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    results = asyncio.run(_run(args, sys.stdout))
    report(results, get_settings().alert_poll_seconds, sys.stdout)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(asdict(results), handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
