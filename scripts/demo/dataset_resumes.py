"""The data set's resumes (scripts/dataset.py): applicants spread over every occupation, skill
and language of the vocabularies, the data set's cities, career statuses and years of
experience, made through the resumes service's wizard use cases like the demo's resumes, so
each reaches search's index through the outbox.

Most are findable and complete; about one in seven is not findable and one in fourteen lacks
its skills (incomplete), so the index holds hidden ones too, as a real board's does. The
applicants have no account; their addresses end in ``@resumes.dataset.example``, which is how
``remove`` finds them again.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from jobkit.auth import Principal
from jobkit.db import make_engine, make_sessionmaker
from resumes.db import terms as resumes_terms
from resumes.domain import profile
from resumes.domain.errors import ResumeErrors
from resumes.domain.models import Resume
from resumes.settings import get_settings as resumes_settings
from search.settings import get_settings as search_settings
from sqlalchemy import func, select

from demo.jobs_data import CITIES
from demo.seed_organizations import copy_vocabulary
from demo.seed_resumes import FIRST_NAMES, LAST_NAMES, LEVELS, STATUSES, resume_from_steps

DOMAIN = "resumes.dataset.example"
NAMESPACE = uuid.UUID("5b0f3f52-7d1e-4c1a-9a57-2f4d1f0c9e11")
SEED = 23_000
ROLES = ("coordinator", "officer", "manager", "assistant", "specialist", "lead", "advisor")
EMPLOYERS = ("Trust", "Foundation", "Alliance", "Network", "Council", "Association", "Project")
SUBJECTS = (
    "Social sciences", "Public policy", "Economics", "Computer science", "Law", "Education",
    "Environmental science", "Communication", "Nursing", "Business administration",
)  # fmt: skip
FREE_SKILLS = (
    "Fundraising", "Volunteer coordination", "Grant writing", "Event planning", "Budgeting",
    "Stakeholder engagement", "Data analysis", "Public speaking", "Case management",
)  # fmt: skip
PERIODS = (["full_time"], ["part_time"], ["part_time", "evenings"], ["full_time", "weekends"])

Bounded = Callable[[int, Sequence[int], Callable[[int], Awaitable[Any]]], Awaitable[None]]


def _names(index: int) -> tuple[str, str]:
    return (
        FIRST_NAMES[index % len(FIRST_NAMES)],
        LAST_NAMES[(index // len(FIRST_NAMES)) % len(LAST_NAMES)],
    )


def applicant(index: int) -> Principal:
    """The data set's `index`-th applicant (the same on every run)."""
    first, last = _names(index)
    return Principal(
        user_id=str(uuid.uuid5(NAMESPACE, f"dataset-resume-{index}")),
        roles=frozenset({"applicant"}),
        email=f"{first.lower()}.{last.lower()}.{index}@{DOMAIN}",
    )


def _aliases(tids: dict[tuple[str, str], int], vocabulary: str) -> list[str]:
    return sorted(alias for kind, alias in tids if kind == vocabulary)


