from functools import lru_cache
from pathlib import Path

from jobkit.settings import ServiceSettings
from pydantic_settings import SettingsConfigDict


class OrganizationsSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="ORGANIZATIONS_", extra="ignore")

    service_name: str = "organizations"
    db_name: str = "organizations"


@lru_cache
def get_settings() -> OrganizationsSettings:
    return OrganizationsSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
