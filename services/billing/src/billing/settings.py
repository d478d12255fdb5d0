from functools import lru_cache
from pathlib import Path

from jobkit.settings import ServiceSettings
from pydantic_settings import SettingsConfigDict


class BillingSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="BILLING_", extra="ignore")

    service_name: str = "billing"
    db_name: str = "billing"
    # How often the background step writes expiry entries for grants past their expiry.
    expiry_interval_seconds: float = 300.0
    # The web site's base URL (absoluteUrl of a subscription: <site_url>/my-products), and per
    # site (X-Frontend) when several career sites are served.
    site_url: str = "http://127.0.0.1:3002"
    site_urls: dict[str, str] = {}

    def site_url_for(self, site: str) -> str:
        return self.site_urls.get(site, self.site_url).rstrip("/")


@lru_cache
def get_settings() -> BillingSettings:
    return BillingSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
