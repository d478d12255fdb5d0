"""Typed settings shared by every service.

Each service subclasses :class:`ServiceSettings` with its own ``env_prefix`` (``IDENTITY_``,
``JOBS_``...). Values common to the whole platform (Kafka, telemetry, the JWKS address) are read
without a prefix so one environment file configures the stack.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Self

from pydantic import AliasChoices, Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEVELOPMENT_DB_PASSWORD = "jobboard"  # noqa: S105 - the documented local default, refused elsewhere


class Environment(StrEnum):
    DEVELOPMENT = "development"
    TEST = "test"
    PRODUCTION = "production"


def _shared(name: str) -> AliasChoices:
    """Let a platform-wide variable (no prefix) configure every service."""
    return AliasChoices(name)


class ServiceSettings(BaseSettings):
    model_config = SettingsConfigDict(extra="ignore", env_file=None, populate_by_name=True)

    service_name: str = "service"
    environment: Environment = Field(
        default=Environment.DEVELOPMENT, validation_alias=_shared("JOBBOARD_ENV")
    )
    site: str = Field(default="jobboard", validation_alias=_shared("JOBBOARD_SITE"))

    db_host: str = Field(default="127.0.0.1", validation_alias=_shared("JOBBOARD_PG_HOST"))
    db_port: int = Field(default=5432, validation_alias=_shared("JOBBOARD_PG_PORT"))
    db_user: str = Field(default="jobboard", validation_alias=_shared("JOBBOARD_PG_USER"))
    db_password: SecretStr = Field(
        default=SecretStr(DEVELOPMENT_DB_PASSWORD), validation_alias=_shared("JOBBOARD_PG_PASSWORD")
    )
    db_name: str = ""
    db_pool_size: int = 5

    kafka_bootstrap_servers: str = Field(
        default="127.0.0.1:9092", validation_alias=_shared("KAFKA_BOOTSTRAP_SERVERS")
    )
    kafka_topic_prefix: str = Field(default="", validation_alias=_shared("KAFKA_TOPIC_PREFIX"))
    jwks_url: str = Field(
        default="http://127.0.0.1:8101/.well-known/jwks.json",
        validation_alias=_shared("JOBBOARD_JWKS_URL"),
    )
    jwt_issuer: str = Field(default="jobboard-identity", validation_alias=_shared("JWT_ISSUER"))
    jwt_audience: str = Field(default="jobboard", validation_alias=_shared("JWT_AUDIENCE"))

    otel_exporter_otlp_endpoint: str | None = Field(
        default=None, validation_alias=_shared("OTEL_EXPORTER_OTLP_ENDPOINT")
    )
    run_migrations_on_startup: bool = True
    run_background_workers: bool = True
    outbox_poll_interval_seconds: float = 0.2

    @property
    def database_url(self) -> str:
        return self.database_url_for(self.db_name)

    def database_url_for(self, db_name: str) -> str:
        password = self.db_password.get_secret_value()
        return (
            f"postgresql+asyncpg://{self.db_user}:{password}"
            f"@{self.db_host}:{self.db_port}/{db_name}"
        )

    def topic(self, name: str) -> str:
        """The physical topic name; tests prefix topics to keep runs apart."""
        return f"{self.kafka_topic_prefix}{name}"

    @model_validator(mode="after")
    def _refuse_default_secrets(self) -> Self:
        if self.environment is Environment.PRODUCTION:
            for name, value in self._secrets().items():
                if value in {DEVELOPMENT_DB_PASSWORD, "", "changeme"}:
                    raise ValueError(
                        f"{name} still has its development default; set it in the environment"
                    )
        return self

    def _secrets(self) -> dict[str, str]:
        """Secrets checked against development defaults; subclasses add their own."""
        return {"JOBBOARD_PG_PASSWORD": self.db_password.get_secret_value()}
