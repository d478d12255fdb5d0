from functools import lru_cache
from pathlib import Path

from jobkit.settings import ServiceSettings, SiteUrls
from pydantic_settings import SettingsConfigDict


class BillingSettings(ServiceSettings, SiteUrls):
    model_config = SettingsConfigDict(env_prefix="BILLING_", extra="ignore")

    service_name: str = "billing"
    db_name: str = "billing"
    # How often the background step writes expiry entries for grants past their expiry.
    expiry_interval_seconds: float = 300.0
    # site_url / site_urls (SiteUrls): the absoluteUrl of a subscription, <site>/my-products


@lru_cache
def get_settings() -> BillingSettings:
    return BillingSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
