"""the job creator's address, for review decisions

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 06:40:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("jobs", sa.Column("owner_email", sa.String(length=320), nullable=True))


def downgrade() -> None:
    op.drop_column("jobs", "owner_email")
