"""The shared fixtures come from the jobkit pytest plugin (jobkit.testing.service)."""

import pytest
from consent.main import create_app
from consent.settings import SERVICE_DIR, ConsentSettings
from jobkit.testing.service import ServiceSpec


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec(settings=ConsentSettings(), service_dir=SERVICE_DIR, create_app=create_app)
