"""The shared fixtures come from the jobkit pytest plugin (jobkit.testing.service)."""

import pytest
from jobkit.testing.service import ServiceSpec
from organizations.main import create_app
from organizations.settings import SERVICE_DIR, OrganizationsSettings


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec(
        settings=OrganizationsSettings(), service_dir=SERVICE_DIR, create_app=create_app
    )
