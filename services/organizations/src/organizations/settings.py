from functools import lru_cache
from pathlib import Path

from jobkit.mail import MailSettings
from pydantic import SecretStr
from pydantic_settings import SettingsConfigDict


class OrganizationsSettings(MailSettings):
    model_config = SettingsConfigDict(env_prefix="ORGANIZATIONS_", extra="ignore")

    service_name: str = "organizations"
    db_name: str = "organizations"
    # Files are served through the web server's proxy (/api/uploads/organizations/files/...).
    upload_public_url: str = "/api/uploads/organizations"
    # Where invitation links point (the web site).
    site_url: str = "http://127.0.0.1:3002"
    invitation_lifetime_days: int = 14
    # The invitation links' tokens are HMACs of the invitation with this secret (made again,
    # the same, when the mailer sends a mail again; refused at its development default in
    # production)
    invitation_signing_secret: SecretStr = SecretStr("development-only-invitation-signing-secret")
    # The contact form: the captcha verifier (ADR 0005) when the site's captcha.contact_form is
    # on, and rate limits per window (shared by replicas through PostgreSQL)
    captcha_verify_url: str | None = None
    captcha_secret: SecretStr | None = None
    captcha_timeout_seconds: float = 5.0
    contact_limit_window_seconds: int = 600
    contact_limit_per_ip: int = 10
    contact_limit_per_email: int = 3
    # ...and per organization, the recipient of every message (ADR 0024)
    contact_limit_per_organization: int = 30

    def _secrets(self) -> dict[str, str]:
        secret = self.invitation_signing_secret.get_secret_value()
        return super()._secrets() | {
            "ORGANIZATIONS_INVITATION_SIGNING_SECRET": ""
            if "development-only" in secret
            else secret
        }


@lru_cache
def get_settings() -> OrganizationsSettings:
    return OrganizationsSettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
