"""Factories for jobs' tests: valid objects by default, any field overridable."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from typing import Any

from jobkit.memberships import apply_member_added
from jobkit.vocabulary import TermUpserted, apply_term_upserted
from jobs.db import members, terms
from jobs.domain.models import Application, Job, KnownOrganization
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

# Terms every test module may use (its own temporary database): (tid, vocabulary, label).
TERMS = [
    (3000, "employment_types", "Full-time"),
    (3001, "employment_types", "Part-time"),
    (3004, "employment_types", "Internship"),
    (3300, "remote_options", "On-site"),
    (3302, "remote_options", "Remote"),
    (4100, "occupational_fields", "Program management"),
    (4200, "degree_levels", "Master"),
    (4300, "years_of_experience", "3-5 years"),
    (4400, "languages", "English"),
    (4500, "skills", "Grant writing"),
    (4600, "fields_of_study", "Public health"),
]


def organization(**overrides: Any) -> KnownOrganization:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "number": uuid.uuid4().int % 1_000_000_000,
        "name": "Green Harbor",
        "profile_slug": None,
        "profile_published": True,
        "logo_url": None,
    }
    fields |= overrides
    fields["profile_slug"] = fields["profile_slug"] or f"org-{fields['id'].hex[:8]}"
    return KnownOrganization(**fields)


def question(
    text: str,
    type: str = "free_text",
    *,
    options: list[str] | None = None,
    knock_out: list[str] | None = None,
) -> dict[str, Any]:
    """A qualifying question as the job stores it (and as the form group takes it)."""
    if options is None:
        options = ["yes", "no"] if type == "yes_no" else []
    return {
        "question": text,
        "type": type,
        "options": options,
        "knock_out_answers": knock_out or [],
    }


def job(org: KnownOrganization, **overrides: Any) -> Job:
    """A complete DRAFT of ``org`` (every group filled)."""
    job_id = overrides.pop("id", uuid.uuid4())
    fields: dict[str, Any] = {
        "id": job_id,
        "site": "jobboard",
        "slug": f"community-health-worker-{job_id.hex[:8]}",
        "type": "job_per_template",
        "state": "draft",
        "version": 1,
        "owner_id": uuid.uuid4(),
        "organization_id": org.id,
        "organization_number": org.number,
        "organization_name": org.name,
        "title": "Community Health Worker",
        "description": "<p>Visit families and <strong>support</strong> them.</p>",
        "locations": [
            {
                "address": {
                    "country_code": "US",
                    "address_line1": "1 Harbor Way",
                    "address_line2": None,
                    "administrative_area": "MA",
                    "locality": "Boston",
                    "zip": "02110",
                    "lat": 42.3601,
                    "lon": -71.0589,
                }
            }
        ],
        "remote_option_tids": [3300],
        "employment_type_tids": [3000],
        "occupational_field_tids": [4100],
        "fields_of_study_tids": [],
        "language_tids": [],
        "skill_tids": [],
        "salary_range": {
            "min_salary": 40000.0,
            "max_salary": 52000.0,
            "currency_code": "USD",
            "salary_unit": "year",
        },
        "application_workflow": "on_site",
        "application_emails": ["jobs@greenharbor.example"],
        "application_qualifying_questions": [],
        "application_require_cv": False,
        "application_require_cover_letter": False,
        "application_require_qualifying_questions": False,
        "views_count": 0,
        "applications_count": 0,
    }
    return Job(**(fields | overrides))


async def seed_terms(sessions: async_sessionmaker[AsyncSession]) -> None:
    async with sessions() as session, session.begin():
        for tid, vocabulary, label in TERMS:
            await apply_term_upserted(
                session,
                terms,
                TermUpserted(
                    tid=tid,
                    vocabulary=vocabulary,
                    label=label,
                    labels={"en": label},
                    aliases={},
                    parent_tid=None,
                    weight=0,
                ),
            )


async def add_member(
    sessions: async_sessionmaker[AsyncSession], org: KnownOrganization, user_id: uuid.UUID
) -> None:
    async with sessions() as session, session.begin():
        await apply_member_added(
            session, members, organization_id=str(org.id), user_id=str(user_id)
        )


def published_job(now: datetime, **overrides: Any) -> tuple[Job, KnownOrganization]:
    """A job PUBLISHED at ``now`` for 30 days, of an organization with a profile and a logo."""
    org = organization(
        name="Green Harbor", profile_slug="green-harbor", logo_url="/api/uploads/o/files/1/logo"
    )
    row = job(
        org,
        state="published",
        published_at=now,
        expires_at=now + timedelta(days=30),
        **overrides,
    )
    return row, org


def application(job_id: uuid.UUID, organization_id: uuid.UUID, **overrides: Any) -> Application:
    """A NEW on-site application to the job (Ada's, no answers)."""
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "site": "jobboard",
        "job_id": job_id,
        "organization_id": organization_id,
        "first_name": "Ada",
        "last_name": "Okafor",
        "email": "ada@applicant.example",
        "answers": [],
        "workflow": "on_site",
        "status": "new",
        "version": 1,
    }
    return Application(**{**fields, **overrides})
