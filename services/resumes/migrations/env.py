"""Alembic environment of the resumes service (the shared body lives in jobkit.migrations)."""

import resumes.domain.models  # noqa: F401 - register the mapped tables on the metadata
from jobkit.migrations import run_migrations
from resumes.db import Base
from resumes.settings import get_settings

run_migrations(Base.metadata, default_url=get_settings().database_url)
