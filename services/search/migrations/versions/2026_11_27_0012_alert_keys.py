"""alert keys: the instant matcher's index of the saved searches' terms

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27 00:20:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("saved_searches", sa.Column("keyed_version", sa.Integer(), nullable=True))
    op.add_column(
        "saved_searches",
        sa.Column("key_groups", sa.Integer(), server_default="0", nullable=False),
    )
    op.add_column(
        "saved_searches",
        sa.Column("plain", sa.Boolean(), server_default="false", nullable=False),
    )
    op.create_table(
        "alert_keys",
        sa.Column("key", sa.String(length=300), nullable=False),
        sa.Column("alert_id", sa.Uuid(), nullable=False),
        sa.Column("grp", sa.SmallInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["alert_id"],
            ["saved_searches.id"],
            name=op.f("fk_alert_keys_alert_id_saved_searches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("key", "alert_id", "grp", name=op.f("pk_alert_keys")),
    )
    op.create_index(op.f("ix_alert_keys_alert_id"), "alert_keys", ["alert_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_alert_keys_alert_id"), table_name="alert_keys")
    op.drop_table("alert_keys")
    op.drop_column("saved_searches", "plain")
    op.drop_column("saved_searches", "key_groups")
    op.drop_column("saved_searches", "keyed_version")
