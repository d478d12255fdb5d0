"""Demo resumes through the resumes service's own use cases (the wizard's steps), so every resume
is validated as an applicant's would be and its events go through the outbox.

- the demo applicants get complete, findable resumes;
- 60 more profiles spread over occupations, cities, languages, skills and career statuses; every
  seventh is not findable and every eleventh lacks its skills (incomplete, so not searchable);
- contact requests from the demo organizations in every state. Their history is written as it
  ended (no billing round trip: the seed's organizations keep their demo credits), the way the
  seed writes other histories production has no shortcut for.

Idempotent: an applicant who has a resume is left as it is; a contact request that exists is
left as it is.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from jobkit.auth import Principal
from jobkit.known_organizations import apply_organization
from jobkit.memberships import apply_member_added
from resumes.db import known_organizations, members
from resumes.domain import profile, visibility
from resumes.domain.errors import ResumeErrors
from resumes.domain.models import ContactRequest, Resume
from resumes.settings import ResumesSettings
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

GENERATED = 60
FIRST_NAMES = ["Mia", "Noah", "Lea", "Jonas", "Sofia", "Elias", "Amira", "Lukas", "Hana", "Ben"]
LAST_NAMES = ["Schmidt", "Novak", "Okafor", "Larsen", "Yilmaz", "Rossi", "Dubois", "Kowalski"]
CITIES = [
    ("Berlin", "DE"),
    ("Hamburg", "DE"),
    ("Munich", "DE"),
    ("Cologne", "DE"),
    ("Leipzig", "DE"),
    ("Vienna", "AT"),
    ("London", "GB"),
    ("Manchester", "GB"),
    ("Paris", "FR"),
    ("Amsterdam", "NL"),
    ("Chicago", "US"),
    ("Boston", "US"),
]
OCCUPATIONS = [
    ("community-organizing", "Community organizer"),
    ("policy-and-public-affairs", "Policy advisor"),
    ("office-management", "Office manager"),
    ("advocacy-and-campaigning", "Campaigner"),
    ("executive-assistance", "Executive assistant"),
    ("administration-and-office", "Administrator"),
]
SKILLS = ["python", "javascript", "java", "typescript", "c-sharp", "c-plus-plus"]
LANGUAGES = ["english", "german", "french", "spanish", "portuguese", "italian"]
LEVELS = ["native", "c2", "c1", "b2", "b1", "a2"]
STATUSES = ["student", "graduate", "professional", "executive", "returner"]
CONTACT_STATES = ["pending", "approved", "declined", "revoked", "denied", "awaiting_credit"]


def _tid(tids: dict[tuple[str, str], int], vocabulary: str, alias: str) -> int | None:
    return tids.get((vocabulary, alias))


def _steps(index: int, tids: dict[tuple[str, str], int], first: str, last: str) -> dict[str, Any]:
    city, country = CITIES[index % len(CITIES)]
    alias, title = OCCUPATIONS[index % len(OCCUPATIONS)]
    languages = [{"tid": _tid(tids, "languages", "english"), "level": LEVELS[index % 3]}]
    second = LANGUAGES[1 + index % (len(LANGUAGES) - 1)]
    languages.append({"tid": _tid(tids, "languages", second), "level": LEVELS[3 + index % 3]})
    skills = [_tid(tids, "skills", SKILLS[(index + k) % len(SKILLS)]) for k in range(3)]
    return {
        "personal": {
            "salutation": ["mr", "ms", "mx"][index % 3],
            "first_name": first,
            "last_name": last,
            "phone": f"+49 30 555{index:04d}",
            "home_location": {"locality": city, "country_code": country},
            "about": f"{title} with {2 + index % 15} years in non-profits.",
        },
        "preferences": {
            "title": f"{title}, {2 + index % 15} years",
            "desired_occupation_tid": _tid(tids, "occupational_fields", alias),
            "employment_type_tids": [
                t for t in [_tid(tids, "employment_types", "full-time")] if t is not None
            ],
            "desired_location": {"locality": city, "country_code": country},
            "desired_salary": {"min": 30000 + 1000 * index, "currency": "EUR", "unit": "year"},
            "career_status": STATUSES[index % len(STATUSES)],
            "availability_periods": ["full_time"] if index % 2 else ["part_time", "evenings"],
        },
        "work": {
            "job_title": title,
            "company_name": f"Community Trust {index % 9 + 1}",
            "location": {"locality": city, "country_code": country},
            "start_date": f"{2010 + index % 12}-0{1 + index % 9}-01",
            "summary": f"Led {title.lower()} work for a regional charity.",
        },
        "education": {
            "institution": f"University of {city}",
            "degree_level_tid": _tid(tids, "degree_levels", "bachelor-s-degree"),
            "study_program": "Social sciences",
        },
        "languages": {"languages": [item for item in languages if item["tid"] is not None]},
        "skills": {
            "skill_tids": [tid for tid in skills if tid is not None],
            "skills_free": ["Fundraising", "Volunteer coordination"][: 1 + index % 2],
        },
    }


async def _ok(result: Resume | ResumeErrors, what: str) -> Resume:
    if isinstance(result, ResumeErrors):
        raise RuntimeError(f"demo resume refused ({what}): {result.errors}")
    return result


async def resume_from_steps(
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    steps: dict[str, Any],
    *,
    findable: bool,
    with_skills: bool,
) -> bool:
    """One resume through the wizard's use cases; False when the applicant has one already."""
    async with sessions() as session:
        if await profile.own_resume(session, principal) is not None:
            return False
    common: dict[str, Any] = {"sessions": sessions, "settings": settings, "principal": principal}
    who = principal.email or principal.user_id
    await _ok(await profile.save_personal_info(**common, data=steps["personal"]), who)
    await _ok(await profile.save_job_preferences(**common, data=steps["preferences"]), who)
    await _ok(await profile.add_entry(**common, kind="work_experience", data=steps["work"]), who)
    await _ok(await profile.add_entry(**common, kind="education", data=steps["education"]), who)
    await _ok(await profile.set_languages(**common, data=steps["languages"]), who)
    if with_skills:
        await _ok(await profile.set_skills(**common, data=steps["skills"]), who)
    await _ok(await visibility.set_findable(**common, findable=findable), who)
    return True


