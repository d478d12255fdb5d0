from functools import lru_cache
from pathlib import Path

from jobkit.mail import MailSettings
from pydantic import SecretStr
from pydantic_settings import SettingsConfigDict


class AnalyticsSettings(MailSettings):
    model_config = SettingsConfigDict(env_prefix="ANALYTICS_", extra="ignore")

    service_name: str = "analytics"
    db_name: str = "analytics"

    # The relays' upstream endpoints (ADR 0014); unset: that relay sends nothing (its queue
    # stays empty: nothing is queued for a destination that is not configured).
    measurement_url: str | None = None  # a Measurement-Protocol-like collector
    measurement_api_secret: SecretStr | None = None  # sent as the `api_secret` query parameter
    conversion_url: str | None = None  # a Conversions-API-like endpoint
    conversion_access_token: SecretStr | None = None  # sent as a bearer token
    relay_backlog_cap: int = 10_000  # waiting forwards per destination; the oldest go beyond
    relay_batch_size: int = 50
    relay_interval_seconds: float = 1.0
    relay_retry_seconds: float = 30.0  # first retry; doubles per attempt, capped at 1 h
    relay_max_attempts: int = 8
    relay_timeout_seconds: float = 10.0
    # Signed outbound webhooks (ADR 0040): the public site (the jobs' addresses in payloads),
    # the sender's pace, and whether endpoints on private or loopback addresses are allowed
    # (development and tests only: the local receivers)
    site_url: str = "http://127.0.0.1:3002"
    webhooks_allow_private_targets: bool = False
    # a standby sender's retry of the lock, and the idle sender's pace where notifications are
    # not heard
    webhook_interval_seconds: float = 1.0
    # the idle sender is woken by every new or replayed delivery (a notification at commit) and
    # at the next retry's time; this is how long it waits without either before it looks anyway
    webhook_idle_poll_seconds: float = 30.0
    webhook_batch_size: int = 100
    webhook_concurrency: int = 8
    webhook_timeout_seconds: float = 15.0


@lru_cache
def get_settings() -> AnalyticsSettings:
    return AnalyticsSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
