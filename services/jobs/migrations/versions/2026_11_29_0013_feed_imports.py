"""feed imports (ADR 0041): feed sources, their runs and items, and jobs' content fingerprint

The fingerprint is not backfilled here: a feed run fills it in for the open jobs of its
organization that lack one before it matches by content (jobs.domain.feeds), and every save
sets it.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29 07:03:07.573049+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "feed_sources",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("organization_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("url", sa.String(length=2000), nullable=False),
        sa.Column("format", sa.String(length=10), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("interval_minutes", sa.Integer(), nullable=False),
        sa.Column("created_by", sa.Uuid(), nullable=False),
        sa.Column("created_by_email", sa.String(length=320), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.Column("last_run_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("next_run_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_feed_sources")),
    )
    op.create_index(
        "ix_feed_sources_due",
        "feed_sources",
        ["next_run_at"],
        unique=False,
        postgresql_where=sa.text("enabled"),
    )
    op.create_index(
        "ix_feed_sources_organization_id", "feed_sources", ["organization_id"], unique=False
    )
    op.create_table(
        "feed_items",
        sa.Column("source_id", sa.Uuid(), nullable=False),
        sa.Column("reference", sa.String(length=100), nullable=False),
        sa.Column("job_id", sa.Uuid(), nullable=False),
        sa.Column("role", sa.String(length=10), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("first_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["job_id"], ["jobs.id"], name=op.f("fk_feed_items_job_id_jobs"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["source_id"],
            ["feed_sources.id"],
            name=op.f("fk_feed_items_source_id_feed_sources"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("source_id", "reference", name=op.f("pk_feed_items")),
    )
    op.create_index("ix_feed_items_job_id", "feed_items", ["job_id"], unique=False)
    op.create_table(
        "feed_runs",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("source_id", sa.Uuid(), nullable=False),
        sa.Column("trigger", sa.String(length=10), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("items", sa.Integer(), nullable=False),
        sa.Column("created", sa.Integer(), nullable=False),
        sa.Column("updated", sa.Integer(), nullable=False),
        sa.Column("closed", sa.Integer(), nullable=False),
        sa.Column("unchanged", sa.Integer(), nullable=False),
        sa.Column("duplicate", sa.Integer(), nullable=False),
        sa.Column("rejected", sa.Integer(), nullable=False),
        sa.Column("error", sa.String(length=1000), nullable=True),
        sa.Column("issues", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.ForeignKeyConstraint(
            ["source_id"],
            ["feed_sources.id"],
            name=op.f("fk_feed_runs_source_id_feed_sources"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_feed_runs")),
    )
    op.create_index(
        "ix_feed_runs_source_id_started_at", "feed_runs", ["source_id", "started_at"], unique=False
    )
    op.create_index(
        "uq_feed_runs_running_source_id",
        "feed_runs",
        ["source_id"],
        unique=True,
        postgresql_where=sa.text("status = 'running'"),
    )
    op.add_column("jobs", sa.Column("content_fingerprint", sa.String(length=64), nullable=True))
    op.create_index(
        "ix_jobs_organization_id_content_fingerprint",
        "jobs",
        ["organization_id", "content_fingerprint"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_jobs_organization_id_content_fingerprint", table_name="jobs")
    op.drop_column("jobs", "content_fingerprint")
    op.drop_index(
        "uq_feed_runs_running_source_id",
        table_name="feed_runs",
        postgresql_where=sa.text("status = 'running'"),
    )
    op.drop_index("ix_feed_runs_source_id_started_at", table_name="feed_runs")
    op.drop_table("feed_runs")
    op.drop_index("ix_feed_items_job_id", table_name="feed_items")
    op.drop_table("feed_items")
    op.drop_index("ix_feed_sources_organization_id", table_name="feed_sources")
    op.drop_index(
        "ix_feed_sources_due", table_name="feed_sources", postgresql_where=sa.text("enabled")
    )
    op.drop_table("feed_sources")
