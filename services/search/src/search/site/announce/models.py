"""What the announcer keeps: each job's last announced state, the notifications it wants sent
(one row per endpoint and URL), and each endpoint's use of its daily quota."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from search.db import Base

URL_UPDATED = "URL_UPDATED"
URL_DELETED = "URL_DELETED"
PENDING = "sent_at IS NULL AND failed_at IS NULL"


class AnnouncedJob(Base):
    """The newest version of a job the announcer applied, and whether it was findable then."""

    __tablename__ = "announced_jobs"

    job_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    findable: Mapped[bool] = mapped_column(Boolean)
    url: Mapped[str] = mapped_column(String(2000))
    # a hash of what the job page shows: an update that changes nothing announces nothing
    fingerprint: Mapped[str] = mapped_column(String(64))
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class Announcement(Base):
    """One notification to one endpoint: ``URL_UPDATED`` or ``URL_DELETED`` for a URL.

    Once per (endpoint, URL, action, job version): a redelivered or replayed event adds
    nothing. At most one pending row per endpoint and URL: a newer wish replaces a pending one
    of the other action (coalescing), and an equal one is already there.
    """

    __tablename__ = "announcements"
    __table_args__ = (
        UniqueConstraint("endpoint", "url", "action", "job_version", name="uq_announcements_once"),
        Index(
            "uq_announcements_pending_url",
            "endpoint",
            "url",
            unique=True,
            postgresql_where=text(PENDING),
        ),
        Index(
            "ix_announcements_pending",
            "endpoint",
            "next_attempt_at",
            postgresql_where=text(PENDING),
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    endpoint: Mapped[str] = mapped_column(String(20))
    job_id: Mapped[str] = mapped_column(String(64), index=True)
    job_version: Mapped[int] = mapped_column(Integer)
    url: Mapped[str] = mapped_column(String(2000))
    action: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    next_attempt_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now()
    )
    attempts: Mapped[int] = mapped_column(Integer, server_default=text("0"))
    last_error: Mapped[str | None] = mapped_column(Text)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    failed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class AnnouncementQuota(Base):
    """URLs an endpoint was sent on one UTC day (its daily quota counts them)."""

    __tablename__ = "announcement_quota"

    endpoint: Mapped[str] = mapped_column(String(20), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    used: Mapped[int] = mapped_column(Integer, server_default=text("0"))
