from functools import lru_cache
from pathlib import Path
from typing import Self

from jobkit.mail import MailSettings
from jobkit.settings import Environment
from pydantic import BaseModel, SecretStr, model_validator
from pydantic_settings import SettingsConfigDict


class OidcProvider(BaseModel):
    """A social sign-in provider whose ID tokens identity accepts (any OpenID Connect issuer)."""

    issuer: str
    client_id: str


class IdentitySettings(MailSettings):
    model_config = SettingsConfigDict(env_prefix="IDENTITY_", extra="ignore")

    service_name: str = "identity"
    db_name: str = "identity"
    # PEM-encoded RSA private key that signs session tokens; from the environment, never the repo.
    jwt_private_key: SecretStr | None = None
    jwt_private_key_file: Path | None = None
    jwt_key_id: str = "identity-1"
    # Spec: the session token lifetime is 30 days by default.
    token_lifetime_seconds: int = 30 * 24 * 3600
    # Where links in mails point (the web site); how mail leaves: MailSettings.
    site_url: str = "http://127.0.0.1:3002"
    email_verification_lifetime_seconds: int = 24 * 3600
    # Sign-in throttling, shared by every replica through the database.
    login_account_failure_limit: int = 10
    login_address_failure_limit: int = 100
    login_throttle_window_seconds: int = 15 * 60
    # Social sign-in: provider id -> issuer and the web's client id, e.g. IDENTITY_OIDC_PROVIDERS=
    # '{"google": {"issuer": "https://accounts.google.com", "client_id": "..."}}'.
    oidc_providers: dict[str, OidcProvider] = {}
    # Captcha (siteverify protocol), used when a site turns it on; see domain/captcha.py.
    captcha_verify_url: str | None = None
    captcha_secret: SecretStr | None = None
    captcha_timeout_seconds: float = 5.0
    # A JWKS file (the JWKS published before a rotation) of retired signing keys, still published
    # so tokens they signed stay valid until they expire: key rotation without signing everyone
    # out (domain/tokens.py). Private members of its keys are never published.
    jwt_retired_public_keys_file: Path | None = None
    # The erasure saga (ADR 0036): a deleted account's request is asked again of the services
    # that have not confirmed it after this long, checked every erasure_check_interval_seconds;
    # past erasure_alert_after_attempts asks, each retry is logged as an error (someone looks).
    erasure_retry_after_seconds: int = 15 * 60
    erasure_check_interval_seconds: float = 60.0
    erasure_alert_after_attempts: int = 5
    # The retention rule for inactive accounts (identity.domain.inactivity) runs this often.
    retention_interval_seconds: float = 3600.0
    # Exports (ADR 0038): the archive's download links are signed with this secret and the
    # archive is kept export_ttl_seconds (a week); services that have not sent their part are
    # asked again after export_retry_after_seconds (checked with the erasures); a person may ask
    # export_daily_limit times a day.
    export_signing_secret: SecretStr = SecretStr("development-only-export-signing-secret")
    export_ttl_seconds: int = 7 * 24 * 3600
    export_retry_after_seconds: int = 15 * 60
    export_daily_limit: int = 3

    def _secrets(self) -> dict[str, str]:
        secret = self.export_signing_secret.get_secret_value()
        return super()._secrets() | {
            "IDENTITY_EXPORT_SIGNING_SECRET": "" if "development-only" in secret else secret
        }

    def private_key_pem(self) -> str | None:
        if self.jwt_private_key is not None:
            return self.jwt_private_key.get_secret_value()
        if self.jwt_private_key_file is not None:
            return self.jwt_private_key_file.read_text()
        return None

    @model_validator(mode="after")
    def _require_key_outside_development(self) -> Self:
        if self.environment is Environment.PRODUCTION and self.private_key_pem() is None:
            raise ValueError(
                "IDENTITY_JWT_PRIVATE_KEY or IDENTITY_JWT_PRIVATE_KEY_FILE is required"
            )
        return self


@lru_cache
def get_settings() -> IdentitySettings:
    return IdentitySettings()


SERVICE_DIR = Path(__file__).resolve().parents[2]
