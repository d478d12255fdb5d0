"""daily counts by metric and day: the site's most viewed jobs of the week (home page)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-28 00:10:00+00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_daily_counts_subject_type_metric_day",
        "daily_counts",
        ["subject_type", "metric", "day"],
    )


def downgrade() -> None:
    op.drop_index("ix_daily_counts_subject_type_metric_day", table_name="daily_counts")
