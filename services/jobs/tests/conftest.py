"""The shared fixtures come from the jobkit pytest plugin (jobkit.testing.service)."""

import pytest
from jobkit.testing.service import ServiceSpec
from jobs.main import create_app
from jobs.settings import SERVICE_DIR, JobsSettings


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec(settings=JobsSettings(), service_dir=SERVICE_DIR, create_app=create_app)
