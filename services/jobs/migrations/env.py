"""Alembic environment of the jobs service (the shared body lives in jobkit.migrations)."""

import jobs.domain.models  # noqa: F401 - register the mapped tables on the metadata
from jobkit.migrations import run_migrations
from jobs.db import Base
from jobs.settings import get_settings

run_migrations(Base.metadata, default_url=get_settings().database_url)
