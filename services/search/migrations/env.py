"""Alembic environment of the search service (the shared body lives in jobkit.migrations)."""

import search.site.announce.models
import search.site.models  # noqa: F401 - register the mapped tables on the metadata
from jobkit.migrations import run_migrations
from search.db import Base
from search.settings import get_settings

run_migrations(Base.metadata, default_url=get_settings().database_url)
