"""JSON Resume (https://jsonresume.org/schema, v1): reading one into a draft, writing a draft out.

Read: ``basics``, ``work``, ``education``, ``languages`` and ``skills`` (the rest is ignored);
nothing is required, and an entry of the wrong shape is skipped and named in ``problems``. A
section with more than :data:`MAX_ENTRIES` entries refuses the whole file before anything is read
from it, as does a file nested deeper than JSON can sensibly be.
"""

from __future__ import annotations

import json
import re
from typing import Any

from jobkit.uploads.checks import RejectionCode, UploadRejected

from resumes.importing.model import (
    EducationEntry,
    LanguageEntry,
    PersonalInfo,
    ResumeDraft,
    SkillEntry,
    WorkEntry,
    YearMonth,
)
from resumes.importing.terms import SkillMatcher, cefr_level, language_code

SCHEMA_URL = "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json"
MAX_ENTRIES = 200  # per section (work, education, skills, a skill's keywords, languages)
MAX_TEXT = 10_000  # characters kept from one text field
_SECTIONS = ("work", "education", "languages", "skills")
_ISO_DATE = re.compile(r"^(?P<year>\d{4})(?:-(?P<month>\d{2})(?:-(?P<day>\d{2}))?)?")


def parse(data: bytes) -> dict[str, Any]:
    """The document as a dict, or a refusal: not JSON, not an object, or too many entries."""
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise UploadRejected(
            RejectionCode.CORRUPT, "The JSON Resume file is not valid JSON."
        ) from error
    if not isinstance(document, dict):
        raise UploadRejected(
            RejectionCode.UNSUPPORTED_TYPE, "The JSON file is not a JSON Resume document."
        )
    for section in _SECTIONS:
        entries = document.get(section)
        if isinstance(entries, list):
            _check_count(section, entries)
            if section == "skills":
                for skill in entries:
                    if isinstance(skill, dict) and isinstance(skill.get("keywords"), list):
                        _check_count("skills keywords", skill["keywords"])
    return document


def _check_count(section: str, entries: list[Any]) -> None:
    if len(entries) > MAX_ENTRIES:
        raise UploadRejected(
            RejectionCode.TOO_COMPLEX,
            f'The JSON Resume has {len(entries):,} entries in "{section}"; at most '
            f"{MAX_ENTRIES} per section can be imported, so nothing was imported.",
        )


def read(document: dict[str, Any], *, matcher: SkillMatcher) -> ResumeDraft:
    problems: list[str] = []
    basics = document.get("basics")
    if basics is not None and not isinstance(basics, dict):
        problems.append('"basics" is not an object, so the name and contact details were not read.')
        basics = None
    basics = basics or {}
    first, last = _split_name(_text(basics.get("name")))
    location = basics.get("location")
    city = _text(location.get("city")) if isinstance(location, dict) else None
    personal = PersonalInfo(
        first_name=first,
        last_name=last,
        email=_text(basics.get("email")),
        phone=_text(basics.get("phone")),
        city=city,
    )
    return ResumeDraft(
        source="json_resume",
        personal=personal,
        headline=_text(basics.get("label")),
        summary=_text(basics.get("summary")),
        work=tuple(_work(document.get("work"), problems)),
        education=tuple(_education(document.get("education"), problems)),
        languages=tuple(_languages(document.get("languages"), problems)),
        skills=tuple(_skills(document.get("skills"), matcher, problems)),
        problems=tuple(problems),
    )


def _text(value: Any) -> str | None:
    if isinstance(value, str):
        text = value.strip()[:MAX_TEXT]
        return text or None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return None


def _split_name(name: str | None) -> tuple[str | None, str | None]:
    if not name:
        return None, None
    words = name.split()
    if len(words) == 1:
        return None, words[0]
    return " ".join(words[:-1]), words[-1]


def _date(value: Any, where: str, problems: list[str]) -> YearMonth | None:
    text = _text(value)
    if text is None:
        return None
    match = _ISO_DATE.match(text)
    if match is not None:
        year = int(match.group("year"))
        month = int(match.group("month")) if match.group("month") else None
        if 1900 <= year <= 2100 and (month is None or 1 <= month <= 12):
            return YearMonth(year, month)
    problems.append(f'{where}: the date "{text[:40]}" could not be read.')
    return None


def _entries(value: Any, section: str, problems: list[str]) -> list[tuple[int, dict[str, Any]]]:
    if value is None:
        return []
    if not isinstance(value, list):
        problems.append(f'"{section}" is not a list, so it was not read.')
        return []
    entries = []
    for number, entry in enumerate(value, start=1):
        if isinstance(entry, dict):
            entries.append((number, entry))
        else:
            problems.append(f'"{section}" entry {number} is not an object, so it was not read.')
    return entries


