"""Fault scenario: Elasticsearch down, and search catches up afterwards with nothing missing.

Starts its own search service (this checkout, a spare port, a scratch database, its own Kafka
topic prefix and index prefix) talking to the stack's Elasticsearch through a fault-injecting
proxy (tests/faults/proxy.py), then:

1. jobs published before the outage are findable;
2. the proxy cuts Elasticsearch (open connections reset, new ones refused): ``jobSearch``
   answers ``SearchUnavailable`` with a human message and no address or stack trace, and the
   service stays ready (its database gates it, not Elasticsearch);
3. jobs are published and edited meanwhile (their events reach the indexer, which cannot write);
4. Elasticsearch is back: every job is findable, none twice, the edits applied, and nothing
   went to the dead-letter topic; seconds to catch up are printed.

With ``--web`` (needs gateway/dist and web/build) it also starts its own gateway, with the
search subgraph pointed at its own search service, and web server, and asks ``/jobs`` (says
search is unavailable, 503 with the site's shell) and the home page (renders) during the outage.

    .venv/bin/python tests/faults/search_down.py [--jobs 40] [--outage 8] [--web]

Needs the local stack's PostgreSQL, Kafka and Elasticsearch (``make up``).
Runbook: docs/runbooks/search-down.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from aiokafka import AIOKafkaConsumer, TopicPartition
from jobkit.contracts import JOB_PUBLISHED, JOB_TOPIC, JOB_UPDATED
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings

from tests.faults.harness import (
    ROOT,
    Counts,
    OwnService,
    applied_count,
    leaks,
    own_topics,
    produce,
    scratch_database,
    wait_for,
)
from tests.faults.proxy import FaultProxy

ELASTICSEARCH = ("127.0.0.1", 9200)
ELASTICSEARCH_URL = "http://127.0.0.1:9200"
JOB_SEARCH = """{ jobSearch(input: {}) { __typename
  ... on JobSearchResults { total } ... on SearchUnavailable { message } } }"""
INDEXER_GROUP = "search-indexer"


def job_event(job_id: str, *, version: int, title: str, event_type: str) -> EventEnvelope:
    """A job's snapshot event as the jobs service publishes it (the fields search reads)."""
    payload: dict[str, Any] = {
        "job_id": job_id,
        "site": "jobboard",
        "slug": f"faults-{job_id[:8]}",
        "title": title,
        "description_text": "A job published while the fault scenario ran.",
        "type": "job_per_template",
        "state": "published",
        "version": version,
        "organization_id": str(uuid.UUID(int=1)),
        "organization_number": 1,
        "organization_name": "Fault Rehearsals",
        "locations": [{"locality": "Boston", "country_code": "US", "administrative_area": "MA"}],
        "published_at": datetime.now(UTC).isoformat(),
        "created_at": datetime.now(UTC).isoformat(),
    }
    return EventEnvelope(
        type=event_type,
        aggregate_id=job_id,
        aggregate_version=version,
        site="jobboard",
        actor="faults",
        payload=payload,
    )


def published(job_id: str) -> EventEnvelope:
    return job_event(job_id, version=1, title="Field nurse", event_type=JOB_PUBLISHED)


async def topic_size(topic: str) -> int:
    """Records ever written to ``topic`` (0 when it does not exist)."""
    consumer = AIOKafkaConsumer(bootstrap_servers=ServiceSettings().kafka_bootstrap_servers)
    await consumer.start()
    try:
        partitions = consumer.partitions_for_topic(topic) or set()
        if not partitions:
            await consumer._client.force_metadata_update()
            partitions = consumer.partitions_for_topic(topic) or set()
        parts = [TopicPartition(topic, p) for p in partitions]
        if not parts:
            return 0
        ends = await consumer.end_offsets(parts)
        starts = await consumer.beginning_offsets(parts)
        return sum(ends[p] - starts[p] for p in parts)
    finally:
        await consumer.stop()


async def indexed(index_prefix: str) -> dict[str, dict[str, Any]]:
    """The findable job documents of the scenario's own index (read past the proxy)."""
    async with httpx.AsyncClient(timeout=30) as client:
        answer = await client.post(
            f"{ELASTICSEARCH_URL}/{index_prefix}-jobs/_search",
            json={"size": 10_000, "query": {"term": {"findable": True}}, "version": True},
        )
        answer.raise_for_status()
        hits = answer.json()["hits"]["hits"]
    return {hit["_id"]: {"version": hit["_version"], **hit["_source"]} for hit in hits}


