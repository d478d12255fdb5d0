"""Field-by-field comparison of a draft with what a generated CV holds."""

from __future__ import annotations

from dataclasses import dataclass, field

from resumes.importing import ResumeDraft
from resumes.importing.terms import fold

from services.resumes.tests.importing.corpus import Person


@dataclass
class Score:
    correct: int = 0
    total: int = 0
    misses: list[str] = field(default_factory=list)

    def check(self, what: str, expected: object, found: object) -> None:
        self.total += 1
        same = (
            fold(expected) == fold(found)
            if isinstance(expected, str) and isinstance(found, str)
            else expected == found
        )
        if same:
            self.correct += 1
        else:
            self.misses.append(f"{what}: expected {expected!r}, found {found!r}")

    @property
    def share(self) -> float:
        return self.correct / self.total if self.total else 0.0


def score(person: Person, draft: ResumeDraft, into: Score | None = None) -> Score:
    result = into or Score()
    personal = draft.personal
    result.check("first name", person.first_name, personal.first_name)
    result.check("last name", person.last_name, personal.last_name)
    result.check("email", person.email, personal.email)
    result.check("phone", person.phone, personal.phone)
    result.check("city", person.city, personal.city)
    result.check("work entries", len(person.jobs), len(draft.work))
    for number, job in enumerate(person.jobs):
        found = draft.work[number] if number < len(draft.work) else None
        result.check(f"work {number} title", job.title, found and found.title)
        result.check(f"work {number} employer", job.employer, found and found.employer)
        result.check(f"work {number} start", job.start, found and found.start)
        result.check(
            f"work {number} end", (job.end, job.current), found and (found.end, found.current)
        )
    result.check("education entries", len(person.studies), len(draft.education))
    for number, study in enumerate(person.studies):
        found_study = draft.education[number] if number < len(draft.education) else None
        result.check(f"education {number} degree", study.degree, found_study and found_study.degree)
        result.check(
            f"education {number} institution",
            study.institution,
            found_study and found_study.institution,
        )
        result.check(
            f"education {number} dates",
            (study.start, study.end),
            found_study and (found_study.start, found_study.end),
        )
    languages = {entry.code: entry for entry in draft.languages}
    for name, _, code, cefr in person.languages:
        entry = languages.get(code)
        result.check(f"language {name}", code, entry and entry.code)
        result.check(f"language {name} level", cefr, entry and entry.cefr)
    skills_by_term = {skill.term_id for skill in draft.skills if skill.term_id}
    free_text = {fold(skill.label) for skill in draft.skills if skill.term_id is None}
    for written, term_id in person.skills:
        if term_id is not None:
            result.check(
                f"skill {written}", term_id, term_id if term_id in skills_by_term else None
            )
        else:
            result.check(f"skill {written} (free text)", True, fold(written) in free_text)
    return result
