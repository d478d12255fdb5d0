"""The shared fixtures come from the jobkit pytest plugin (jobkit.testing.service)."""

import pytest
from analytics.main import create_app
from analytics.settings import SERVICE_DIR, AnalyticsSettings
from jobkit.testing.service import ServiceSpec


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec(settings=AnalyticsSettings(), service_dir=SERVICE_DIR, create_app=create_app)
