"""bookmarks

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 06:15:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "bookmarks",
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("job_id", sa.Uuid(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["job_id"], ["jobs.id"], name=op.f("fk_bookmarks_job_id_jobs"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "job_id", name=op.f("pk_bookmarks")),
    )
    op.create_index(op.f("ix_bookmarks_job_id"), "bookmarks", ["job_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_bookmarks_job_id"), table_name="bookmarks")
    op.drop_table("bookmarks")