NEW_JOB_SEARCH = """{ jobSearch(input: {fulltext: {keys: "arborist during the outage"}}) {
  __typename ... on JobSearchResults { total } ... on SearchUnavailable { message } } }"""


async def search_total(search: OwnService) -> int | None:
    _, _, body = await search.graphql(JOB_SEARCH)
    answer = (body.get("data") or {}).get("jobSearch") or {}
    return answer.get("total") if answer.get("__typename") == "JobSearchResults" else None


async def run(
    *, jobs: int = 40, outage: float = 8.0, web: bool = False, builds: Path = ROOT
) -> Counts:
    counts = Counts()
    index_prefix = f"faults-{uuid.uuid4().hex[:8]}"
    async with (
        own_topics() as prefix,
        scratch_database("search") as database,
        FaultProxy(upstream=ELASTICSEARCH) as proxy,
    ):
        search = OwnService(
            "search",
            env={
                "SEARCH_DB_NAME": database,
                "KAFKA_TOPIC_PREFIX": prefix,
                "SEARCH_INDEX_PREFIX": index_prefix,
                "ELASTICSEARCH_URL": f"http://{proxy.address}",
            },
            log=ROOT / ".local" / "logs" / "faults-search-down.log",
        )
        search.start()
        try:
            await search.ready()
            counts.note(f"search up on {search.url}, Elasticsearch through {proxy.address}")
            await _scenario(
                counts, search, proxy, prefix, database, index_prefix, jobs, outage, web, builds
            )
        finally:
            search.stop()
            async with httpx.AsyncClient(timeout=30) as client:
                await client.delete(f"{ELASTICSEARCH_URL}/{index_prefix}-*")
    return counts


