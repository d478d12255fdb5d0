"""index generations: the search answer cache drops answers of an older generation

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-29 14:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "index_generations",
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("generation", sa.BigInteger(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_index_generations")),
    )


def downgrade() -> None:
    op.drop_table("index_generations")
