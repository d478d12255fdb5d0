"""What a bench run leaves behind on the shared PostgreSQL and Elasticsearch: nothing. Its
indices (by their prefix) and its scratch databases are gone once it is done."""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg
from elasticsearch import AsyncElasticsearch
from search.settings import get_settings


async def assert_gone(*, index_prefix: str, databases: Sequence[str]) -> None:
    settings = get_settings()
    client = AsyncElasticsearch(settings.elasticsearch_url)
    try:
        left = await client.indices.get(index=f"{index_prefix}-*")
    finally:
        await client.close()
    assert dict(left) == {}
    connection = await asyncpg.connect(settings.dsn_for("postgres"))
    try:
        for database in databases:
            assert not await connection.fetchval(
                "SELECT 1 FROM pg_database WHERE datname = $1", database
            )
    finally:
        await connection.close()
