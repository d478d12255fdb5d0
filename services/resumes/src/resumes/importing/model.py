"""The draft an import produces: what could be read from a CV, for the applicant to confirm.

Everything is optional; nothing here is trusted. ``problems`` says in plain words what could not
be read, so the wizard can show it beside the prefilled fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class YearMonth:
    """A date as CVs give it: a year, often a month, rarely a day (the day is dropped)."""

    year: int
    month: int | None = None

    def iso(self) -> str:
        """``YYYY`` or ``YYYY-MM``, the forms the JSON Resume schema accepts."""
        return f"{self.year:04d}" if self.month is None else f"{self.year:04d}-{self.month:02d}"


@dataclass(frozen=True)
class PersonalInfo:
    first_name: str | None = None
    last_name: str | None = None
    email: str | None = None
    phone: str | None = None
    city: str | None = None


@dataclass(frozen=True)
class WorkEntry:
    title: str | None = None
    employer: str | None = None
    start: YearMonth | None = None
    end: YearMonth | None = None
    current: bool = False  # "present", "heute", "seit 2021": no end
    description: str | None = None


@dataclass(frozen=True)
class EducationEntry:
    degree: str | None = None  # the degree and/or field, as written ("MSc Computer Science")
    institution: str | None = None
    start: YearMonth | None = None
    end: YearMonth | None = None
    current: bool = False


@dataclass(frozen=True)
class LanguageEntry:
    name: str  # as written ("Deutsch", "English")
    code: str | None = None  # ISO 639-1 when the name is known ("de", "en")
    level: str | None = None  # as written ("fluent", "Muttersprache", "C1")
    cefr: str | None = None  # A1..C2, or "native", when the level could be mapped


@dataclass(frozen=True)
class SkillEntry:
    label: str  # the vocabulary term's label when matched, the text as written otherwise
    term_id: str | None = None  # None: free text


@dataclass(frozen=True)
class VocabularyTerm:
    """One term of the skills vocabulary the caller passes in."""

    term_id: str
    label: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class ResumeDraft:
    """What an import read (or what an export writes), in the order the CV gave it."""

    source: str  # "pdf", "docx", "json_resume", or "profile" for an export
    personal: PersonalInfo = field(default_factory=PersonalInfo)
    headline: str | None = None
    summary: str | None = None
    work: tuple[WorkEntry, ...] = ()
    education: tuple[EducationEntry, ...] = ()
    languages: tuple[LanguageEntry, ...] = ()
    skills: tuple[SkillEntry, ...] = ()
    problems: tuple[str, ...] = ()
