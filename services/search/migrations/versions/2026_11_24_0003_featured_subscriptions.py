"""featured subscriptions: billing's subscriptions that feature their organization

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24 09:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "featured_subscriptions",
        sa.Column("subscription_id", sa.String(length=64), nullable=False),
        sa.Column("organization_number", sa.Integer(), nullable=False),
        sa.Column("featured", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("subscription_id", name=op.f("pk_featured_subscriptions")),
    )
    op.create_index(
        op.f("ix_featured_subscriptions_organization_number"),
        "featured_subscriptions",
        ["organization_number"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index(
        op.f("ix_featured_subscriptions_organization_number"), table_name="featured_subscriptions"
    )
    op.drop_table("featured_subscriptions")
