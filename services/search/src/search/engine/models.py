"""Search proper's tables: the featured subscriptions the organization documents carry, and the
indices' generation the answer cache follows."""

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from search.db import Base


class FeaturedSubscription(Base):
    """Read model of billing's ``billing.subscription.changed``: which subscriptions feature
    their organization, and when (ADR 0012). The organization documents carry the active ones'
    periods; a profile event re-reads them here."""

    __tablename__ = "featured_subscriptions"

    subscription_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    organization_number: Mapped[int] = mapped_column(Integer, index=True)
    featured: Mapped[bool] = mapped_column(Boolean)
    status: Mapped[str] = mapped_column(String(20))
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(Integer)


class IndexGeneration(Base):
    """How many times the indices of one prefix changed (the indexer bumps it after each batch
    it made searchable): kept search answers of an older generation are dropped (ADR 0047)."""

    __tablename__ = "index_generations"

    name: Mapped[str] = mapped_column(String(100), primary_key=True)
    generation: Mapped[int] = mapped_column(BigInteger)
    changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
