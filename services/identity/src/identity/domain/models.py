import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import ARRAY, Boolean, DateTime, ForeignKey, Integer, String, Uuid, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from identity.db import Base


class User(Base):
    __tablename__ = "users"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    # The name shown to others when the user chose one; otherwise "first last".
    chosen_display_name: Mapped[str | None] = mapped_column("display_name", String(100))
    # A new address waiting for its confirmation link; the old one stays until then.
    pending_email: Mapped[str | None] = mapped_column(String(254))
    roles: Mapped[list[str]] = mapped_column(ARRAY(String(50)), default=list)
    email_verified: Mapped[bool] = mapped_column(Boolean, default=False)
    signup_method: Mapped[str] = mapped_column(String(30), default="email")
    site: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )
    # Every token carries it (``sv``); raising it outdates the account's older tokens everywhere
    # (a role change, a block; ADR 0023).
    session_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Set by an administrator: the account cannot sign in and its sessions ended.
    blocked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # the password was last changed then (a reset link or the account's page); None: not since
    # this was recorded. A reset asked for before it is not mailed (any more): its link would
    # reset the password chosen since
    password_changed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # the retention rule for inactive accounts mailed its warning then (issue 26, ADR 0036)
    inactivity_warned_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # an administrator's legal hold (ADR 0036): while set, deleting the account does not ask the
    # services to erase the person's data (the request waits until the hold is lifted)
    legal_hold_reason: Mapped[str | None] = mapped_column(String(500))
    legal_hold_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    @property
    def display_name(self) -> str:
        return self.chosen_display_name or f"{self.first_name} {self.last_name}".strip()


class UserSession(Base):
    """A sign-in: its tokens name it (``sid``); once revoked, none of them works and it cannot be
    renewed (ADR 0023)."""

    __tablename__ = "sessions"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    method: Mapped[str] = mapped_column(String(30))
    user_agent: Mapped[str | None] = mapped_column(String(300))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    last_used_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now()
    )
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    revoked_reason: Mapped[str | None] = mapped_column(String(30))


