from functools import lru_cache
from pathlib import Path

from jobkit.settings import ServiceSettings
from pydantic_settings import SettingsConfigDict


class SearchSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="SEARCH_", extra="ignore")

    service_name: str = "search"
    db_name: str = "search"


@lru_cache
def get_settings() -> SearchSettings:
    return SearchSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
