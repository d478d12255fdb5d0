"""Organizations, their profiles (every group of spec 3), slugs and invitations.

A profile belongs to exactly one organization and shares its id. List-like groups (contact
persons, gallery, videos, locations, FAQ, attachments) are JSONB documents validated by
``domain/groups.py``: each is read and replaced whole by its own mutation. Vocabulary terms are
term ids (``tid``) checked against the local terms read model on write.
"""

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import (
    ARRAY,
    Boolean,
    DateTime,
    ForeignKey,
    Identity,
    Integer,
    String,
    Text,
    Uuid,
    func,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from organizations.db import Base


class Organization(Base):
    __tablename__ = "organizations"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    # The stable integer id the spec's Int arguments use (getCredits(organizationId: Int)).
    number: Mapped[int] = mapped_column(Integer, Identity(), unique=True)
    name: Mapped[str] = mapped_column(String(255))
    owner_id: Mapped[uuid.UUID] = mapped_column(Uuid, index=True)
    # the owner's account address when they founded it (the token's email claim): where contact
    # messages go when the profile names no contact person with an address
    owner_email: Mapped[str | None] = mapped_column(String(320))
    site: Mapped[str] = mapped_column(String(63))
    # An administrator checked who is behind it (ADR 0030): a badge on its pages, and its jobs
    # skip the review a site may ask for unverified organizations' jobs
    verified: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class OrganizationProfile(Base):
    __tablename__ = "organization_profiles"

    id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    owner_id: Mapped[uuid.UUID] = mapped_column(Uuid)
    site: Mapped[str] = mapped_column(String(63), default="jobboard")
    slug: Mapped[str] = mapped_column(String(200), default="")
    status: Mapped[str] = mapped_column(String(20), default="draft")  # draft | published
    version: Mapped[int] = mapped_column(Integer, default=1)
    # organization info
    name: Mapped[str] = mapped_column(String(255))
    alternative_name: Mapped[str | None] = mapped_column(String(255))
    logo_upload_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)
    cover_upload_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)
    organization_location: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    website: Mapped[str | None] = mapped_column(String(500))
    social_profiles: Mapped[dict[str, str]] = mapped_column(JSONB, default=dict)
    # personal info: private, for invoicing (never in a public answer)
    personal_info: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    # company info: public name and address
    company_info: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    # about
    presentation: Mapped[str | None] = mapped_column(Text)
    industry_tid: Mapped[int | None] = mapped_column(Integer)
    size_tid: Mapped[int | None] = mapped_column(Integer)
    occupation_tids: Mapped[list[int]] = mapped_column(ARRAY(Integer), default=list)
    fields_of_study_tids: Mapped[list[int]] = mapped_column(ARRAY(Integer), default=list)
    benefit_tids: Mapped[list[int]] = mapped_column(ARRAY(Integer), default=list)
    # list groups
    contact_persons: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)
    gallery: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)
    videos: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)
    locations: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)
    faq: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)
    attachments: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )
    published_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ProfileSlug(Base):
    """Every slug a profile had on its site: the current one answers, former ones redirect."""

    __tablename__ = "profile_slugs"

    site: Mapped[str] = mapped_column(String(63), primary_key=True)
    slug: Mapped[str] = mapped_column(String(200), primary_key=True)
    profile_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("organization_profiles.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Invitation(Base):
    """An invitation to join an organization, mailed as a link; accepted once, by the address."""

    __tablename__ = "organization_invitations"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    organization_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("organizations.id", ondelete="CASCADE"), index=True
    )
    email: Mapped[str] = mapped_column(String(254))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    invited_by: Mapped[uuid.UUID] = mapped_column(Uuid)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    accepted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    accepted_by: Mapped[uuid.UUID | None] = mapped_column(Uuid)


class ActiveOrganization(Base):
    """The organization a recruiter works for now (they may belong to several)."""

    __tablename__ = "active_organizations"

    user_id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    organization_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("organizations.id", ondelete="CASCADE")
    )


class ContactMessage(Base):
    """A message sent with the contact form (spec 3: name, email, subject, body, copy,
    attachments) to an organization; mailed from ``organizations.contact.message_sent``."""

    __tablename__ = "contact_messages"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    organization_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("organizations.id", ondelete="CASCADE"), index=True
    )
    site: Mapped[str] = mapped_column(String(63))
    sender_id: Mapped[str | None] = mapped_column(String(64))  # null: a visitor
    name: Mapped[str] = mapped_column(String(200))
    email: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text)
    copy: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ContactAttachment(Base):
    """A file sent with a contact message (a private upload of purpose ``contact_attachment``)."""

    __tablename__ = "contact_attachments"

    upload_id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)  # used once
    message_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("contact_messages.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer, default=0)
