from functools import lru_cache
from pathlib import Path

from jobkit.mail import MailSettings
from pydantic_settings import SettingsConfigDict

# The resume fields a site may switch off (the site's resume configuration, spec 3).
NULLABLE_FIELDS = frozenset({"birthday", "education_time_period", "work_experience_time_period"})


class ResumesSettings(MailSettings):
    model_config = SettingsConfigDict(env_prefix="RESUMES_", extra="ignore")

    service_name: str = "resumes"
    db_name: str = "resumes"
    # The public web site: links in mails.
    site_url: str = "http://127.0.0.1:3002"
    # The site's resume configuration (spec 3): these fields are nulled out, never stored nor
    # answered, and not asked for by the completeness rule. This site nulls the birthday and the
    # education time period. One of NULLABLE_FIELDS each (RESUMES_NULLED_FIELDS='["birthday"]').
    nulled_fields: frozenset[str] = frozenset({"birthday", "education_time_period"})

    def nulls(self, field: str) -> bool:
        return field in self.nulled_fields


@lru_cache
def get_settings() -> ResumesSettings:
    return ResumesSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
