"""Billing's tables: products per site, the append-only credit ledger, organizations read model."""

import uuid
from datetime import datetime

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Uuid,
    false,
    func,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from billing.db import Base, known_organizations

KINDS = ("job", "contact")
ENTRY_TYPES = ("grant", "reservation", "consumption", "release", "expiry")
PRODUCT_TYPES = ("job_package", "contact_package", "subscription")


class Product(Base):
    """What a site sells: a job posting package (n job slots valid for some days), a resume
    contact package (n contact slots) or a subscription (slots per period of period_days)."""

    __tablename__ = "products"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    frontend: Mapped[str] = mapped_column(String(100), index=True)
    type: Mapped[str] = mapped_column(String(30))
    name: Mapped[str] = mapped_column(String(255))
    job_slots: Mapped[int] = mapped_column(Integer, default=0)
    contact_slots: Mapped[int] = mapped_column(Integer, default=0)
    validity_days: Mapped[int | None] = mapped_column(Integer, nullable=True)
    period_days: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The boost a package can carry (ADR 0012): a job published with one of its slots is
    # featured for featured_days; a subscription to it features the organization while active.
    featured_days: Mapped[int | None] = mapped_column(Integer, nullable=True)
    featured_organization: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false()
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class LedgerEntry(Base):
    """One movement on an organization's credit ledger; rows are never updated or deleted.

    Signs: grant +n; reservation, consumption and expiry -n; release +n. Every entry but a grant
    names the grant it draws from (``grant_id``), so a grant's remaining is its amount plus the
    entries that reference it.
    """

    __tablename__ = "ledger_entries"
    __table_args__ = (
        # Exactly one reservation per (kind, reference): a job id is debited once.
        Index(
            "uq_ledger_entries_reservation_reference",
            "kind",
            "reference",
            unique=True,
            postgresql_where=text("entry_type = 'reservation'"),
        ),
        # One resume contact consumption per request (organization, reference): it pays once.
        Index(
            "uq_ledger_entries_contact_consumption_reference",
            "organization_number",
            "kind",
            "reference",
            unique=True,
            postgresql_where=text("entry_type = 'consumption' AND kind = 'contact'"),
        ),
        # Exactly one expiry entry per grant: expire_credits is idempotent.
        Index(
            "uq_ledger_entries_expiry_grant",
            "grant_id",
            unique=True,
            postgresql_where=text("entry_type = 'expiry'"),
        ),
        Index("ix_ledger_entries_organization_kind", "organization_number", "kind"),
    )

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    organization_number: Mapped[int] = mapped_column(Integer)
    organization_name: Mapped[str] = mapped_column(String(255))
    frontend: Mapped[str] = mapped_column(String(100))
    kind: Mapped[str] = mapped_column(String(20))
    entry_type: Mapped[str] = mapped_column(String(20))
    amount: Mapped[int] = mapped_column(Integer)
    label: Mapped[str | None] = mapped_column(String(255), nullable=True)
    reference: Mapped[str | None] = mapped_column(String(200), nullable=True)
    grant_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, nullable=True, index=True)
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), default=func.now()
    )
    actor: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # On a grant: a job published with one of its credits is featured this many days.
    featured_days: Mapped[int | None] = mapped_column(Integer, nullable=True)


class KnownOrganization(Base):
    """Read model of organizations' ``organizations.organization.created``/``updated`` events:
    which organization numbers exist and their current names."""

    __table__ = known_organizations  # jobkit.known_organizations

    number: Mapped[int]
    organization_id: Mapped[str]
    name: Mapped[str]
    updated_at: Mapped[datetime]


class Subscription(Base):
    """An organization's subscription to a subscription product: job and resume contact slots
    per period of ``period_days`` from ``start_date`` until ``end_date``."""

    __tablename__ = "subscriptions"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    organization_number: Mapped[int] = mapped_column(Integer, index=True)
    organization_name: Mapped[str] = mapped_column(String(255))
    frontend: Mapped[str] = mapped_column(String(100))
    product_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("products.id"))
    label: Mapped[str] = mapped_column(String(255))
    job_slots: Mapped[int] = mapped_column(Integer)
    contact_slots: Mapped[int] = mapped_column(Integer)
    period_days: Mapped[int] = mapped_column(Integer)
    start_date: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    end_date: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    cancelled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    # Copied from the product when subscribed (like the slots): the boost it carries.
    featured_days: Mapped[int | None] = mapped_column(Integer, nullable=True)
    featured_organization: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false()
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SubscriptionUsage(Base):
    """One slot of a subscription used in a period (a job's publication, a resume contact);
    ``released_at`` when given back. One use per (kind, reference)."""

    __tablename__ = "subscription_usages"
    __table_args__ = (
        Index("uq_subscription_usages_kind_reference", "kind", "reference", unique=True),
        Index("ix_subscription_usages_subscription_period", "subscription_id", "period_start"),
    )

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    subscription_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("subscriptions.id"))
    kind: Mapped[str] = mapped_column(String(20))
    reference: Mapped[str] = mapped_column(String(200))
    period_start: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    released_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class CustomerProfile(Base):
    """The billing (invoicing) details of an organization, one per organization."""

    __tablename__ = "customer_profiles"

    organization_number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    company_name: Mapped[str] = mapped_column(String(255))
    email: Mapped[str] = mapped_column(String(320))
    first_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    last_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    street: Mapped[str | None] = mapped_column(String(255), nullable=True)
    postal_code: Mapped[str | None] = mapped_column(String(20), nullable=True)
    city: Mapped[str | None] = mapped_column(String(100), nullable=True)
    country_code: Mapped[str | None] = mapped_column(String(2), nullable=True)
    vat_number: Mapped[str | None] = mapped_column(String(30), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )
