"""consent info revisions and user consents

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 09:00:00+00:00

An info's text moves into its revisions: each existing info becomes revision 1 of itself, with
its one text under its language.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "consent_info_revisions",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("info_id", sa.Uuid(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("texts", sa.JSON(), nullable=False),
        sa.Column(
            "published_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.Column("published_by", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["info_id"],
            ["consent_infos.id"],
            name=op.f("fk_consent_info_revisions_info_id_consent_infos"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_consent_info_revisions")),
        sa.UniqueConstraint("info_id", "number", name=op.f("uq_consent_info_revisions_info_id")),
    )
    op.create_index(
        op.f("ix_consent_info_revisions_info_id"), "consent_info_revisions", ["info_id"]
    )
    op.add_column("consent_infos", sa.Column("path", sa.String(length=255), nullable=True))
    op.add_column("consent_infos", sa.Column("current_revision_id", sa.Uuid(), nullable=True))
    op.add_column(
        "consent_infos",
        sa.Column("revision_number", sa.Integer(), server_default="0", nullable=False),
    )
    op.add_column(
        "consent_infos",
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
    )
    op.alter_column("consent_infos", "revision_number", server_default=None)
    op.execute(
        """
        INSERT INTO consent_info_revisions (id, info_id, number, texts, published_at)
        SELECT gen_random_uuid(), id, 1, json_build_object(language, text), created_at
        FROM consent_infos
        """
    )
    op.execute(
        """
        UPDATE consent_infos SET revision_number = 1, current_revision_id = r.id
        FROM consent_info_revisions r WHERE r.info_id = consent_infos.id
        """
    )
    op.drop_column("consent_infos", "language")
    op.drop_column("consent_infos", "text")
    op.create_index(op.f("ix_consent_infos_type"), "consent_infos", ["type"])
    op.create_index(op.f("ix_consent_infos_placement"), "consent_infos", ["placement"])
    op.create_table(
        "user_consents",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("mail", sa.String(length=254), nullable=False),
        sa.Column("info_id", sa.Uuid(), nullable=False),
        sa.Column("revision_id", sa.Uuid(), nullable=False),
        sa.Column("site", sa.String(length=64), nullable=False),
        sa.Column("source", sa.String(length=30), nullable=False),
        sa.Column(
            "given_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["info_id"], ["consent_infos.id"], name=op.f("fk_user_consents_info_id_consent_infos")
        ),
        sa.ForeignKeyConstraint(
            ["revision_id"],
            ["consent_info_revisions.id"],
            name=op.f("fk_user_consents_revision_id_consent_info_revisions"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_user_consents")),
        sa.UniqueConstraint("user_id", "revision_id", name=op.f("uq_user_consents_user_id")),
    )
    op.create_index(op.f("ix_user_consents_user_id"), "user_consents", ["user_id"])
    op.create_index(op.f("ix_user_consents_info_id"), "user_consents", ["info_id"])


def downgrade() -> None:
    op.drop_table("user_consents")
    op.add_column("consent_infos", sa.Column("text", sa.Text(), server_default="", nullable=False))
    op.add_column(
        "consent_infos",
        sa.Column("language", sa.String(length=10), server_default="en", nullable=False),
    )
    op.drop_index(op.f("ix_consent_infos_placement"), table_name="consent_infos")
    op.drop_index(op.f("ix_consent_infos_type"), table_name="consent_infos")
    for column in ("updated_at", "revision_number", "current_revision_id", "path"):
        op.drop_column("consent_infos", column)
    op.drop_table("consent_info_revisions")
