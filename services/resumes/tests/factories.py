"""Factories for resumes' tests: valid objects by default, any field overridable."""

from __future__ import annotations

import uuid
from datetime import date
from typing import Any

from jobkit.contracts import SITE_CONFIG_CHANGED
from jobkit.events import EventEnvelope
from jobkit.known_organizations import apply_organization
from jobkit.memberships import apply_member_added
from jobkit.site_settings import site_settings_handlers
from jobkit.vocabulary import TermUpserted, apply_term_upserted
from resumes.db import known_organizations, members, site_settings, terms
from resumes.domain.models import ContactRequest, EducationEntry, Resume, WorkExperienceEntry
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

# terms the factories use (tests/conftest's ``vocabulary`` fixture writes them)
NURSING, SOFTWARE = 1000, 1001
FULL_TIME = 2000
ENGLISH, GERMAN = 5000, 5001
PYTHON, CARE = 10000, 10001
BACHELOR, MEDICINE = 3000, 4000
TERMS = {
    "occupational_fields": (NURSING, SOFTWARE),
    "employment_types": (FULL_TIME,),
    "languages": (ENGLISH, GERMAN),
    "skills": (PYTHON, CARE),
    "degree_levels": (BACHELOR,),
    "fields_of_study": (MEDICINE,),
}


async def add_terms(sessions: async_sessionmaker[AsyncSession]) -> None:
    async with sessions() as session, session.begin():
        for vocabulary, tids in TERMS.items():
            for tid in tids:
                await apply_term_upserted(
                    session,
                    terms,
                    TermUpserted(
                        tid=tid,
                        vocabulary=vocabulary,
                        label=f"{vocabulary} {tid}",
                        labels={},
                        aliases={},
                        parent_tid=None,
                        weight=0,
                    ),
                )


def resume(**overrides: Any) -> Resume:
    """A complete resume (searchable once findable), with its private fields filled."""
    rid = overrides.pop("id", uuid.uuid4())
    fields: dict[str, Any] = {
        "id": rid,
        "owner_id": uuid.uuid4(),
        "site": "jobboard",
        "owner_email": f"applicant-{uuid.uuid4().hex[:8]}@example.org",
        "title": "Nurse, 5 years",
        "findable": True,
        "version": 1,
        "salutation": "ms",
        "first_name": "Ada",
        "last_name": "Private-Lovelace",
        "phone": "+49 30 1234567",
        "birthday": date(1990, 5, 17),
        "home_location": {"locality": "Potsdam", "country_code": "DE", "lat": 52.4, "lon": 13.06},
        "about": "Caring and calm.",
        "desired_occupation_tid": NURSING,
        "employment_type_tids": [FULL_TIME],
        "desired_location": {"locality": "Berlin", "country_code": "DE", "lat": 52.5, "lon": 13.4},
        "career_status": "professional",
        "availability_periods": ["full_time"],
        "languages": [{"tid": ENGLISH, "level": "c1"}],
        "skill_tids": [CARE],
        "skills_free": ["Triage"],
        "education": [],
        "work_experience": [
            WorkExperienceEntry(
                id=uuid.uuid4(),
                resume_id=rid,
                position=0,
                job_title="Nurse",
                company_name="Charité",
                start_date=date(2019, 1, 1),
            )
        ],
        "hidden_from": [],
    }
    return Resume(**(fields | overrides))


def education(resume_id: uuid.UUID, position: int = 0, **overrides: Any) -> EducationEntry:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "resume_id": resume_id,
        "position": position,
        "institution": "TU Berlin",
    }
    return EducationEntry(**(fields | overrides))


def contact_request(
    row: Resume, organization_id: str, status: str, **overrides: Any
) -> ContactRequest:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "resume_id": row.id,
        "organization_id": organization_id,
        "organization_number": 1,
        "recruiter_id": str(uuid.uuid4()),
        "status": status,
        "version": 1,
    }
    return ContactRequest(**(fields | overrides))


async def organization(
    sessions: async_sessionmaker[AsyncSession],
    *recruiters: uuid.UUID,
    name: str = "Acme Care",
    number: int | None = None,
) -> str:
    """A known organization (its number and name) with these recruiters as members."""
    organization_id = str(uuid.uuid4())
    async with sessions() as session, session.begin():
        await apply_organization(
            session,
            known_organizations,
            organization_id=organization_id,
            number=number or uuid.uuid4().int % 1_000_000_000,
            name=name,
        )
        for user in recruiters:
            await apply_member_added(
                session, members, organization_id=organization_id, user_id=str(user)
            )
    return organization_id


def site_config_changed(site: str, key: str, name: str, value: Any) -> EventEnvelope:
    """identity.site.config_changed as identity publishes it (identity.domain.events)."""
    return EventEnvelope(
        type=SITE_CONFIG_CHANGED,
        aggregate_id=site,
        site=site,
        actor="system:test",
        payload={"site": site, "changes": [{"key": key, "name": name, "value": value}]},
    )


async def site_setting(
    sessions: async_sessionmaker[AsyncSession], site: str, key: str, name: str, value: Any
) -> None:
    """A site's setting in the read model, applied as the site config consumer applies it."""
    handler = site_settings_handlers(site_settings)[SITE_CONFIG_CHANGED]
    async with sessions() as session, session.begin():
        await handler(session, site_config_changed(site, key, name, value))
