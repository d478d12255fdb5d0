"""The alerts' tables: the saved searches, the send ledger (one row per person and job ever
mailed) and the mails waiting for (or done with) their SMTP hand-off (ADR 0029)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from jobkit.ratelimit import rate_limit_table
from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    Text,
    Uuid,
    func,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from search.db import Base

INSTANT = "instant"
DAILY = "daily"
WEEKLY = "weekly"
FREQUENCIES = (INSTANT, DAILY, WEEKLY)


# notified in the transaction that gives the alert mailer work (a new job for the instant
# alerts, a mail to send): wakes an idle mailer when it commits (jobkit.wakeup, ADR 0054)
MAILER_CHANNEL = "search_alert_mailer"


class SavedSearch(Base):
    """A job search saved as an alert. ``query`` holds the search as the site asked it (full
    text, condition groups, place and radius; never sorting or paging). An alert mails only when
    ``confirmed_at`` is set, it is not paused and not unsubscribed; until confirmed, its address
    gets the confirmation mail and nothing else (double opt-in)."""

    __tablename__ = "saved_searches"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    site: Mapped[str] = mapped_column(String(64))
    # the signed-in owner (identity's user id); None for a visitor's alert
    user_id: Mapped[str | None] = mapped_column(String(64), index=True)
    # where the mails go, lower-cased; the person an alert belongs to for digests and the ledger
    email: Mapped[str] = mapped_column(String(320), index=True)
    name: Mapped[str] = mapped_column(String(120))
    language: Mapped[str] = mapped_column(String(8), default="en")
    query: Mapped[dict[str, Any]] = mapped_column(JSONB)
    frequency: Mapped[str] = mapped_column(String(10))
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    # why the mailer paused it (e.g. the address refuses mail), shown on the manage page
    paused_reason: Mapped[str | None] = mapped_column(String(300))
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    unsubscribed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # jobs published before this were already considered for this alert
    checked_until: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now()
    )
    last_mailed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(Integer, default=1)
    # The instant matcher's keys (``alert_keys``, ADR 0034): the version they were written for
    # (None: never keyed), how many groups a job must each carry a key of, and whether the
    # search has no criteria at all (every findable job of the site matches, no query needed).
    keyed_version: Mapped[int | None] = mapped_column(Integer)
    key_groups: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    plain: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")


class AlertKey(Base):
    """One key of one group of an instant alert's search (``search.alerts.keys``): a job can
    match the alert only if it carries a key of every group."""

    __tablename__ = "alert_keys"

    key: Mapped[str] = mapped_column(String(300), primary_key=True)
    alert_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("saved_searches.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    grp: Mapped[int] = mapped_column(SmallInteger, primary_key=True)


class AlertMail(Base):
    """A mail the mailer decided to send: written with its ledger rows in the matching
    transaction, handed to SMTP later under a row claim (``pending`` -> ``sent``, or ``dropped``
    when none of its jobs is still findable at send time)."""

    __tablename__ = "alert_mails"
    __table_args__ = (Index("ix_alert_mails_pending", "state", "created_at"),)

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    email: Mapped[str] = mapped_column(String(320))
    kind: Mapped[str] = mapped_column(String(20))  # confirmation, instant, digest
    # the sections: [{"alert_id": ..., "job_ids": [...], "total": n}, ...]; confirmation: alert
    content: Mapped[dict[str, Any]] = mapped_column(JSONB)
    state: Mapped[str] = mapped_column(String(10), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class AlertDelivery(Base):
    """The send ledger: a job is mailed to a person (an address) at most once, whichever of
    their alerts it matches and however many mailers run. Written with the mail it belongs to,
    before the SMTP hand-off."""

    __tablename__ = "alert_deliveries"

    email: Mapped[str] = mapped_column(String(320), primary_key=True)
    job_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    mail_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("alert_mails.id", ondelete="CASCADE"), index=True
    )
    alert_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class AlertNewJob(Base):
    """Jobs that became searchable and still wait to be matched against the instant alerts
    (written by the mailer's consumer of the job events, removed once matched)."""

    __tablename__ = "alert_new_jobs"

    job_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    site: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # a job the index has not caught up with is looked at again from then on: until then the
    # rounds take the jobs behind it, and from then on it queues as if recorded then
    retry_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class AlertBounce(Base):
    """Permanent SMTP refusals per address: after ``alert_bounce_limit`` of them the address's
    alerts are paused with the reason."""

    __tablename__ = "alert_bounces"

    email: Mapped[str] = mapped_column(String(320), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    last_reason: Mapped[str | None] = mapped_column(String(300))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


# the mail budgets of anonymous requests (ADR 0024)
rate_limit_hits = rate_limit_table(Base.metadata)


# Resume alerts' notify intervals in seconds (spec 9): -1 keeps the search without mails.
NO_ALERTS, RESUME_DAILY, RESUME_WEEKLY, RESUME_MONTHLY = -1, 86400, 604800, 2628000
RESUME_INTERVALS = (NO_ALERTS, RESUME_DAILY, RESUME_WEEKLY, RESUME_MONTHLY)


class ResumeAlert(Base):
    """A recruiter's saved resume search (ADR 0032): the search as resume search takes it (no
    sorting or paging) and a notify interval in seconds (``RESUME_INTERVALS``; -1: saved, never
    mailed). Its mails go to the recruiter's account address; resumes updated before
    ``checked_until`` were already considered. ``paused_reason``: the mailer stopped it because
    the address refuses mail (shown on its edit page; saving it with an interval resumes it)."""

    __tablename__ = "resume_alerts"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    site: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(64), index=True)
    email: Mapped[str] = mapped_column(String(320), index=True)
    name: Mapped[str] = mapped_column(String(120))
    language: Mapped[str] = mapped_column(String(8), default="en")
    query: Mapped[dict[str, Any]] = mapped_column(JSONB)
    interval_seconds: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    checked_until: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now()
    )
    last_mailed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    paused_reason: Mapped[str | None] = mapped_column(String(300))
    version: Mapped[int] = mapped_column(Integer, default=1)


class ResumeAlertDelivery(Base):
    """The resume alerts' send ledger: a resume is mailed to a recruiter's address at most once,
    whichever of their resume alerts it matches. Written with its mail, before the SMTP hand-off
    (the job alerts' rule, ``AlertDelivery``)."""

    __tablename__ = "resume_alert_deliveries"

    email: Mapped[str] = mapped_column(String(320), primary_key=True)
    resume_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    mail_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("alert_mails.id", ondelete="CASCADE"), index=True
    )
    alert_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
