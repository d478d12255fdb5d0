from functools import lru_cache
from pathlib import Path

from jobkit.settings import ServiceSettings
from pydantic_settings import SettingsConfigDict


class JobsSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="JOBS_", extra="ignore")

    service_name: str = "jobs"
    db_name: str = "jobs"


@lru_cache
def get_settings() -> JobsSettings:
    return JobsSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