async def seed_demo_resumes(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    tids: dict[tuple[str, str], int],
    applicants: dict[str, tuple[uuid.UUID, str, str]],
    organizations: dict[str, tuple[uuid.UUID, int]],
    memberships: list[tuple[str, str, str]],
    stable_id: Callable[..., uuid.UUID],
) -> dict[str, int]:
    """Resumes and contact requests; answers the counts by kind."""
    # the read models organizations' events fill, written here so the seed needs no broker
    async with sessions() as session, session.begin():
        for name, (organization_id, number) in organizations.items():
            await apply_organization(
                session,
                known_organizations,
                organization_id=str(organization_id),
                number=number,
                name=name,
            )
        for organization_id, user_id, role in memberships:
            await apply_member_added(
                session, members, organization_id=organization_id, user_id=user_id, role=role
            )
    created = 0
    for index, (address, (user_id, first, last)) in enumerate(sorted(applicants.items())):
        principal = Principal(user_id=str(user_id), roles=frozenset({"applicant"}), email=address)
        steps = _steps(index, tids, first, last)
        created += await resume_from_steps(
            sessions, settings, principal, steps, findable=True, with_skills=True
        )
    for index in range(GENERATED):
        first = FIRST_NAMES[index % len(FIRST_NAMES)]
        last = LAST_NAMES[(index // len(FIRST_NAMES) + index) % len(LAST_NAMES)]
        principal = Principal(
            user_id=str(stable_id("demo-resume", str(index))),
            roles=frozenset({"applicant"}),
            email=f"{first.lower()}.{last.lower()}.{index}@applicants.example",
        )
        steps = _steps(index + 7, tids, first, last)
        created += await resume_from_steps(
            sessions,
            settings,
            principal,
            steps,
            findable=index % 7 != 3,
            with_skills=index % 11 != 5,
        )
    await _contact_requests(sessions, organizations, memberships, stable_id)
    async with sessions() as session:
        counts = {
            "resumes": int(await session.scalar(select(func.count(Resume.id))) or 0),
            "findable": int(
                await session.scalar(select(func.count(Resume.id)).where(Resume.findable)) or 0
            ),
            "new": created,
        }
        for status, count in await session.execute(
            select(ContactRequest.status, func.count()).group_by(ContactRequest.status)
        ):
            counts[f"contact requests {status}"] = int(count)
    return counts


async def _contact_requests(
    sessions: async_sessionmaker[AsyncSession],
    organizations: dict[str, tuple[uuid.UUID, int]],
    memberships: list[tuple[str, str, str]],
    stable_id: Callable[..., uuid.UUID],
) -> None:
    """Each demo organization asked for a few findable resumes, one request in each state."""
    recruiter_of = {organization_id: user_id for organization_id, user_id, _ in memberships}
    async with sessions() as session, session.begin():
        findable = list(
            await session.scalars(
                select(Resume.id).where(Resume.findable).order_by(Resume.created_at, Resume.id)
            )
        )
        for offset, (name, (organization_id, number)) in enumerate(sorted(organizations.items())):
            recruiter = recruiter_of.get(str(organization_id))
            if recruiter is None:
                continue
            for k, status in enumerate(CONTACT_STATES):
                resume_id = findable[(offset * len(CONTACT_STATES) + k) % len(findable)]
                await session.execute(
                    insert(ContactRequest)
                    .values(
                        id=stable_id("demo-contact", name, str(k)),
                        resume_id=resume_id,
                        organization_id=str(organization_id),
                        organization_number=number,
                        recruiter_id=recruiter,
                        status=status,
                        version=1 + CONTACT_STATES.index(status) % 3,
                        denied_reason="no_slots_left" if status == "denied" else None,
                    )
                    .on_conflict_do_nothing()
                )
