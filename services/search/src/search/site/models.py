"""The site's tables: the slug index (``routes``) and the landing pages."""

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    Uuid,
    false,
    func,
    true,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from search.db import Base


class Route(Base):
    """A public path: content owned by some context (by reference) or a redirect.

    The slug index (``search.site.routes``) keeps one row per path a job or an organization
    profile has had: its current path is content, each former path a redirect to the current
    one. ``content_type``/``content_id`` name the owning aggregate on both kinds of row, and
    ``version`` the aggregate version that wrote it (a late older event never overwrites a
    newer row). ``visible`` is false while the content is not public (an unpublished profile):
    the path then answers 404. ``gone`` marks every path of content its owner deleted (an
    organization's profile, ADR 0025): the path answers 410 until other content takes it."""

    __tablename__ = "routes"
    __table_args__ = (Index("ix_routes_content", "content_type", "content_id"),)

    slug: Mapped[str] = mapped_column(String(500), primary_key=True)
    language: Mapped[str] = mapped_column(String(10), primary_key=True, default="en")
    content_type: Mapped[str | None] = mapped_column(String(40))
    content_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)
    redirect_target: Mapped[str | None] = mapped_column(String(1000))
    redirect_code: Mapped[int | None] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    visible: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    gone: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class LandingPage(Base):
    """A curated search page (e.g. a category or city) that search owns (ADR 0016).

    ``path`` is the public search path it stands on (``/jobs/nursing``, ``/jobs/new-york``),
    unique per language; a page reached only through a ``routes`` row may have none. ``intro``
    is sanitized HTML (the filtered format), ``description`` the plain-text meta description.
    ``place`` (``{"label", "lat", "lon"}``) makes a city page: the search runs around it.
    """

    __tablename__ = "landing_pages"
    __table_args__ = (UniqueConstraint("language", "path"),)

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    title: Mapped[str] = mapped_column(String(255))
    path: Mapped[str | None] = mapped_column(String(500))
    language: Mapped[str] = mapped_column(String(10), default="en", server_default="en")
    intro: Mapped[str] = mapped_column(Text, default="", server_default="")
    description: Mapped[str] = mapped_column(String(320), default="", server_default="")
    place: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )
