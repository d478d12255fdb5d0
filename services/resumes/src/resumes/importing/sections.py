"""A CV's text split into sections by their headings (English and German), and what came
before the first heading (the header: name and contact details, as a rule)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from resumes.importing.terms import fold

PERSONAL, SUMMARY, WORK, EDUCATION, LANGUAGES, SKILLS, OTHER = (
    "personal",
    "summary",
    "work",
    "education",
    "languages",
    "skills",
    "other",
)

_HEADINGS: dict[str, str] = {}
for _section, _heading_names in {
    PERSONAL: (
        "personal details",
        "personal information",
        "personal data",
        "contact",
        "contact details",
        "contact information",
        "persönliche daten",
        "persönliche angaben",
        "kontakt",
        "kontaktdaten",
        "angaben zur person",
    ),
    SUMMARY: (
        "profile",
        "summary",
        "professional summary",
        "about me",
        "about",
        "objective",
        "career objective",
        "profil",
        "über mich",
        "kurzprofil",
        "zusammenfassung",
    ),
    WORK: (
        "experience",
        "work experience",
        "professional experience",
        "employment",
        "employment history",
        "work history",
        "career history",
        "career",
        "relevant experience",
        "berufserfahrung",
        "berufliche erfahrung",
        "beruflicher werdegang",
        "werdegang",
        "berufspraxis",
        "praxiserfahrung",
        "berufliche stationen",
        "beruflicher hintergrund",
    ),
    EDUCATION: (
        "education",
        "academic background",
        "education and training",
        "qualifications",
        "academic qualifications",
        "ausbildung",
        "bildung",
        "bildungsweg",
        "schulbildung",
        "studium",
        "akademischer werdegang",
        "aus- und weiterbildung",
        "schul- und ausbildung",
        "ausbildung und studium",
    ),
    LANGUAGES: (
        "languages",
        "language skills",
        "language",
        "sprachen",
        "sprachkenntnisse",
        "fremdsprachen",
    ),
    SKILLS: (
        "skills",
        "technical skills",
        "key skills",
        "core skills",
        "core competencies",
        "competencies",
        "expertise",
        "tools",
        "skills and tools",
        "skills & tools",
        "kenntnisse",
        "fähigkeiten",
        "kompetenzen",
        "it-kenntnisse",
        "fachkenntnisse",
        "fähigkeiten und kenntnisse",
        "kenntnisse und fähigkeiten",
        "edv-kenntnisse",
        "technische fähigkeiten",
        "technologien",
    ),
    OTHER: (
        "interests",
        "hobbies",
        "interessen",
        "hobbys",
        "references",
        "referenzen",
        "certifications",
        "certificates",
        "zertifikate",
        "projects",
        "projekte",
        "awards",
        "auszeichnungen",
        "volunteering",
        "ehrenamt",
        "publications",
        "publikationen",
        "weiterbildung",
        "further training",
        "courses",
        "kurse",
    ),
}.items():
    for _heading_name in _heading_names:
        _HEADINGS[fold(_heading_name)] = _section

_HEADING_DECORATION = " \t:|•·*#/\\>~<[](){}-\u2013\u2014_=."


@dataclass
class _Sections:
    header: list[str] = field(default_factory=list)  # before the first heading
    found: dict[str, list[str]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)


def section_heading(line: str) -> tuple[str, str] | None:
    """(section, text after the heading on the same line) when the line is a heading."""
    text = line.strip(_HEADING_DECORATION)
    section = _HEADINGS.get(fold(text)) if len(text) <= 60 else None
    if section is not None:
        return section, ""
    if ":" in text:
        before, after = text.split(":", 1)
        section = _HEADINGS.get(fold(before.strip(_HEADING_DECORATION)))
        if section is not None and section in (SKILLS, LANGUAGES, SUMMARY):
            return section, after.strip()
    return None


def split_sections(lines: Sequence[str]) -> _Sections:
    sections = _Sections()
    current: list[str] = sections.header
    for line in lines:
        heading = section_heading(line)
        if heading is None:
            current.append(line)
            continue
        name, rest = heading
        current = sections.found.setdefault(name, [])
        if name not in sections.order:
            sections.order.append(name)
        if rest:
            current.append(rest)
    return sections
