from functools import lru_cache
from pathlib import Path

from jobkit.settings import ServiceSettings
from pydantic_settings import SettingsConfigDict


class AnalyticsSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="ANALYTICS_", extra="ignore")

    service_name: str = "analytics"
    db_name: str = "analytics"


@lru_cache
def get_settings() -> AnalyticsSettings:
    return AnalyticsSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
