"""featured boost: products, grants and subscriptions carry featured_days / featured_organization

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24 09:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ("products", "subscriptions"):
        op.add_column(table, sa.Column("featured_days", sa.Integer(), nullable=True))
        op.add_column(
            table,
            sa.Column(
                "featured_organization", sa.Boolean(), server_default=sa.false(), nullable=False
            ),
        )
    op.add_column("ledger_entries", sa.Column("featured_days", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("ledger_entries", "featured_days")
    for table in ("subscriptions", "products"):
        op.drop_column(table, "featured_organization")
        op.drop_column(table, "featured_days")
