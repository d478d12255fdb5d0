"""Alembic environment of the identity service (the shared body lives in jobkit.migrations)."""

import identity.domain.models  # noqa: F401 - register the mapped tables on the metadata
from identity.db import Base
from identity.settings import get_settings
from jobkit.migrations import run_migrations

run_migrations(Base.metadata, default_url=get_settings().database_url)
