from functools import lru_cache
from pathlib import Path

from jobkit.settings import ServiceSettings
from pydantic_settings import SettingsConfigDict


class ResumesSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="RESUMES_", extra="ignore")

    service_name: str = "resumes"
    db_name: str = "resumes"


@lru_cache
def get_settings() -> ResumesSettings:
    return ResumesSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
