"""Alembic environment of the organizations service (the shared body lives in jobkit.migrations)."""

import organizations.domain.models  # noqa: F401 - register the mapped tables on the metadata
from jobkit.migrations import run_migrations
from organizations.db import Base
from organizations.settings import get_settings

run_migrations(Base.metadata, default_url=get_settings().database_url)
