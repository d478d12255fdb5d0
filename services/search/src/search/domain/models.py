import uuid
from datetime import datetime

from sqlalchemy import DateTime, Integer, String, Uuid, func
from sqlalchemy.orm import Mapped, mapped_column

from search.db import Base


class Route(Base):
    """A public path: content owned by some context (by reference) or a redirect."""

    __tablename__ = "routes"

    slug: Mapped[str] = mapped_column(String(500), primary_key=True)
    language: Mapped[str] = mapped_column(String(10), primary_key=True, default="en")
    content_type: Mapped[str | None] = mapped_column(String(40))
    content_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)
    redirect_target: Mapped[str | None] = mapped_column(String(1000))
    redirect_code: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class LandingPage(Base):
    """A curated search page (e.g. a category or city) that search owns."""

    __tablename__ = "landing_pages"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    title: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
