"""Alembic environment of the billing service (the shared body lives in jobkit.migrations)."""

import billing.domain.models  # noqa: F401 - register the mapped tables on the metadata
from billing.db import Base
from billing.settings import get_settings
from jobkit.migrations import run_migrations

run_migrations(Base.metadata, default_url=get_settings().database_url)
