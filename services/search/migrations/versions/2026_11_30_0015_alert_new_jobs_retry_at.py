"""alert_new_jobs.retry_at: a job the index has not caught up with no longer holds the head of
the instant alerts' rounds

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-30 06:40:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "alert_new_jobs", sa.Column("retry_at", sa.DateTime(timezone=True), nullable=True)
    )


def downgrade() -> None:
    op.drop_column("alert_new_jobs", "retry_at")
