"""The first indices of a fresh cluster, asked for by several processes at once (every consumer
and the alert mailer ensure them when they start)."""

import asyncio
import uuid

import pytest
from elasticsearch import AsyncElasticsearch
from search.engine.indexing.store import KINDS, SearchStore
from search.settings import SearchSettings

pytestmark = pytest.mark.integration

PROCESSES = 6


async def test_processes_starting_together_leave_one_index_behind_each_alias() -> None:
    url = SearchSettings().elasticsearch_url
    prefix = f"test-boot-{uuid.uuid4().hex[:10]}"
    # one client each, as separate processes have
    stores = [
        SearchStore(AsyncElasticsearch(url, request_timeout=30), prefix=prefix)
        for _ in range(PROCESSES)
    ]
    try:
        await asyncio.gather(*(store.ensure_indices() for store in stores))
        for kind in KINDS:
            behind = await stores[0].indices_of(kind)
            assert len(behind) == 1, (kind, behind)
        # a document can be written through the alias (not so behind two indices)
        written = await stores[1].client.index(
            index=stores[1].alias("organizations"), id="o1", document={"name": "Green Harbor"}
        )
        assert written["result"] == "created"
        # a later start finds them and changes nothing
        again = SearchStore(AsyncElasticsearch(url, request_timeout=30), prefix=prefix)
        await again.ensure_indices()
        for kind in KINDS:
            assert await again.indices_of(kind) == await stores[0].indices_of(kind)
        await again.client.close()
    finally:
        await stores[0].drop()
        for store in stores:
            await store.client.close()
