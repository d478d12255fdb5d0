"""The shared fixtures come from the jobkit pytest plugin (jobkit.testing.service)."""

import pytest
from jobkit.testing.service import ServiceSpec
from resumes.main import create_app
from resumes.settings import SERVICE_DIR, ResumesSettings


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec(settings=ResumesSettings(), service_dir=SERVICE_DIR, create_app=create_app)
