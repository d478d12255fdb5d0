"""Alembic environment of the analytics service (the shared body lives in jobkit.migrations)."""

import analytics.domain.models  # noqa: F401 - register the mapped tables on the metadata
from analytics.db import Base
from analytics.settings import get_settings
from jobkit.migrations import run_migrations

run_migrations(Base.metadata, default_url=get_settings().database_url)
