from functools import lru_cache
from pathlib import Path

from jobkit.settings import ServiceSettings
from pydantic import AliasChoices, Field
from pydantic_settings import SettingsConfigDict

from search.alerts.settings import AlertSettings
from search.engine.answer_cache import DEFAULT_CAPACITY
from search.site.announce.settings import AnnounceSettings
from search.site.sitemaps.render import URLS_PER_SITEMAP


class SearchSettings(AnnounceSettings, AlertSettings, ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="SEARCH_", extra="ignore")

    service_name: str = "search"
    db_name: str = "search"
    # Only search talks to Elasticsearch; the variable has no prefix so one env file sets it.
    elasticsearch_url: str = Field(
        default="http://127.0.0.1:9200", validation_alias=AliasChoices("ELASTICSEARCH_URL")
    )
    # Aliases are "{prefix}-jobs" and "{prefix}-organizations"; tests use a prefix of their own.
    index_prefix: str = "jobboard"
    # jobSearch and organizationSearch answers kept in each process until the indices change
    # (ADR 0047): at most this many (an LRU); 0 keeps none.
    answer_cache_size: int = Field(default=DEFAULT_CAPACITY, ge=0, le=10_000)
    # The indexer refreshes the indices (then bumps their generation) after a batch at most
    # once per this many seconds, and never later than that after a batch (ADR 0062): at once
    # after a quiet interval, one trailing refresh for the batches of a busy one. 0: after
    # every batch. At most 1 s, Elasticsearch's own refresh interval.
    indexer_refresh_seconds: float = Field(default=0.25, ge=0, le=1.0)

    # The sitemaps (search.site.sitemaps): URLs a file (the protocol allows 50,000), the languages
    # served (the first without a path prefix), how long clients and proxies may keep one.
    sitemap_page_size: int = Field(default=URLS_PER_SITEMAP, ge=1, le=URLS_PER_SITEMAP)
    sitemap_languages: list[str] = Field(default=["en"], min_length=1)
    sitemap_max_age_seconds: int = 3600
    # The site's default share image (og:image of pages without one of their own, e.g. landing
    # pages): a path on the site (the web serves web/public/og-image.png) or an absolute URL.
    default_image: str = "/og-image.png"


@lru_cache
def get_settings() -> SearchSettings:
    return SearchSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
