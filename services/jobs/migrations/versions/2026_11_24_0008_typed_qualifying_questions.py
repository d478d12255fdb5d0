"""typed qualifying questions: each question an object, each stored answer with its type and
knock-out flag (the free-text strings of before become FREE_TEXT questions)

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24 09:00:00.000000+00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Data only (the columns are JSONB already): strings become FREE_TEXT questions.
    op.execute(
        """
        UPDATE jobs SET application_qualifying_questions = (
          SELECT coalesce(jsonb_agg(
            CASE WHEN jsonb_typeof(q) = 'string' THEN jsonb_build_object(
              'question', q #>> '{}', 'type', 'free_text',
              'options', '[]'::jsonb, 'knock_out_answers', '[]'::jsonb)
            ELSE q END ORDER BY position), '[]'::jsonb)
          FROM jsonb_array_elements(application_qualifying_questions)
            WITH ORDINALITY AS t(q, position))
        WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(application_qualifying_questions) q
                      WHERE jsonb_typeof(q) = 'string')
        """
    )
    # Stored answers keep the flag they were given (a "no" knocked out before this revision).
    op.execute(
        """
        UPDATE applications SET answers = (
          SELECT coalesce(jsonb_agg(
            jsonb_build_object('type', 'free_text') || a || jsonb_build_object(
              'knocked_out', coalesce((a ->> 'knocked_out')::boolean,
                                      lower(a ->> 'answer') IN ('no', 'nein', 'non')))
            ORDER BY position), '[]'::jsonb)
          FROM jsonb_array_elements(answers) WITH ORDINALITY AS t(a, position))
        WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(answers) a WHERE NOT a ? 'type')
        """
    )


def downgrade() -> None:
    op.execute(
        """
        UPDATE jobs SET application_qualifying_questions = (
          SELECT coalesce(jsonb_agg(q -> 'question' ORDER BY position), '[]'::jsonb)
          FROM jsonb_array_elements(application_qualifying_questions)
            WITH ORDINALITY AS t(q, position))
        WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(application_qualifying_questions) q
                      WHERE jsonb_typeof(q) = 'object')
        """
    )
    op.execute(
        """
        UPDATE applications SET answers = (
          SELECT coalesce(jsonb_agg(a - 'type' - 'knocked_out' ORDER BY position), '[]'::jsonb)
          FROM jsonb_array_elements(answers) WITH ORDINALITY AS t(a, position))
        WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(answers) a WHERE a ? 'type')
        """
    )
