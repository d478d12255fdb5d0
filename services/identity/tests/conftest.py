"""The shared fixtures come from the jobkit pytest plugin (jobkit.testing.service)."""

import pytest
from identity.main import create_app
from identity.settings import SERVICE_DIR, IdentitySettings
from jobkit.testing.service import ServiceSpec


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec(settings=IdentitySettings(), service_dir=SERVICE_DIR, create_app=create_app)