def resume_steps(index: int, tids: dict[tuple[str, str], int]) -> tuple[dict[str, Any], bool, bool]:
    """The wizard's steps of the `index`-th resume, whether it is findable, whether it has its
    skills (else it is incomplete)."""
    rng = random.Random(SEED + index)  # noqa: S311 - demo data, repeatable on purpose
    country = rng.choice(sorted(CITIES))
    city, _area = rng.choice(CITIES[country])
    occupations = _aliases(tids, "occupational_fields")
    occupation = rng.choice(occupations)
    label = occupation.replace("-and-", " and ").replace("-", " ")
    years = rng.randrange(0, 25)
    title = f"{label.capitalize()} {rng.choice(ROLES)}"
    first, last = _names(index)
    languages = [{"tid": tids.get(("languages", "english")), "level": rng.choice(LEVELS[:3])}]
    others = [alias for alias in _aliases(tids, "languages") if alias != "english"]
    for other in rng.sample(others, k=min(len(others), rng.randrange(0, 3))):
        languages.append({"tid": tids[("languages", other)], "level": rng.choice(LEVELS)})
    skills = _aliases(tids, "skills")
    picked = rng.sample(skills, k=min(len(skills), rng.randrange(2, 7)))
    employment = [
        tids[("employment_types", alias)]
        for alias in rng.sample(_aliases(tids, "employment_types"), k=1)
    ]
    degree = rng.choice(_aliases(tids, "degree_levels") or [""])
    steps: dict[str, Any] = {
        "personal": {
            "salutation": rng.choice(["mr", "ms", "mx"]),
            "first_name": first,
            "last_name": last,
            "phone": f"+49 30 7{index:07d}",
            "home_location": {"locality": city, "country_code": country},
            "about": f"{title} with {years} years of experience in {label}.",
        },
        "preferences": {
            "title": f"{title}, {years} years",
            "desired_occupation_tid": tids[("occupational_fields", occupation)],
            "employment_type_tids": employment,
            "desired_location": {"locality": city, "country_code": country},
            "desired_salary": {
                "min": 25_000 + 1_000 * rng.randrange(0, 60),
                "currency": "EUR",
                "unit": "year",
            },
            "career_status": rng.choice(STATUSES),
            "availability_periods": rng.choice(PERIODS),
        },
        "work": {
            "job_title": title,
            "company_name": f"{city} {label.title()} {rng.choice(EMPLOYERS)}",
            "location": {"locality": city, "country_code": country},
            "start_date": f"{2025 - years}-{rng.randrange(1, 13):02d}-01",
            "summary": f"Led {label} work: {', '.join(rng.sample(FREE_SKILLS, k=2)).lower()}.",
        },
        "education": {
            "institution": f"University of {city}",
            "degree_level_tid": tids.get(("degree_levels", degree)),
            "study_program": rng.choice(SUBJECTS),
        },
        "languages": {"languages": [item for item in languages if item["tid"] is not None]},
        "skills": {
            "skill_tids": [tids[("skills", alias)] for alias in picked],
            "skills_free": rng.sample(FREE_SKILLS, k=rng.randrange(0, 3)),
        },
    }
    return steps, rng.random() >= 1 / 7, rng.random() >= 1 / 14


async def make_resumes(count: int, concurrency: int, bounded: Bounded) -> int:
    """The data set's first `count` resumes that are missing; answers how many it holds now."""
    settings = resumes_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    search_sessions = make_sessionmaker(make_engine(search_settings().database_url))
    tids = await copy_vocabulary(search_sessions, sessions, table=resumes_terms)

    async def make(index: int) -> None:
        principal = applicant(index)
        steps, findable, with_skills = resume_steps(index, tids)
        await resume_from_steps(
            sessions, settings, principal, steps, findable=findable, with_skills=with_skills
        )

    print(f"resumes: up to {count} to make", flush=True)  # noqa: T201
    await bounded(concurrency, range(count), make)
    async with sessions() as session:
        held = await session.scalar(
            select(func.count()).where(Resume.owner_email.like(f"%@{DOMAIN}"))
        )
    return int(held or 0)


async def remove_resumes() -> int:
    """Delete the data set's resumes through the applicant's own use case (its event takes the
    document out of the index); answers how many."""
    settings = resumes_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    async with sessions() as session:
        rows = (
            await session.execute(
                select(Resume.owner_id, Resume.owner_email).where(
                    Resume.owner_email.like(f"%@{DOMAIN}")
                )
            )
        ).all()
    for owner_id, email in rows:
        principal = Principal(user_id=str(owner_id), roles=frozenset({"applicant"}), email=email)
        answer = await profile.delete_resume(
            sessions=sessions, settings=settings, principal=principal
        )
        if isinstance(answer, ResumeErrors):
            raise RuntimeError(f"resume of {email} not deleted: {answer.errors}")
    return len(rows)
