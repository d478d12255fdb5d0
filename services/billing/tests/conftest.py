"""The shared fixtures come from the jobkit pytest plugin (jobkit.testing.service)."""

import pytest
from billing.main import create_app
from billing.settings import SERVICE_DIR, BillingSettings
from jobkit.testing.service import ServiceSpec


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec(settings=BillingSettings(), service_dir=SERVICE_DIR, create_app=create_app)
