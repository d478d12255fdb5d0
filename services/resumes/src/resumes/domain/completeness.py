"""When a resume is complete (spec: only findable, sufficiently complete resumes are searchable).

A resume is complete when a recruiter can judge it and the applicant can be contacted once they
agree: a name (private until a contact request is approved), a headline, what they look for
(occupation, career status, where), at least one work experience or education entry, at least
one language and at least one skill. Each rule is one item of ``missing``; ``percent`` is the
share met. Fields the site's resume configuration nulls are never asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from resumes.domain.models import Resume


class Missing(StrEnum):
    FIRST_NAME = "first_name"
    LAST_NAME = "last_name"
    TITLE = "title"
    DESIRED_OCCUPATION = "desired_occupation"
    CAREER_STATUS = "career_status"
    DESIRED_LOCATION = "desired_location"
    EXPERIENCE_OR_EDUCATION = "experience_or_education"
    LANGUAGES = "languages"
    SKILLS = "skills"


RULES: tuple[tuple[Missing, Callable[[Resume], bool]], ...] = (
    (Missing.FIRST_NAME, lambda r: bool(r.first_name)),
    (Missing.LAST_NAME, lambda r: bool(r.last_name)),
    (Missing.TITLE, lambda r: bool(r.title)),
    (Missing.DESIRED_OCCUPATION, lambda r: r.desired_occupation_tid is not None),
    (Missing.CAREER_STATUS, lambda r: bool(r.career_status)),
    (Missing.DESIRED_LOCATION, lambda r: bool(r.desired_location)),
    (Missing.EXPERIENCE_OR_EDUCATION, lambda r: bool(r.work_experience or r.education)),
    (Missing.LANGUAGES, lambda r: bool(r.languages or r.languages_free)),
    (Missing.SKILLS, lambda r: bool(r.skill_tids or r.skills_free)),
)


@dataclass(frozen=True)
class Completeness:
    percent: int
    missing: list[Missing]

    @property
    def complete(self) -> bool:
        return not self.missing


def completeness(resume: Resume) -> Completeness:
    missing = [item for item, met in RULES if not met(resume)]
    percent = round(100 * (len(RULES) - len(missing)) / len(RULES))
    return Completeness(percent=percent, missing=missing)


def searchable(resume: Resume) -> bool:
    """Recruiters may find it: the applicant made it findable and it is complete."""
    return resume.findable and completeness(resume).complete
