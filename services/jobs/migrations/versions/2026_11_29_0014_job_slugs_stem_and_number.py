"""job slugs split into stem and number, so claiming a slug finds the highest number taken
after its base with one probe of an index instead of reading every taken slug of the base

Both are generated columns (computed by the database from the slug): adding them fills the
existing rows, no backfill step is needed.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-29 10:34:09.952204+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "job_slugs",
        sa.Column(
            "stem",
            sa.String(length=200),
            sa.Computed("regexp_replace(slug, '-[0-9]+$', '')", persisted=True),
            nullable=False,
        ),
    )
    op.add_column(
        "job_slugs",
        sa.Column(
            "number",
            sa.Numeric(),
            sa.Computed("CAST(substring(slug FROM '-([0-9]+)$') AS numeric)", persisted=True),
            nullable=True,
        ),
    )
    op.create_index("ix_job_slugs_numbered", "job_slugs", ["site", "stem", "number"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_job_slugs_numbered", table_name="job_slugs")
    op.drop_column("job_slugs", "number")
    op.drop_column("job_slugs", "stem")
