"""The taxonomy's table: the terms of every vocabulary."""

from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from search.db import Base


class Term(Base):
    """A taxonomy term of one vocabulary (occupational field, industry, skill, ...).

    ``tid`` is stable and assigned in the seed data (never by a sequence): other services keep
    it. ``label`` is the English label; ``labels`` and ``aliases`` map a language to the label
    and to the URL path alias (a lowercase slug) in that language.
    """

    __tablename__ = "terms"
    __table_args__ = (Index("ix_terms_vocabulary_weight", "vocabulary", "weight"),)

    tid: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    vocabulary: Mapped[str] = mapped_column(String(60))
    label: Mapped[str] = mapped_column(String(255))
    labels: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    aliases: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    parent_tid: Mapped[int | None] = mapped_column(ForeignKey("terms.tid"))
    weight: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )
