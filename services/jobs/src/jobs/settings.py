from functools import lru_cache
from pathlib import Path

from jobkit.mail import MailSettings
from jobkit.settings import SiteUrls
from pydantic import SecretStr
from pydantic_settings import SettingsConfigDict


class JobsSettings(MailSettings, SiteUrls):
    model_config = SettingsConfigDict(env_prefix="JOBS_", extra="ignore")

    service_name: str = "jobs"
    db_name: str = "jobs"
    # Files are served through the web server's proxy (/api/uploads/jobs/files/...).
    upload_public_url: str = "/api/uploads/jobs"
    # site_url / site_urls (SiteUrls): absolute URLs in JSON-LD and metatags, links in mails; a
    # job shown on a site it is shared with names its own site's page as canonical (ADR 0057)
    # The scheduler: how often it looks for scheduled jobs to publish and jobs to expire.
    scheduler_interval_seconds: float = 30.0
    scheduler_batch_size: int = 100
    # How often the scheduler applies the sites' retention rule for applications
    # (jobs.domain.retention).
    retention_interval_seconds: float = 3600.0
    # A job's lifetime in days when it has neither an expiration nor a duration.
    default_duration_days: int = 30
    # Applications: the captcha verifier (ADR 0005) when the site's captcha.job_application is on
    captcha_verify_url: str | None = None
    captcha_secret: SecretStr | None = None
    captcha_timeout_seconds: float = 5.0
    # ...rate limits (per window, shared by replicas through PostgreSQL)
    apply_limit_window_seconds: int = 600
    apply_limit_per_ip: int = 20
    apply_limit_per_email: int = 5
    # Reports of jobs (ADR 0030): per client address and per account, per window; a job that
    # this many distinct reporters reported is hidden pending review, unless the site's
    # jobs.report_hide_threshold says otherwise
    report_limit_window_seconds: int = 3600
    report_limit_per_client: int = 10
    report_limit_per_account: int = 10
    report_hide_threshold: int = 3
    # The ATS API (ADR 0039): requests per key and window (a batch counts once per job in it)
    ats_limit_window_seconds: int = 60
    ats_limit_per_key: int = 1200
    # Feed imports (ADR 0041): feeds are fetched from public https addresses only, unless
    # private targets are allowed (development, tests); a feed's size, its jobs and the time it
    # may take to arrive are limited; the importer (one replica) looks for due sources at least
    # this often, and sleeps until the next one is due otherwise.
    feeds_allow_private_targets: bool = False
    feed_max_bytes: int = 20_000_000
    feed_max_items: int = 5000
    feed_timeout_seconds: float = 30.0
    feed_check_interval_seconds: float = 30.0
    # The local board's demo feeds: files of this folder are served at /feeds/demo/<name>
    # (scripts/seed.py points two demo organizations' sources at them). Unset: not served.
    demo_feeds_dir: Path | None = None
    # ...attachments: signed download URLs (jobkit.uploads.signing), valid this long
    file_signing_secret: SecretStr = SecretStr("development-only-file-signing-secret")
    file_url_ttl_seconds: int = 600

    def _secrets(self) -> dict[str, str]:
        return super()._secrets() | {
            "JOBS_FILE_SIGNING_SECRET": (
                ""
                if "development-only" in self.file_signing_secret.get_secret_value()
                else self.file_signing_secret.get_secret_value()
            )
        }


@lru_cache
def get_settings() -> JobsSettings:
    return JobsSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
