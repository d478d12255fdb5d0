"""anonymous visit counts: the day's salt and the day's visit marks

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27 20:40:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "visit_salts",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("salt", sa.LargeBinary(length=32), nullable=False),
        sa.PrimaryKeyConstraint("day", name=op.f("pk_visit_salts")),
    )
    op.create_table(
        "visit_marks",
        sa.Column("subject_type", sa.String(length=20), nullable=False),
        sa.Column("subject_id", sa.String(length=64), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("visitor", sa.LargeBinary(length=16), nullable=False),
        sa.PrimaryKeyConstraint(
            "subject_type", "subject_id", "day", "visitor", name=op.f("pk_visit_marks")
        ),
    )


def downgrade() -> None:
    op.drop_table("visit_marks")
    op.drop_table("visit_salts")
