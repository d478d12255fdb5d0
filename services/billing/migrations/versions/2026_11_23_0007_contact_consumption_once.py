"""one resume contact consumption per request

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 09:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "uq_ledger_entries_contact_consumption_reference",
        "ledger_entries",
        ["organization_number", "kind", "reference"],
        unique=True,
        postgresql_where=sa.text("entry_type = 'consumption' AND kind = 'contact'"),
    )


def downgrade() -> None:
    op.drop_index(
        "uq_ledger_entries_contact_consumption_reference",
        table_name="ledger_entries",
        postgresql_where=sa.text("entry_type = 'consumption' AND kind = 'contact'"),
    )
