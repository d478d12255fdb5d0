from functools import lru_cache
from pathlib import Path

from jobkit.settings import ServiceSettings
from pydantic_settings import SettingsConfigDict


class ConsentSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="CONSENT_", extra="ignore")

    service_name: str = "consent"
    db_name: str = "consent"


@lru_cache
def get_settings() -> ConsentSettings:
    return ConsentSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
