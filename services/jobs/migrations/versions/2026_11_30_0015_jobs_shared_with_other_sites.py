"""jobs shared with other sites

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-30 05:40:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # every existing job is shared with no other site (ADR 0057): the server default fills them
    op.add_column(
        "jobs",
        sa.Column(
            "shared_sites",
            postgresql.ARRAY(sa.String(length=63)),
            server_default="{}",
            nullable=False,
        ),
    )


def downgrade() -> None:
    op.drop_column("jobs", "shared_sites")
