"""Consent infos with their revisions, and the consents users gave to one revision each.

A revision is never changed or deleted once published: what a user agreed to stays provable.
"""

import uuid
from datetime import datetime

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    Uuid,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column

from consent.db import Base


class ConsentInfo(Base):
    """A consent text shown at a placement (e.g. REGISTRATION) for a type (e.g. PRIVACY_POLICY).

    Its text lives in its revisions; ``current_revision_id`` names the latest published one."""

    __tablename__ = "consent_infos"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    type: Mapped[str] = mapped_column(String(50), index=True)
    placement: Mapped[str] = mapped_column(String(50), index=True)
    opt_in: Mapped[bool] = mapped_column(Boolean, default=True)
    # A page path the info is limited to (e.g. a job application page); None: every page.
    path: Mapped[str | None] = mapped_column(String(255), default=None)
    current_revision_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, default=None)
    revision_number: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ConsentInfoRevision(Base):
    """One published text of an info, per language (sanitized HTML); immutable."""

    __tablename__ = "consent_info_revisions"
    __table_args__ = (UniqueConstraint("info_id", "number"),)

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    info_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("consent_infos.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    texts: Mapped[dict[str, str]] = mapped_column(JSON)
    published_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now()
    )
    published_by: Mapped[str | None] = mapped_column(String(64), default=None)


class UserConsent(Base):
    """A user agreed to one revision of an info, with the address they gave, on a site."""

    __tablename__ = "user_consents"
    __table_args__ = (UniqueConstraint("user_id", "revision_id"),)

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[str] = mapped_column(String(64), index=True)
    mail: Mapped[str] = mapped_column(String(254))
    info_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("consent_infos.id"), index=True)
    revision_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("consent_info_revisions.id"))
    site: Mapped[str] = mapped_column(String(64))
    source: Mapped[str] = mapped_column(String(30), default="user")
    given_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
