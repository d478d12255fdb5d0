"""users.inactivity_warned_at: when an inactive account was told it will be erased

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28 00:45:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "users", sa.Column("inactivity_warned_at", sa.DateTime(timezone=True), nullable=True)
    )


def downgrade() -> None:
    op.drop_column("users", "inactivity_warned_at")
