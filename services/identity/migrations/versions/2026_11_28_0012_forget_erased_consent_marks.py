"""Consent marks of accounts erased before the erasure took them along (ADR 0036)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28 04:00:00+00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # an erasure request exists only for a deleted account: its marks lead to nobody
    op.execute(
        "DELETE FROM user_consent_marks m USING erasure_requests r WHERE m.user_id = r.user_id"
    )


def downgrade() -> None:
    pass  # the erased marks are gone for good
