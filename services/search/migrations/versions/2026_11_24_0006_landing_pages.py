"""landing pages: path, intro, description, place (ADR 0016)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24 12:26:35.863783+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("landing_pages", sa.Column("path", sa.String(length=500), nullable=True))
    op.add_column(
        "landing_pages",
        sa.Column("language", sa.String(length=10), server_default="en", nullable=False),
    )
    op.add_column("landing_pages", sa.Column("intro", sa.Text(), server_default="", nullable=False))
    op.add_column(
        "landing_pages",
        sa.Column("description", sa.String(length=320), server_default="", nullable=False),
    )
    op.add_column(
        "landing_pages", sa.Column("place", postgresql.JSONB(astext_type=sa.Text()), nullable=True)
    )
    op.add_column(
        "landing_pages",
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
    )
    op.create_unique_constraint(
        op.f("uq_landing_pages_language"), "landing_pages", ["language", "path"]
    )


def downgrade() -> None:
    op.drop_constraint(op.f("uq_landing_pages_language"), "landing_pages", type_="unique")
    op.drop_column("landing_pages", "updated_at")
    op.drop_column("landing_pages", "place")
    op.drop_column("landing_pages", "description")
    op.drop_column("landing_pages", "intro")
    op.drop_column("landing_pages", "language")
    op.drop_column("landing_pages", "path")
