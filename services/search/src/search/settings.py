from functools import lru_cache
from pathlib import Path

from pydantic_settings import SettingsConfigDict

from jobkit.settings import ServiceSettings


class SearchSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="SEARCH_", extra="ignore")

    service_name: str = "search"
    db_name: str = "search"


@lru_cache
def get_settings() -> SearchSettings:
    return SearchSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
