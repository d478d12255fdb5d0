"""The demo seed's resumes (scripts/demo/seed_resumes.py): the demo applicants' resumes are
complete and findable, 60 more spread over occupations, cities, languages, skills and career
statuses (some hidden, some incomplete), contact requests in every state; run twice, nothing
doubles and no second event is emitted."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from jobkit.settings import ServiceSettings
from jobkit.vocabulary import TermUpserted, apply_term_upserted
from resumes.db import outbox, terms
from resumes.domain.completeness import completeness, searchable
from resumes.domain.models import ContactRequest, Resume
from resumes.settings import ResumesSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.demo.seed_resumes import CONTACT_STATES, GENERATED, seed_demo_resumes

pytestmark = pytest.mark.integration

TAXONOMY = Path(__file__).resolve().parents[3] / "search/src/search/taxonomy/data"
NAMESPACE = uuid.UUID("0b5e7c57-66c4-4d2c-9d51-8d1f4b0a2b11")


def _stable_id(*parts: str) -> uuid.UUID:
    return uuid.uuid5(NAMESPACE, "/".join(parts))


async def _vocabularies(sessions: async_sessionmaker[AsyncSession]) -> dict[tuple[str, str], int]:
    tids: dict[tuple[str, str], int] = {}
    async with sessions() as session, session.begin():
        for path in sorted(TAXONOMY.glob("*.json")):
            data = json.loads(path.read_text())
            for term in data["terms"]:
                await apply_term_upserted(
                    session,
                    terms,
                    TermUpserted(
                        tid=term["tid"],
                        vocabulary=data["vocabulary"],
                        label=term["labels"]["en"],
                        labels=term["labels"],
                        aliases=term["aliases"],
                        parent_tid=term.get("parent_tid"),
                        weight=term.get("weight", 0),
                    ),
                )
                tids[(data["vocabulary"], term["aliases"].get("en", ""))] = term["tid"]
    return tids


async def test_the_demo_resumes(
    service_settings: ServiceSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    assert isinstance(service_settings, ResumesSettings)
    tids = await _vocabularies(committed_sessions)
    applicants = {
        "applicant@jobboard.example": (uuid.uuid4(), "Ada", "Applicant"),
        "jamie.lee@jobboard.example": (uuid.uuid4(), "Jamie", "Lee"),
    }
    recruiter = str(uuid.uuid4())
    organization_id = uuid.uuid4()
    arguments = {
        "sessions": committed_sessions,
        "settings": service_settings,
        "tids": tids,
        "applicants": applicants,
        "organizations": {"Green Harbor Foundation": (organization_id, 4242)},
        "memberships": [(str(organization_id), recruiter, "recruiter")],
        "stable_id": _stable_id,
    }

    async def events() -> int:
        async with committed_sessions() as session:
            return int(await session.scalar(select(func.count()).select_from(outbox)) or 0)

    first = await seed_demo_resumes(**arguments)
    assert first["resumes"] == GENERATED + 2
    assert first["new"] == GENERATED + 2
    assert GENERATED * 0.8 < first["findable"] < GENERATED + 2
    for status in CONTACT_STATES:
        assert first[f"contact requests {status}"] == 1
    emitted = await events()
    again = await seed_demo_resumes(**arguments)
    assert again == first | {"new": 0}
    assert await events() == emitted

    async with committed_sessions() as session:
        rows = list(await session.scalars(select(Resume)))
        requests = list(await session.scalars(select(ContactRequest)))
    by_owner = {row.owner_id: row for row in rows}
    for user_id, _, _ in applicants.values():
        assert searchable(by_owner[user_id])
    assert len({row.desired_occupation_tid for row in rows}) >= 5
    assert len({row.desired_location["locality"] for row in rows if row.desired_location}) >= 10
    assert len({row.career_status for row in rows}) == 5
    assert len({tuple(row.skill_tids) for row in rows}) >= 5
    assert len({item["tid"] for row in rows for item in row.languages}) >= 4
    assert [row for row in rows if not completeness(row).complete]
    assert [row for row in rows if not row.findable]
    assert {request.organization_number for request in requests} == {4242}
