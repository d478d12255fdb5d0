"""Typed settings shared by every service.

Each service subclasses :class:`ServiceSettings` with its own ``env_prefix`` (``IDENTITY_``,
``JOBS_``...). Values common to the whole platform (Kafka, telemetry, the JWKS address) are read
without a prefix so one environment file configures the stack.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, Literal, Self

from pydantic import AliasChoices, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from jobkit.client_address import parse_networks

DEVELOPMENT_DB_PASSWORD = "jobboard"  # noqa: S105 - the documented local default, refused elsewhere


def driver_dsn(url: str) -> str:
    """The DSN ``asyncpg.connect`` takes for one of SQLAlchemy's asyncpg URLs (which name the
    TLS mode ``ssl``, where a DSN names it ``sslmode``)."""
    return url.replace("postgresql+asyncpg://", "postgresql://", 1).replace("?ssl=", "?sslmode=", 1)


def database_name(url: str) -> str:
    """The database one of these URLs or DSNs names (its path, without the TLS mode)."""
    return url.rsplit("/", 1)[1].split("?", 1)[0]


class Environment(StrEnum):
    DEVELOPMENT = "development"
    TEST = "test"
    PRODUCTION = "production"


def _shared(name: str) -> AliasChoices:
    """Let a platform-wide variable (no prefix) configure every service."""
    return AliasChoices(name)


class SiteUrls(BaseSettings):
    """The public web site's origin (absolute URLs: canonical links, mails, sitemaps), and each
    site's when several are served (ADR 0049): mixed into the settings of the services that
    write such URLs (jobs, billing, search's announcer)."""

    site_url: str = "http://127.0.0.1:3002"
    site_urls: dict[str, str] = {}

    def site_url_for(self, site: str) -> str:
        return self.site_urls.get(site, self.site_url).rstrip("/")


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
    # TLS to PostgreSQL as libpq names it (disable, prefer, require, verify-ca, verify-full);
    # unset is the driver's "prefer". The local stack's loopback connections set "disable":
    # encrypting them cost about a fifth more CPU per query on both ends (bench/RESULTS.md).
    db_sslmode: (
        Literal["disable", "allow", "prefer", "require", "verify-ca", "verify-full"] | None
    ) = Field(default=None, validation_alias=_shared("JOBBOARD_PG_SSLMODE"))

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

    # Where spans go (OpenTelemetry's own variables): OTLP/HTTP to a collector in production; a
    # Zipkin server's span API for the local stack's trace viewer (`make tracing`); none by default
    # (spans are then not recorded at all: jobkit.telemetry).
    otel_traces_exporter: Literal["otlp", "zipkin", "none"] = Field(
        default="otlp", validation_alias=_shared("OTEL_TRACES_EXPORTER")
    )
    otel_exporter_otlp_endpoint: str | None = Field(
        default=None, validation_alias=_shared("OTEL_EXPORTER_OTLP_ENDPOINT")
    )
    otel_exporter_zipkin_endpoint: str = Field(
        default="http://localhost:9411/api/v2/spans",
        validation_alias=_shared("OTEL_EXPORTER_ZIPKIN_ENDPOINT"),
    )
    # Uploads (jobkit.uploads): a folder per service under upload_dir, or an S3-compatible bucket
    # (shared by the services, each under its own name as key prefix).
    upload_storage: Literal["local", "s3"] = Field(
        default="local", validation_alias=_shared("JOBBOARD_UPLOAD_STORAGE")
    )
    upload_dir: Path = Field(
        default_factory=lambda: _repository_root() / ".local" / "data" / "uploads",
        validation_alias=_shared("JOBBOARD_UPLOAD_DIR"),
    )
    # Prefix of the file URLs the upload endpoint answers, e.g. "/api/uploads/organizations"
    # behind the web server's proxy; empty: the service's own "/files/...".
    upload_public_url: str = ""
    # Seconds an upload may take to be checked and rendered before it is refused (TOO_COMPLEX)
    # and its worker process killed (jobkit.uploads.processing, ADR 0024).
    upload_processing_seconds: float = Field(
        default=30.0, gt=0, validation_alias=_shared("JOBBOARD_UPLOAD_PROCESSING_SECONDS")
    )
    # Anonymous uploads (the application and contact forms' files) per client address and
    # window: files and bytes received (ADR 0024).
    upload_quota_window_seconds: int = 3600
    upload_quota_files_per_client: int = 20
    upload_quota_bytes_per_client: int = 200 * 1024 * 1024
    # Uploads no object references are deleted after this many seconds (the sweeper, ADR 0024),
    # which looks every upload_sweep_interval_seconds.
    upload_orphan_seconds: int = 24 * 3600
    upload_sweep_interval_seconds: float = 300.0
    s3_endpoint_url: str | None = Field(default=None, validation_alias=_shared("S3_ENDPOINT_URL"))
    s3_bucket: str = Field(default="jobboard-uploads", validation_alias=_shared("S3_BUCKET"))
    s3_access_key: str | None = Field(default=None, validation_alias=_shared("S3_ACCESS_KEY"))
    s3_secret_key: SecretStr = Field(
        default=SecretStr(""), validation_alias=_shared("S3_SECRET_KEY")
    )
    s3_region: str = Field(default="us-east-1", validation_alias=_shared("S3_REGION"))

    # The deployment's own proxies in front of the services (the web server, the gateway), as
    # addresses or CIDRs: X-Forwarded-For is believed through these hops only, read from the
    # right (jobkit.client_address, ADR 0024). Comma-separated in the environment.
    trusted_proxies: Annotated[list[str], NoDecode] = Field(
        default_factory=lambda: ["127.0.0.0/8", "::1/128"],
        validation_alias=_shared("JOBBOARD_TRUSTED_PROXIES"),
    )
    # Mails an anonymous request makes a service send (a reset link, a notice, a copy): at most
    # this many per recipient and per client in a window (jobkit.ratelimit.may_mail, ADR 0024).
    mail_limit_per_recipient: int = 3
    mail_limit_per_client: int = 20
    mail_limit_window_seconds: int = 3600

    run_migrations_on_startup: bool = True
    run_background_workers: bool = True
    # The relay's first back-off after a failed try and a standby replica's retry of the lock.
    outbox_poll_interval_seconds: float = 0.2
    # How long an idle relay waits for an event before it looks anyway: every enqueue wakes it
    # at once (PostgreSQL NOTIFY at commit), so this is only a safety net. At 0.2 s the idle
    # polls cost each service about 5 % of a core (2 % at 5 s, bench/RESULTS.md).
    outbox_idle_poll_seconds: float = 5.0
    # Sent outbox rows are deleted this long after they were sent: as long as the broker keeps
    # the events (its default 7 days), so an erased person's events leave PostgreSQL with them
    # (ADR 0036); looked at every outbox_prune_interval_seconds by the active relay.
    outbox_keep_sent_seconds: int = 7 * 24 * 3600
    outbox_prune_interval_seconds: float = 3600.0

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _split_proxies(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [entry.strip() for entry in value.split(",") if entry.strip()]
        return value

    @field_validator("trusted_proxies")
    @classmethod
    def _valid_proxies(cls, value: list[str]) -> list[str]:
        parse_networks(value)  # a malformed entry is refused at start-up, not per request
        return value

    @property
    def database_url(self) -> str:
        return self.database_url_for(self.db_name)

    def database_url_for(self, db_name: str) -> str:
        """SQLAlchemy's URL (asyncpg driver) of ``db_name``."""
        password = self.db_password.get_secret_value()
        ssl = f"?ssl={self.db_sslmode}" if self.db_sslmode else ""
        return (
            f"postgresql+asyncpg://{self.db_user}:{password}"
            f"@{self.db_host}:{self.db_port}/{db_name}{ssl}"
        )

    def dsn_for(self, db_name: str) -> str:
        """The DSN of ``db_name`` for ``asyncpg.connect``."""
        return driver_dsn(self.database_url_for(db_name))

    @property
    def span_exporter(self) -> tuple[Literal["otlp", "zipkin"], str] | None:
        """Where this process's spans go: OTLP only once a collector's address is set."""
        if self.otel_traces_exporter == "zipkin":
            return ("zipkin", self.otel_exporter_zipkin_endpoint)
        if self.otel_traces_exporter == "otlp" and self.otel_exporter_otlp_endpoint:
            return ("otlp", f"{self.otel_exporter_otlp_endpoint.rstrip('/')}/v1/traces")
        return None

    @property
    def upload_path(self) -> Path:
        """This service's own upload folder (local storage)."""
        return self.upload_dir / self.service_name

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
        secrets = {"JOBBOARD_PG_PASSWORD": self.db_password.get_secret_value()}
        if self.upload_storage == "s3" and self.s3_access_key:
            secrets["S3_SECRET_KEY"] = self.s3_secret_key.get_secret_value()
        return secrets


def _repository_root() -> Path:
    """The checkout this kit runs from (where deploy/services.json is), else the working folder."""
    for folder in Path(__file__).resolve().parents:
        if (folder / "deploy" / "services.json").is_file():
            return folder
    return Path.cwd()
