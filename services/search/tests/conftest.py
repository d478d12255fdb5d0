"""The shared fixtures come from the jobkit pytest plugin (jobkit.testing.service)."""

import uuid

import pytest
from jobkit.testing.service import ServiceSpec
from search.main import create_app
from search.settings import SERVICE_DIR, SearchSettings


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    # Indices of their own: the tests never touch the dev aliases.
    settings = SearchSettings(index_prefix=f"test-{uuid.uuid4().hex[:10]}")
    return ServiceSpec(settings=settings, service_dir=SERVICE_DIR, create_app=create_app)
