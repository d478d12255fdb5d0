import uuid
from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    Uuid,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY as PG_ARRAY
from sqlalchemy.orm import Mapped, mapped_column

from analytics.db import Base, known_organizations

PENDING_FORWARD = "sent_at IS NULL AND failed_at IS NULL"


class AnalyticsEvent(Base):
    """One server-side analytics event in the store behind recruiter dashboards."""

    __tablename__ = "analytics_events"
    __table_args__ = (Index("ix_analytics_events_key_occurred_at", "key", "occurred_at"),)

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    # The domain event this was derived from; unique, so a replay can never count twice.
    source_event_id: Mapped[uuid.UUID] = mapped_column(Uuid, unique=True)
    key: Mapped[str] = mapped_column(String(64))
    site: Mapped[str] = mapped_column(String(100))
    occurred_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    dimensions: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    trace_id: Mapped[str | None] = mapped_column(String(32))
    recorded_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now()
    )


class RelayForward(Base):
    """One event waiting to go to an upstream analytics endpoint (ADR 0014).

    Written in the transaction that accepted the event (the browser's request, or the consumer
    applying a domain event); the relay sender sends it once, retrying with backoff. A forward
    derived from a domain event is unique per destination and source event, so a redelivery
    never adds a second one."""

    __tablename__ = "relay_forwards"
    __table_args__ = (
        UniqueConstraint("destination", "source_event_id", name="uq_relay_forwards_source"),
        Index(
            "ix_relay_forwards_pending",
            "destination",
            "next_attempt_at",
            postgresql_where=text(PENDING_FORWARD),
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    destination: Mapped[str] = mapped_column(String(20))
    site: Mapped[str] = mapped_column(String(100))
    event_key: Mapped[str] = mapped_column(String(64))
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    source_event_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    next_attempt_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now()
    )
    attempts: Mapped[int] = mapped_column(Integer, server_default=text("0"))
    last_error: Mapped[str | None] = mapped_column(Text)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    failed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class RelayDrops(Base):
    """How many waiting forwards a destination lost to the backlog cap (oldest first)."""

    __tablename__ = "relay_drops"

    destination: Mapped[str] = mapped_column(String(20), primary_key=True)
    dropped: Mapped[int] = mapped_column(BigInteger, server_default=text("0"))
    last_dropped_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class VisitorConsent(Base):
    """The cookie-consent categories a signed-in visitor last browsed with (the web server reads
    them from ``jb_cookie_consent`` on every relay request): server-side events about that user
    go out only within them. A user never seen has consented to nothing."""

    __tablename__ = "visitor_consents"

    user_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    categories: Mapped[list[str]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class KnownJob(Base):
    """Each job's organization (from ``jobs.job``): a browser's job event counts for the job's
    real organization, never one the request names."""

    __tablename__ = "known_jobs"

    job_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    organization_id: Mapped[str] = mapped_column(String(64), index=True)
    site: Mapped[str] = mapped_column(String(100))


class KnownOrganization(Base):
    """Organizations that exist (from ``organizations.organization``): profile visits count only
    for them."""

    __table__ = known_organizations  # jobkit.known_organizations

    organization_id: Mapped[str]


class DailyCount(Base):
    """A count per day of one metric of a job or an organization (recruiter dashboards).
    An organization's row sums its jobs' events, plus its profile's own (profile visits)."""

    __tablename__ = "daily_counts"
    # the site's most viewed jobs of the last days read one metric over a range of days
    __table_args__ = (
        Index("ix_daily_counts_subject_type_metric_day", "subject_type", "metric", "day"),
    )

    subject_type: Mapped[str] = mapped_column(String(20), primary_key=True)
    subject_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    metric: Mapped[str] = mapped_column(String(30), primary_key=True)
    count: Mapped[int] = mapped_column(Integer, server_default=text("0"))


class VisitSalt(Base):
    """The day's secret that anonymous visit marks are hashed with (ADR 0037). Only today's is
    kept: once a day is over its salt is deleted, and the marks can no longer be tied to anyone."""

    __tablename__ = "visit_salts"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    salt: Mapped[bytes] = mapped_column(LargeBinary(32))


class VisitMark(Base):
    """That one anonymous visitor (a salted hash of address and browser, never either) has been
    counted for a job or an organization profile today, so a reload does not count again."""

    __tablename__ = "visit_marks"

    subject_type: Mapped[str] = mapped_column(String(20), primary_key=True)
    subject_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    visitor: Mapped[bytes] = mapped_column(LargeBinary(16), primary_key=True)


class WebhookEndpoint(Base):
    """An organization's endpoint for signed outbound webhooks (ADR 0040): where to POST, which
    event types, the signing secret (``whsec_`` and base64 of 32 random bytes; the sender needs
    it, so it is kept, and shown to the organization's recruiters), and the secret it replaced,
    still signing beside it until ``previous_secret_until`` (rotation without a gap)."""

    __tablename__ = "webhook_endpoints"
    __table_args__ = (Index("ix_webhook_endpoints_organization_id", "organization_id"),)

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    organization_id: Mapped[str] = mapped_column(String(64))
    url: Mapped[str] = mapped_column(String(2000))
    description: Mapped[str | None] = mapped_column(String(200))
    event_types: Mapped[list[str]] = mapped_column(PG_ARRAY(String(60)))
    secret: Mapped[str] = mapped_column(String(100))
    previous_secret: Mapped[str | None] = mapped_column(String(100))
    previous_secret_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    disabled_reason: Mapped[str | None] = mapped_column(String(300))
    created_by: Mapped[str] = mapped_column(String(64))
    created_by_email: Mapped[str | None] = mapped_column(String(320))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class WebhookDelivery(Base):
    """One event for one endpoint (``id`` is the ``webhook-id``, the same on every try: the
    receiver's key to de-duplicate). Made in the transaction that applied the event, unique per
    endpoint and event, so a redelivered event never adds a second one."""

    __tablename__ = "webhook_deliveries"
    __table_args__ = (
        UniqueConstraint("endpoint_id", "source_event_id", name="uq_webhook_deliveries_source"),
        Index(
            "ix_webhook_deliveries_due",
            "next_attempt_at",
            postgresql_where=text("status = 'pending'"),
        ),
        Index("ix_webhook_deliveries_endpoint_id_created_at", "endpoint_id", "created_at"),
    )

    id: Mapped[str] = mapped_column(String(40), primary_key=True)  # msg_<32 hex>
    endpoint_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("webhook_endpoints.id", ondelete="CASCADE")
    )
    source_event_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    event_type: Mapped[str] = mapped_column(String(60))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    # pending | sent | failed (gave up or the endpoint was disabled)
    status: Mapped[str] = mapped_column(String(10), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_status_code: Mapped[int | None] = mapped_column(Integer)
    last_error: Mapped[str | None] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    delivered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
