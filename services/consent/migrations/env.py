"""Alembic environment of the consent service (the shared body lives in jobkit.migrations)."""

import consent.domain.models  # noqa: F401 - register the mapped tables on the metadata
from consent.db import Base
from consent.settings import get_settings
from jobkit.migrations import run_migrations

run_migrations(Base.metadata, default_url=get_settings().database_url)
