"""applications, their attachments, and rate-limit windows

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 06:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "applications",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("site", sa.String(length=63), nullable=False),
        sa.Column("job_id", sa.Uuid(), nullable=False),
        sa.Column("organization_id", sa.Uuid(), nullable=False),
        sa.Column("applicant_id", sa.String(length=64), nullable=True),
        sa.Column("first_name", sa.String(length=100), nullable=False),
        sa.Column("last_name", sa.String(length=100), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("phone", sa.String(length=40), nullable=True),
        sa.Column("cover_letter", sa.Text(), nullable=True),
        sa.Column("answers", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("knocked_out", sa.Boolean(), nullable=False),
        sa.Column("workflow", sa.String(length=10), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.Column("status_changed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["job_id"], ["jobs.id"], name=op.f("fk_applications_job_id_jobs"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_applications")),
        sa.UniqueConstraint("job_id", "email", name="uq_applications_job_id_email"),
    )
    op.create_index("ix_applications_applicant_id", "applications", ["applicant_id"])
    op.create_index(
        "ix_applications_organization_id_created_at",
        "applications",
        ["organization_id", "created_at"],
    )
    op.create_table(
        "application_attachments",
        sa.Column("upload_id", sa.Uuid(), nullable=False),
        sa.Column("application_id", sa.Uuid(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["application_id"],
            ["applications.id"],
            name=op.f("fk_application_attachments_application_id_applications"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("upload_id", name=op.f("pk_application_attachments")),
    )
    op.create_index(
        op.f("ix_application_attachments_application_id"),
        "application_attachments",
        ["application_id"],
    )
    op.create_table(
        "rate_limit_hits",
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("key", "window_start", name=op.f("pk_rate_limit_hits")),
    )


def downgrade() -> None:
    op.drop_table("rate_limit_hits")
    op.drop_index(
        op.f("ix_application_attachments_application_id"), table_name="application_attachments"
    )
    op.drop_table("application_attachments")
    op.drop_index("ix_applications_organization_id_created_at", table_name="applications")
    op.drop_index("ix_applications_applicant_id", table_name="applications")
    op.drop_table("applications")
