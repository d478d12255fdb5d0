"""The alerts' settings, a mixin of :class:`search.settings.SearchSettings` (env ``SEARCH_``)."""

from __future__ import annotations

from jobkit.mail import MailSettings
from pydantic import Field, SecretStr


class AlertSettings(MailSettings):
    # Signs the links in alert mails (confirm, manage, unsubscribe). Unset: a key derived from
    # nothing secret is refused; the service then answers that alerts are unavailable.
    alert_signing_secret: SecretStr | None = None
    # The public site the links point to, and this service's public address for the one-click
    # unsubscribe POST (RFC 8058), which must work without the site's session.
    alert_site_url: str = "http://127.0.0.1:3002"
    alert_api_url: str = "http://127.0.0.1:8107"
    # The captcha verifier (ADR 0005) a visitor's alert must pass.
    captcha_verify_url: str | None = None
    captcha_secret: SecretStr | None = None
    captcha_timeout_seconds: float = 5.0
    # One address keeps at most this many alerts (visitors and accounts alike).
    alerts_per_address: int = Field(default=20, ge=1)
    # A mail shows at most this many jobs an alert (a screenful), then links the full search.
    alert_jobs_per_section: int = Field(default=5, ge=1, le=50)
    # Digests look back this far before the last run, so a job indexed late is not missed (the
    # ledger keeps it from being mailed twice).
    alert_lookback_hours: float = 48.0
    # The mailer is woken by a notification when there is work (a new job for the instant
    # alerts, a confirmation to send: ADR 0054) and otherwise waits until the next digest or
    # retry is due, at most alert_idle_poll_seconds (a safety net; a digest may go out up to
    # ten minutes early anyway). It looks every alert_poll_seconds while mails wait for an SMTP
    # relay that did not take them, or where notifications cannot be heard. How many alerts one
    # _msearch carries: alert_batch_size.
    alert_poll_seconds: float = 5.0
    alert_idle_poll_seconds: float = Field(default=60.0, gt=0)
    alert_batch_size: int = Field(default=200, ge=1)
    # How many people one digest planning transaction takes (their alerts share searches).
    alert_digest_people: int = Field(default=100, ge=1)
    # How many pending mails one sending transaction claims, and over how many SMTP connections
    # at once it hands them to the relay (each connection's conversation waits for the relay's
    # answer to every command: one connection left the mailer idle most of a digest run).
    alert_send_batch: int = Field(default=50, ge=1)
    alert_smtp_connections: int = Field(default=4, ge=1, le=32)
    # How often the mailer applies the sites' retention rules (search.alerts.retention).
    alert_retention_seconds: float = Field(default=3600.0, gt=0)
    # Permanent SMTP refusals (5xx) of one address before its alerts are paused.
    alert_bounce_limit: int = Field(default=3, ge=1)
    # Bounce notices (ADR 0034): alert mails go out with the envelope sender
    # ``<prefix>+<mail id><mac>@<domain>``, and the mailer process receives the notices on an
    # SMTP port of its own. Without a domain mails keep the relay's default sender; without a
    # port no receiver runs (the domain's MX must then reach one elsewhere).
    alert_bounce_domain: str | None = None
    alert_bounce_prefix: str = "bounces"
    alert_bounce_host: str = "127.0.0.1"
    alert_bounce_port: int | None = None
    # Whether this process runs the alert mailer (its own process: ``python -m search.mailer``).
    run_alert_mailer: bool = False