class LoginThrottle(Base):
    """Failed sign-ins per key ("account:<email>" or "ip:<address>") in the current window.

    Shared by every identity replica through the database, so throttling holds however the
    attempts are spread."""

    __tablename__ = "login_throttles"

    key: Mapped[str] = mapped_column(String(300), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    window_started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    locked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SocialAccount(Base):
    """A user's account at a social sign-in provider (the ID token's issuer and subject)."""

    __tablename__ = "social_accounts"

    provider: Mapped[str] = mapped_column(String(50), primary_key=True)
    subject: Mapped[str] = mapped_column(String(255), primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Site(Base):
    """A career site (frontend) the platform serves; ``X-Frontend`` names it on each request."""

    __tablename__ = "sites"

    name: Mapped[str] = mapped_column(String(63), primary_key=True)
    label: Mapped[str] = mapped_column(String(200))
    default_locale: Mapped[str] = mapped_column(String(10), default="en")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SiteSetting(Base):
    """One configured value of a site; settings not stored here have their platform default."""

    __tablename__ = "site_settings"

    site: Mapped[str] = mapped_column(
        String(63), ForeignKey("sites.name", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(63), primary_key=True)  # the group, e.g. "captcha"
    name: Mapped[str] = mapped_column(String(63), primary_key=True)  # e.g. "registration"
    value: Mapped[Any] = mapped_column(JSONB)
    updated_by: Mapped[str | None] = mapped_column(String(64))
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class AuditEntry(Base):
    """A write made while masquerading, attributed to the admin really acting (from the
    ``audit.masquerade`` events every service publishes)."""

    __tablename__ = "audit_log"

    write_id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    admin_id: Mapped[uuid.UUID] = mapped_column(Uuid, index=True)
    user_id: Mapped[uuid.UUID] = mapped_column(Uuid, index=True)
    service: Mapped[str] = mapped_column(String(63))
    site: Mapped[str] = mapped_column(String(63))
    operation_name: Mapped[str | None] = mapped_column(String(200))
    fields: Mapped[list[str]] = mapped_column(ARRAY(String(200)), default=list)
    variables: Mapped[list[str]] = mapped_column(ARRAY(String(200)), default=list)
    outcome: Mapped[str] = mapped_column(String(20), default="attempted")
    errors: Mapped[list[str]] = mapped_column(ARRAY(String(1000)), default=list)
    attempted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class KnownConsentInfo(Base):
    """Read model of consent's infos (``consent.info.revised``): their current revisions, so
    sign-up can require and record the REGISTRATION ones without calling consent."""

    __tablename__ = "known_consent_infos"

    info_id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    type: Mapped[str] = mapped_column(String(50))
    placement: Mapped[str] = mapped_column(String(50), index=True)
    opt_in: Mapped[bool] = mapped_column(Boolean)
    revision_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    revision_number: Mapped[int] = mapped_column(Integer)


class UserConsentMark(Base):
    """The latest revision of each info a user agreed to (``consent.consent.given``): marks the
    re-consent done for that info."""

    __tablename__ = "user_consent_marks"

    user_id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    info_id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    revision_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    given_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ErasureRequest(Base):
    """A deleted account's erasure saga (ADR 0036): every eraser is asked to erase or anonymize
    what it keeps about the person, and confirms; ``completed_at`` is set with the last
    confirmation. The person's id and roles only: the account itself is gone."""

    __tablename__ = "erasure_requests"

    user_id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    roles: Mapped[list[str]] = mapped_column(ARRAY(String(50)), default=list)
    # the account's address, for what services keep by address; dropped once every eraser
    # confirmed (the request then keeps nothing but the id)
    email: Mapped[str | None] = mapped_column(String(254))
    site: Mapped[str] = mapped_column(String(100))
    # who asked: the person, or an administrator on their behalf (the actor of the request)
    requested_by: Mapped[str | None] = mapped_column(String(100))
    requested_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # the last time the request was (re)published, and how many times it was
    last_asked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=1)
    completed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # the legal hold the account was under when deleted: nobody is asked until it is lifted
    held_reason: Mapped[str | None] = mapped_column(String(500))


class ErasureConfirmation(Base):
    """One service confirmed it erased (counts by kind in ``erased``) or anonymized the person's
    data. The first confirmation counts; a repeated one changes nothing."""

    __tablename__ = "erasure_confirmations"

    user_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("erasure_requests.user_id", ondelete="CASCADE"), primary_key=True
    )
    service: Mapped[str] = mapped_column(String(50), primary_key=True)
    confirmed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    erased: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    anonymized: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)


class DataExport(Base):
    """A person's request for a copy of their data (ADR 0038): every exporter is asked for its
    part; once all are in, identity adds its own and assembles the archive, which can be
    downloaded until ``expires_at`` and is then deleted. Kept without the archive afterwards, as
    the record that the request was answered."""

    __tablename__ = "data_exports"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    # not a foreign key: the record of an answered request outlives nothing but the account, and
    # goes with it (the account's deletion removes these rows in its transaction)
    user_id: Mapped[uuid.UUID] = mapped_column(Uuid, index=True)
    site: Mapped[str] = mapped_column(String(100))
    # who asked: the person, or an administrator on their behalf
    requested_by: Mapped[str] = mapped_column(String(100))
    requested_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_asked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=1)
    completed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    archive_key: Mapped[str | None] = mapped_column(String(200))
    archive_size: Mapped[int | None] = mapped_column(Integer)
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class DataExportPart(Base):
    """One service's part of an export: where it is stored, its size and digest, what it holds.
    The latest announcement counts; the part is deleted from storage once assembled."""

    __tablename__ = "data_export_parts"

    export_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("data_exports.id", ondelete="CASCADE"), primary_key=True
    )
    service: Mapped[str] = mapped_column(String(50), primary_key=True)
    key: Mapped[str] = mapped_column(String(200))
    size: Mapped[int] = mapped_column(Integer)
    sha256: Mapped[str] = mapped_column(String(64))
    counts: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
