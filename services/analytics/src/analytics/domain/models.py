import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Index, String, Uuid, func
from sqlalchemy.orm import Mapped, mapped_column

from analytics.db import Base


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
