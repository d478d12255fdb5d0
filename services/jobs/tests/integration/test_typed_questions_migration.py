"""Migration 0008 against a real database: the free-text strings of before become FREE_TEXT
questions, stored answers get their type and the knock-out flag they had; and back."""

from __future__ import annotations

import asyncio
import json
import uuid

import asyncpg
import pytest
from alembic import command
from jobkit.migrations import alembic_config
from jobkit.settings import driver_dsn
from jobkit.testing.database import temporary_database
from jobs.settings import SERVICE_DIR, JobsSettings

pytestmark = pytest.mark.integration


async def test_migration_0008_types_the_questions_and_the_answers() -> None:
    settings = JobsSettings()
    async with temporary_database(settings) as url:
        config = alembic_config(SERVICE_DIR, url)
        await asyncio.to_thread(command.upgrade, config, "0007")
        dsn = driver_dsn(url)
        job_id, application_id = uuid.uuid4(), uuid.uuid4()
        connection = await asyncpg.connect(dsn)
        try:
            await connection.execute(
                """INSERT INTO jobs (id, site, slug, type, state, version, owner_id,
                organization_id, organization_number, organization_name, title, locations,
                remote_option_tids, employment_type_tids, occupational_field_tids,
                fields_of_study_tids, language_tids, skill_tids, application_workflow,
                application_emails, application_require_cv, application_require_cover_letter,
                application_require_qualifying_questions, application_qualifying_questions,
                views_count, applications_count)
                VALUES ($1, 'jobboard', 's', 'job_per_template', 'published', 1, $2, $2, 1, 'O',
                'T', '[]', '{}', '{}', '{}', '{}', '{}', '{}', 'on_site', '[]', false, false,
                true, $3::jsonb, 0, 1)""",
                job_id,
                uuid.uuid4(),
                json.dumps(["Licence?", "Why us?"]),
            )
            await connection.execute(
                """INSERT INTO applications (id, site, job_id, organization_id, first_name,
                last_name, email, answers, knocked_out, workflow, status, version)
                VALUES ($1, 'jobboard', $2, $2, 'A', 'O', 'a@example.org', $3::jsonb, true,
                'on_site', 'new', 1)""",
                application_id,
                job_id,
                json.dumps(
                    [
                        {"question": "Licence?", "answer": "No"},
                        {"question": "Why us?", "answer": "Because."},
                    ]
                ),
            )
            await asyncio.to_thread(command.upgrade, config, "0008")
            questions = json.loads(
                await connection.fetchval("SELECT application_qualifying_questions FROM jobs")
            )
            assert questions == [
                {"question": q, "type": "free_text", "options": [], "knock_out_answers": []}
                for q in ("Licence?", "Why us?")
            ]
            answers = json.loads(await connection.fetchval("SELECT answers FROM applications"))
            assert answers == [
                {"question": "Licence?", "type": "free_text", "answer": "No", "knocked_out": True},
                {
                    "question": "Why us?",
                    "type": "free_text",
                    "answer": "Because.",
                    "knocked_out": False,
                },
            ]
            await asyncio.to_thread(command.downgrade, config, "0007")
            assert json.loads(
                await connection.fetchval("SELECT application_qualifying_questions FROM jobs")
            ) == ["Licence?", "Why us?"]
            assert json.loads(await connection.fetchval("SELECT answers FROM applications")) == [
                {"question": "Licence?", "answer": "No"},
                {"question": "Why us?", "answer": "Because."},
            ]
        finally:
            await connection.close()
