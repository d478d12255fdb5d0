from functools import lru_cache
from pathlib import Path

from jobkit.settings import ServiceSettings
from pydantic import AliasChoices, Field
from pydantic_settings import SettingsConfigDict

from search.announce.settings import AnnounceSettings


class SearchSettings(AnnounceSettings, ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="SEARCH_", extra="ignore")

    service_name: str = "search"
    db_name: str = "search"
    # Only search talks to Elasticsearch; the variable has no prefix so one env file sets it.
    elasticsearch_url: str = Field(
        default="http://127.0.0.1:9200", validation_alias=AliasChoices("ELASTICSEARCH_URL")
    )
    # Aliases are "{prefix}-jobs" and "{prefix}-organizations"; tests use a prefix of their own.
    index_prefix: str = "jobboard"


@lru_cache
def get_settings() -> SearchSettings:
    return SearchSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
