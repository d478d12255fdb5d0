"""A search store on the test prefix's own indices, vocabularies loaded, dropped afterwards."""

from collections.abc import AsyncIterator

import pytest
from jobkit.db import make_sessionmaker
from jobkit.settings import ServiceSettings
from search.indexing.store import SearchStore, store_for
from search.settings import SearchSettings
from search.vocabularies import load_vocabularies
from sqlalchemy.ext.asyncio import AsyncEngine


@pytest.fixture(scope="module")
async def store(
    service_settings: ServiceSettings, service_engine: AsyncEngine
) -> AsyncIterator[SearchStore]:
    assert isinstance(service_settings, SearchSettings)
    await load_vocabularies(make_sessionmaker(service_engine), service_settings)
    store = store_for(service_settings.elasticsearch_url, service_settings.index_prefix)
    await store.drop()
    await store.ensure_indices()
    yield store
    await store.drop()
