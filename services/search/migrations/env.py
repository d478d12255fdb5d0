"""Alembic environment of the search service (the shared body lives in jobkit.migrations)."""

# register every package's mapped tables on the metadata
import search.alerts.models
import search.engine.models
import search.site.announce.models
import search.site.models
import search.taxonomy.models  # noqa: F401
from jobkit.migrations import run_migrations
from search.db import Base
from search.settings import get_settings

run_migrations(Base.metadata, default_url=get_settings().database_url)
