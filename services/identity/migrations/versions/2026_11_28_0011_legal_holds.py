"""users.legal_hold_reason/legal_hold_at and erasure_requests.held_reason: legal holds (ADR 0036)

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28 03:40:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("users", sa.Column("legal_hold_reason", sa.String(length=500), nullable=True))
    op.add_column("users", sa.Column("legal_hold_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column(
        "erasure_requests", sa.Column("held_reason", sa.String(length=500), nullable=True)
    )


def downgrade() -> None:
    op.drop_column("erasure_requests", "held_reason")
    op.drop_column("users", "legal_hold_at")
    op.drop_column("users", "legal_hold_reason")
