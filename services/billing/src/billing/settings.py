from functools import lru_cache
from pathlib import Path

from jobkit.settings import ServiceSettings
from pydantic_settings import SettingsConfigDict


class BillingSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="BILLING_", extra="ignore")

    service_name: str = "billing"
    db_name: str = "billing"


@lru_cache
def get_settings() -> BillingSettings:
    return BillingSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
