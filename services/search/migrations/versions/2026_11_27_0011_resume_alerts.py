"""resume alerts

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27 00:20:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "resume_alerts",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("site", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("query", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("interval_seconds", sa.Integer(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.Column(
            "checked_until",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.Column("last_mailed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_resume_alerts")),
    )
    op.create_index(op.f("ix_resume_alerts_email"), "resume_alerts", ["email"], unique=False)
    op.create_index(op.f("ix_resume_alerts_user_id"), "resume_alerts", ["user_id"], unique=False)
    op.create_table(
        "resume_alert_deliveries",
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("resume_id", sa.String(length=64), nullable=False),
        sa.Column("mail_id", sa.Uuid(), nullable=False),
        sa.Column("alert_id", sa.Uuid(), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["mail_id"],
            ["alert_mails.id"],
            name=op.f("fk_resume_alert_deliveries_mail_id_alert_mails"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("email", "resume_id", name=op.f("pk_resume_alert_deliveries")),
    )
    op.create_index(
        op.f("ix_resume_alert_deliveries_mail_id"),
        "resume_alert_deliveries",
        ["mail_id"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_resume_alert_deliveries_mail_id"), table_name="resume_alert_deliveries")
    op.drop_table("resume_alert_deliveries")
    op.drop_index(op.f("ix_resume_alerts_user_id"), table_name="resume_alerts")
    op.drop_index(op.f("ix_resume_alerts_email"), table_name="resume_alerts")
    op.drop_table("resume_alerts")