def _work(value: Any, problems: list[str]) -> list[WorkEntry]:
    work = []
    for number, entry in _entries(value, "work", problems):
        where = f"Work experience entry {number}"
        start = _date(entry.get("startDate"), where, problems)
        end = _date(entry.get("endDate"), where, problems)
        highlights = entry.get("highlights")
        lines = [_text(entry.get("summary")) or _text(entry.get("description"))]
        if isinstance(highlights, list):
            lines.extend(_text(item) for item in highlights[:MAX_ENTRIES])
        description = "\n".join(line for line in lines if line) or None
        work.append(
            WorkEntry(
                title=_text(entry.get("position")),
                employer=_text(entry.get("name")) or _text(entry.get("company")),
                start=start,
                end=end,
                current=start is not None and entry.get("endDate") in (None, ""),
                description=description,
            )
        )
    return work


def _education(value: Any, problems: list[str]) -> list[EducationEntry]:
    education = []
    for number, entry in _entries(value, "education", problems):
        where = f"Education entry {number}"
        start = _date(entry.get("startDate"), where, problems)
        end = _date(entry.get("endDate"), where, problems)
        study_type, area = _text(entry.get("studyType")), _text(entry.get("area"))
        degree = ", ".join(part for part in (study_type, area) if part) or None
        education.append(
            EducationEntry(
                degree=degree,
                institution=_text(entry.get("institution")),
                start=start,
                end=end,
                current=start is not None and entry.get("endDate") in (None, ""),
            )
        )
    return education


def _languages(value: Any, problems: list[str]) -> list[LanguageEntry]:
    languages = []
    for number, entry in _entries(value, "languages", problems):
        name = _text(entry.get("language"))
        if name is None:
            problems.append(f"Language entry {number} has no language, so it was not read.")
            continue
        level = _text(entry.get("fluency"))
        languages.append(
            LanguageEntry(name=name, code=language_code(name), level=level, cefr=cefr_level(level))
        )
    return languages


def _skills(value: Any, matcher: SkillMatcher, problems: list[str]) -> list[SkillEntry]:
    skills: list[SkillEntry] = []
    seen: set[str] = set()
    for _, entry in _entries(value, "skills", problems):
        names = [_text(entry.get("name"))]
        keywords = entry.get("keywords")
        if isinstance(keywords, list):
            names.extend(_text(keyword) for keyword in keywords)
        for name in names:
            if not name:
                continue
            skill = matcher.match(name[:200])
            key = skill.term_id or skill.label.casefold()
            if key not in seen:
                seen.add(key)
                skills.append(skill)
    return skills


# --- export ----------------------------------------------------------------------------------


def export(draft: ResumeDraft) -> dict[str, Any]:
    """A JSON Resume document (schema v1) of ``draft``; empty fields are left out."""
    personal = draft.personal
    name = " ".join(part for part in (personal.first_name, personal.last_name) if part)
    basics = _compact(
        {
            "name": name or None,
            "label": draft.headline,
            "email": personal.email,
            "phone": personal.phone,
            "summary": draft.summary,
            "location": _compact({"city": personal.city}) or None,
        }
    )
    document: dict[str, Any] = {"$schema": SCHEMA_URL}
    if basics:
        document["basics"] = basics
    work = [
        _compact(
            {
                "name": entry.employer,
                "position": entry.title,
                "startDate": entry.start.iso() if entry.start else None,
                "endDate": None if entry.current or entry.end is None else entry.end.iso(),
                "summary": entry.description,
            }
        )
        for entry in draft.work
    ]
    education = [
        _compact(
            {
                "institution": entry.institution,
                "studyType": entry.degree,
                "startDate": entry.start.iso() if entry.start else None,
                "endDate": None if entry.current or entry.end is None else entry.end.iso(),
            }
        )
        for entry in draft.education
    ]
    languages = [
        _compact({"language": entry.name, "fluency": entry.level or entry.cefr})
        for entry in draft.languages
    ]
    skills = [{"name": skill.label} for skill in draft.skills]
    for key, items in (
        ("work", work),
        ("education", education),
        ("languages", languages),
        ("skills", skills),
    ):
        if items:
            document[key] = items
    document["meta"] = {"version": "v1.0.0"}
    return document


def _compact(values: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in values.items() if value not in (None, "", {}, [])}
