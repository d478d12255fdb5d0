"""The removals benchmark end to end at a small size against the real PostgreSQL, Kafka and
Elasticsearch, the search service as its own process and the local Indexing API: every removal's
``URL_DELETED`` is accepted, the burst never goes past the daily quota (nothing answered 429),
every deletion of the burst goes out that day, and the run leaves no database, topic or index.
No timings are asserted."""

from __future__ import annotations

import io

import asyncpg
import pytest
from aiokafka.admin import AIOKafkaAdminClient
from elasticsearch import AsyncElasticsearch
from search.settings import get_settings

from bench import indexing_removals

pytestmark = pytest.mark.integration


async def test_a_small_run_delivers_every_removal_within_the_quota() -> None:
    args = indexing_removals.parse_args(
        [
            *("--removals", "6", "--gap", "0.3", "--interval", "1"),
            *("--burst", "60", "--burst-removals", "12", "--burst-updates", "18"),
            *("--quota", "25", "--reserve", "5", "--update-delay", "2", "--max-seconds", "90"),
        ]
    )
    out = io.StringIO()
    results = await indexing_removals._run(args, out)

    assert [r.url for r in results.removals if r.seconds is None] == [], out.getvalue()
    assert all(r.baseline is not None for r in results.removals)
    assert results.over_quota == 0
    assert results.refused == []
    assert len(results.accepted) <= 25
    assert results.accepted.count("URL_DELETED") == 12  # every deletion goes out that day
    assert len(results.accepted) == 20  # and updates stop 5 short of the quota
    assert results.waiting == {"URL_UPDATED": 60 - 20}
    report = io.StringIO()
    indexing_removals.report(results, report)
    assert "through the service" in report.getvalue()

    settings = get_settings()
    client = AsyncElasticsearch(settings.elasticsearch_url)
    try:
        for prefix in results.index_prefixes:
            assert dict(await client.indices.get(index=f"{prefix}-*")) == {}
    finally:
        await client.close()
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap_servers)
    await admin.start()
    try:
        topics = await admin.list_topics()
    finally:
        await admin.close()
    assert [t for t in topics if t.startswith(tuple(results.prefixes))] == []
    connection = await asyncpg.connect(settings.dsn_for("postgres"))
    try:
        for database in results.databases:
            assert not await connection.fetchval(
                "SELECT 1 FROM pg_database WHERE datname = $1", database
            )
    finally:
        await connection.close()
