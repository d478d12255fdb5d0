"""The shared fixtures come from the jobkit pytest plugin (jobkit.testing.service)."""

import pytest
from jobkit.testing.service import ServiceSpec
from search.main import create_app
from search.settings import SERVICE_DIR, SearchSettings


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec(settings=SearchSettings(), service_dir=SERVICE_DIR, create_app=create_app)
