"""The shared fixtures come from the jobkit pytest plugin (jobkit.testing.service)."""

import uuid
from collections.abc import AsyncIterator

import pytest
from jobkit.db import make_sessionmaker
from jobkit.settings import ServiceSettings
from jobkit.testing.service import ServiceSpec
from pydantic import SecretStr
from search.alerts.keys import forget_windows
from search.engine.answer_cache import forget_answers
from search.engine.indexing.store import SearchStore, store_for
from search.main import create_app
from search.settings import SERVICE_DIR, SearchSettings
from search.taxonomy.loader import load_vocabularies
from sqlalchemy.ext.asyncio import AsyncEngine


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    # Indices of their own: the tests never touch the dev aliases.
    settings = SearchSettings(
        index_prefix=f"test-{uuid.uuid4().hex[:10]}",
        alert_signing_secret=SecretStr("test-alert-signing-secret"),
    )
    return ServiceSpec(settings=settings, service_dir=SERVICE_DIR, create_app=create_app)


@pytest.fixture(scope="module")
async def store(
    service_settings: ServiceSettings, service_engine: AsyncEngine
) -> AsyncIterator[SearchStore]:
    assert isinstance(service_settings, SearchSettings)
    await load_vocabularies(make_sessionmaker(service_engine), service_settings)
    store = store_for(service_settings.elasticsearch_url, service_settings.index_prefix)
    await store.drop()
    await store.ensure_indices()
    forget_windows()  # the mailer's digest windows were of the dropped index
    yield store
    await store.drop()


@pytest.fixture(autouse=True)
def no_kept_answers() -> None:
    """Tests write to the indices without the indexer's generation bump: each starts with no
    kept answers (search.engine.answer_cache), so one test's answer is never another's."""
    forget_answers()
