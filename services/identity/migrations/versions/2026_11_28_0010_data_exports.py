"""data_exports and data_export_parts: a person's copy of their data (ADR 0038)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28 03:10:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "data_exports",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("site", sa.String(length=100), nullable=False),
        sa.Column("requested_by", sa.String(length=100), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_asked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("archive_key", sa.String(length=200), nullable=True),
        sa.Column("archive_size", sa.Integer(), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_data_exports_user_id", "data_exports", ["user_id"])
    op.create_index("ix_data_exports_last_asked_at", "data_exports", ["last_asked_at"])
    op.create_table(
        "data_export_parts",
        sa.Column("export_id", sa.Uuid(), nullable=False),
        sa.Column("service", sa.String(length=50), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("counts", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["export_id"], ["data_exports.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("export_id", "service"),
    )


def downgrade() -> None:
    op.drop_table("data_export_parts")
    op.drop_index("ix_data_exports_last_asked_at", table_name="data_exports")
    op.drop_index("ix_data_exports_user_id", table_name="data_exports")
    op.drop_table("data_exports")