async def _scenario(
    counts: Counts,
    search: OwnService,
    proxy: FaultProxy,
    prefix: str,
    database: str,
    index_prefix: str,
    jobs: int,
    outage: float,
    web: bool,
    builds: Path,
) -> None:
    topic = f"{prefix}{JOB_TOPIC}"
    before = [str(uuid.uuid4()) for _ in range(jobs // 2)]
    during = [str(uuid.uuid4()) for _ in range(jobs - len(before))]
    await produce(
        topic,
        [job_event(j, version=1, title="Field nurse", event_type=JOB_PUBLISHED) for j in before],
    )

    async def all_before() -> bool:
        return await search_total(search) == len(before)

    counts.check(
        await wait_for(all_before, timeout=300),
        f"{len(before)} jobs published before the outage are findable",
    )

    cut = await proxy.outage()
    started = time.monotonic()
    # a search not asked before: the one above may be answered from the search-answer cache
    # (ADR 0047), rightly, since the index cannot change while Elasticsearch is away
    status, text, body = await search.graphql(NEW_JOB_SEARCH)
    answer = (body.get("data") or {}).get("jobSearch") or {}
    counts.check(
        status == 200
        and answer.get("__typename") == "SearchUnavailable"
        and bool(answer.get("message"))
        and not body.get("errors")
        and not leaks(text),
        f"Elasticsearch cut ({cut} connections reset, new ones refused): jobSearch answers "
        f"{status} {answer.get('__typename')} {answer.get('message')!r}, leaks {leaks(text)}",
    )
    async with httpx.AsyncClient(timeout=10) as client:
        ready = await client.get(f"{search.url}/readyz")
    counts.check(
        ready.status_code == 200, f"search /readyz {ready.status_code} (the database gates)"
    )

    # published and edited meanwhile: the jobs service writes its outbox, the relay sends
    edited = before[: len(before) // 2]
    await produce(
        topic,
        [job_event(j, version=1, title="Field nurse", event_type=JOB_PUBLISHED) for j in during]
        + [
            job_event(j, version=2, title="Senior field nurse", event_type=JOB_UPDATED)
            for j in edited
        ],
    )
    counts.note(f"{len(during)} jobs published and {len(edited)} edited during the outage")
    if web:
        await _check_web(counts, search, builds)
    await asyncio.sleep(max(0.0, outage - (time.monotonic() - started)))
    await proxy.restore()
    back = time.monotonic()
    counts.note(f"Elasticsearch back after {back - started:.1f} s")

    expected = len(before) + len(during)

    async def caught_up() -> bool:
        documents = await indexed(index_prefix)
        return len(documents) >= expected and all(
            documents.get(j, {}).get("version") == 2 for j in edited
        )

    recovered = await wait_for(caught_up, timeout=300)
    documents = await indexed(index_prefix)
    missing = [j for j in (*before, *during) if j not in documents]
    unexpected = [j for j in documents if j not in {*before, *during}]
    stale = [j for j in edited if documents.get(j, {}).get("version") != 2]
    total = await search_total(search)
    counts.check(
        recovered and not missing and not unexpected and not stale and total == expected,
        f"caught up in {time.monotonic() - back:.1f} s: {len(documents)} of {expected} jobs "
        f"findable (jobSearch total {total}), missing {len(missing)}, twice or unknown "
        f"{len(unexpected)}, edits not applied {len(stale)}",
    )
    dead = await topic_size(f"{topic}.dlt")
    counts.check(dead == 0, f"dead-lettered events of {topic}: {dead}")
    processed = await applied_count(database, f"{prefix}{INDEXER_GROUP}")
    events = len(before) + len(during) + len(edited)
    counts.check(
        processed == events, f"indexer ledger: {processed} of {events} events applied once"
    )


async def _check_web(counts: Counts, search: OwnService, build_root: Path) -> None:
    """Its own gateway (search at its own search service) and web server: /jobs says search is
    unavailable, the home page renders."""
    from tests.faults.subgraph_down import free_port, started, wait_until_up

    if (
        not (build_root / "gateway" / "dist" / "server.js").exists()
        or not (build_root / "web" / "build" / "server-app" / "server" / "main.js").exists()
    ):
        counts.note("(gateway/dist or web/build missing: the pages were not asked)")
        return
    logs = ROOT / ".local" / "logs"
    gateway_port, web_port = free_port(), free_port()
    env = {**os.environ, "APOLLO_TELEMETRY_DISABLED": "1"}
    gateway = f"http://127.0.0.1:{gateway_port}"
    web = f"http://127.0.0.1:{web_port}"
    with started(
        ["node", "--import", "./dist/telemetry.js", "dist/server.js"],
        build_root / "gateway",
        {
            **env,
            "PORT": str(gateway_port),
            "LOG_LEVEL": "warn",
            "SUBGRAPH_SEARCH_URL": f"{search.url}/graphql",
        },
        logs / "faults-search-gateway.log",
    ) as gateway_process:
        await asyncio.to_thread(wait_until_up, f"{gateway}/healthz", gateway_process)
        with started(
            ["node", "build/server-app/server/main.js"],
            build_root / "web",
            {
                **env,
                "PORT": str(web_port),
                "GATEWAY_URL": f"{gateway}/graphql",
                "NODE_ENV": "production",
            },
            logs / "faults-search-web.log",
        ) as web_process:
            await asyncio.to_thread(wait_until_up, f"{web}/healthz", web_process)
            async with httpx.AsyncClient(timeout=60) as client:
                jobs_page = await client.get(f"{web}/jobs")
                home = await client.get(f"{web}/")
            says = "Search is unavailable" in jobs_page.text
            counts.check(
                jobs_page.status_code == 503 and says and 'id="main"' in jobs_page.text,
                f"web /jobs: {jobs_page.status_code}, says search is unavailable: {says}",
            )
            counts.check(
                home.status_code == 200 and 'id="main"' in home.text,
                f"web /: {home.status_code} (the rest of the site renders)",
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--jobs", type=int, default=40, help="jobs published (half during)")
    parser.add_argument("--outage", type=float, default=8.0, help="seconds Elasticsearch is down")
    parser.add_argument("--web", action="store_true", help="also ask the pages (own gateway, web)")
    parser.add_argument(
        "--builds",
        type=Path,
        default=ROOT,
        help="the checkout whose gateway/dist and web/build run",
    )
    args = parser.parse_args(argv)
    counts = asyncio.run(run(jobs=args.jobs, outage=args.outage, web=args.web, builds=args.builds))
    sys.stdout.write(counts.report("Elasticsearch down"))
    return 1 if counts.failed else 0


if __name__ == "__main__":
    sys.exit(main())
