"""resume alerts paused by the mailer when their address refuses mail

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27 08:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("resume_alerts", sa.Column("paused_reason", sa.String(length=300), nullable=True))


def downgrade() -> None:
    op.drop_column("resume_alerts", "paused_reason")
