"""From lines of CV text to a draft: sections by their headings, entries by their date ranges.

A heuristic reader (like OpenResume's): headings in English and German split the text into
sections; in experience and education a date range starts an entry, and the short lines next to
it are its title and employer (or degree and institution), the rest its description. The
applicant confirms every field, and every field it could not find is named in ``problems``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from resumes.importing.dates import DateRange, find_range
from resumes.importing.model import (
    EducationEntry,
    LanguageEntry,
    ResumeDraft,
    SkillEntry,
    WorkEntry,
)
from resumes.importing.personal import COMPANY, personal_info
from resumes.importing.sections import (
    EDUCATION,
    LANGUAGES,
    PERSONAL,
    SKILLS,
    SUMMARY,
    WORK,
    split_sections,
)
from resumes.importing.terms import SkillMatcher, fold, read_language

_BULLET = re.compile(r"^[•\-\u2013\u2014*▪●◦·\u203a>]\s*")
_INSTITUTION = re.compile(
    r"\b(?:university|universit[äa]t|uni|college|school|institute|institut|academy|akademie"
    r"|polytechnic|conservatory|tu|th|fh|lmu|rwth|kit|eth|ucl)\b"
    # German compounds: Fachhochschule, Berufsfachschule, Wirtschaftsuniversität, Berufskolleg
    r"|\w*(?:schule|universit[äa]t|akademie|kolleg|gymnasium|seminar)\b",
    re.IGNORECASE,
)
_DEGREE = re.compile(
    r"^(?:ausbildung|umschulung|bachelor|master|diplom|magister|abitur|fachabitur|promotion"
    r"|doktor|staatsexamen|meister|ba|ma|bsc|msc|b\.\s?sc|m\.\s?sc|b\.\s?a|m\.\s?a|meng"
    r"|beng|phd|ph\.d|mba|llb|llm|gcse|a-levels?|certificate|diploma|hnd|btec|nvq)\b",
    re.IGNORECASE,
)
# Words of job titles (also inside German compounds: "Softwareentwicklerin", "Teamleiter").
_TITLE = re.compile(
    r"engineer|developer|manager|administrator|analyst|consultant|designer|assistant"
    r"|specialist|intern\b|director|\blead\b|head of|officer|coordinator|clerk|nurse|teacher"
    r"|technician|architect|accountant|scientist|executive|representative|advisor|operator"
    r"|entwickler|leiter|berater|ingenieur|sachbearbeiter|kauffrau|kaufmann|fachkraft|pfleger"
    r"|zeichner|buchhalter|referent|assistenz|praktikant|werkstudent|mitarbeiter|techniker"
    r"|logistiker|verk[äa]ufer|erzieher|lehrer|arzt|[äa]rztin|koch|k[öo]chin|monteur|fahrer",
    re.IGNORECASE,
)
_INLINE_SPLIT = re.compile(r"\s+(?:at|bei|@|\||\u2013|\u2014|-)\s+|,\s+|\s+\|\s*")


def read_lines(
    lines: Sequence[str], *, source: str, matcher: SkillMatcher, problems: Sequence[str] = ()
) -> ResumeDraft:
    issues = list(problems)
    sections = split_sections(lines)
    if not sections.order and lines:
        issues.append(
            "No section headings (experience, education, languages, skills) were recognised, "
            "so only the contact details could be read."
        )
    contact_lines = sections.header + sections.found.get(PERSONAL, [])
    personal = personal_info(contact_lines, list(lines), issues)
    work = _work(sections.found.get(WORK), issues)
    education = _education(sections.found.get(EDUCATION), issues)
    languages = _languages(sections.found.get(LANGUAGES), issues)
    skills = _skills(sections.found.get(SKILLS), matcher, issues)
    summary_lines = sections.found.get(SUMMARY)
    summary = " ".join(summary_lines) if summary_lines else None
    return ResumeDraft(
        source=source,
        personal=personal,
        summary=summary,
        work=work,
        education=education,
        languages=languages,
        skills=skills,
        problems=tuple(issues),
    )


# --- entries ---------------------------------------------------------------------------------


@dataclass
class _RawEntry:
    dates: DateRange | None
    parts: list[str]
    description: list[str]


def _is_bullet(line: str) -> bool:
    return bool(_BULLET.match(line))


def _is_header_like(line: str) -> bool:
    return not _is_bullet(line) and len(line) <= 80 and not line.rstrip().endswith(".")


def _remainder(line: str, dates: DateRange) -> list[str]:
    left, right = line[: dates.span[0]], line[dates.span[1] :]
    parts: list[str] = []
    for piece in (left, right):
        piece = piece.strip(" \t|,;:()[]-\u2013\u2014•·")
        if piece:
            parts.extend(part for part in _split_inline(piece) if part)
    return parts


def _split_inline(text: str) -> list[str]:
    return [
        part.strip(" \t|,;:-\u2013\u2014") for part in _INLINE_SPLIT.split(text) if part.strip()
    ]


def _entries(lines: list[str], *, lone_dates: bool) -> list[_RawEntry] | None:
    """Split a section's lines into entries at their date ranges; None when none is found."""
    dated: list[tuple[int, DateRange]] = []
    for index, line in enumerate(lines):
        found = find_range(line)
        if found is None:
            continue
        if found.single:
            # a lone year counts only in education, on a short line, at its start or end
            if not lone_dates or len(line) > 60:
                continue
            if found.span[0] > 0 and found.span[1] < len(line.rstrip(" )")):
                continue
        dated.append((index, found))
    if not dated:
        return None
    first_index = dated[0][0]
    dates_first = not any(_is_header_like(line) for line in lines[:first_index])
    entries: list[_RawEntry] = []
    if dates_first:
        bounds = [index for index, _ in dated] + [len(lines)]
        for (index, found), stop in zip(dated, bounds[1:], strict=True):
            parts = _remainder(lines[index], found)
            position = index + 1
            while len(parts) < 2 and position < stop and _is_header_like(lines[position]):
                parts.extend(_split_inline(lines[position]) if not parts else [lines[position]])
                position += 1
            entries.append(_RawEntry(found, parts, lines[position:stop]))
        return entries
    # the title lines come before the dates: take up to two short lines above each date line
    starts: list[int] = []
    heads: list[list[str]] = []
    previous_end = 0
    for index, found in dated:
        parts = _remainder(lines[index], found)
        start = index
        while (
            len(parts) + (index - start) < 2
            and start - 1 >= previous_end
            and _is_header_like(lines[start - 1])
        ):
            start -= 1
        above = lines[start:index]
        if len(above) == 1 and not parts:
            above = _split_inline(above[0])
        heads.append(above + parts)
        starts.append(start)
        previous_end = index + 1
    stops = starts[1:] + [len(lines)]
    for (index, found), head, stop in zip(dated, heads, stops, strict=True):
        entries.append(_RawEntry(found, head, lines[index + 1 : stop]))
    return entries


def _description(lines: list[str]) -> str | None:
    text = "\n".join(_BULLET.sub("", line) for line in lines).strip()
    return text or None


def _clean_employer(text: str) -> str:
    """ "ACME GmbH, Berlin" -> "ACME GmbH" (a trailing place after a company name)."""
    pieces = [piece.strip() for piece in text.split(",")]
    if len(pieces) >= 2 and COMPANY.search(pieces[0]) and not COMPANY.search(pieces[-1]):
        return ", ".join(pieces[:-1])
    return text.strip()


def _work(lines: list[str] | None, issues: list[str]) -> tuple[WorkEntry, ...]:
    if lines is None:
        issues.append("No work experience section was found.")
        return ()
    raw = _entries(lines, lone_dates=False)
    if raw is None:
        issues.append("The work experience section has no dates, so no entries could be read.")
        return ()
    entries = []
    for number, entry in enumerate(raw, start=1):
        title, employer = _title_and_employer(entry.parts)
        if title is None or employer is None:
            missing = "title" if title is None else "employer"
            issues.append(f"Work experience entry {number}: the {missing} could not be read.")
        dates = entry.dates
        entries.append(
            WorkEntry(
                title=title,
                employer=_clean_employer(employer) if employer else None,
                start=dates.start if dates else None,
                end=dates.end if dates else None,
                current=dates.current if dates else False,
                description=_description(entry.description),
            )
        )
    return tuple(entries)


def _title_and_employer(parts: list[str]) -> tuple[str | None, str | None]:
    parts = [part for part in parts if part]
    if not parts:
        return None, None
    if len(parts) == 1:
        return parts[0], None
    first, second = parts[0], parts[1]
    first_title, second_title = bool(_TITLE.search(first)), bool(_TITLE.search(second))
    if first_title != second_title:
        return (first, second) if first_title else (second, first)
    if COMPANY.search(first) and not COMPANY.search(second):
        return second, first
    return first, second


def _education(lines: list[str] | None, issues: list[str]) -> tuple[EducationEntry, ...]:
    if lines is None:
        issues.append("No education section was found.")
        return ()
    raw = _entries(lines, lone_dates=True)
    if raw is None:
        issues.append("The education section has no dates, so no entries could be read.")
        return ()
    entries = []
    for number, entry in enumerate(raw, start=1):
        degree, institution = _degree_and_institution(entry.parts)
        if degree is None or institution is None:
            missing = "degree" if degree is None else "institution"
            issues.append(f"Education entry {number}: the {missing} could not be read.")
        dates = entry.dates
        start = end = None
        if dates is not None:
            # a lone year on an education entry is when it ended ("MSc, 2015")
            start, end = (None, dates.start) if dates.single else (dates.start, dates.end)
        entries.append(
            EducationEntry(
                degree=degree,
                institution=institution,
                start=start,
                end=end,
                current=dates.current if dates else False,
            )
        )
    return tuple(entries)


def _degree_and_institution(parts: list[str]) -> tuple[str | None, str | None]:
    parts = [part for part in parts if part]
    if not parts:
        return None, None
    if len(parts) == 1:
        if _INSTITUTION.search(parts[0]):
            return None, parts[0]
        return parts[0], None
    first, second = parts[0], parts[1]
    first_degree, second_degree = bool(_DEGREE.search(first)), bool(_DEGREE.search(second))
    if first_degree != second_degree:
        return (first, second) if first_degree else (second, first)
    if _INSTITUTION.search(first) and not _INSTITUTION.search(second):
        return second, first
    return first, second


# --- languages and skills --------------------------------------------------------------------


def _items(lines: list[str]) -> list[str]:
    items: list[str] = []
    for line in lines:
        text = _BULLET.sub("", line)
        if ":" in text:  # "Programming: Python, Go" -> the list after the label
            label, after = text.split(":", 1)
            if len(label.split()) <= 3 and after.strip():
                text = after
        # " / " separates ("Python / SQL"), a slash inside a word does not ("CI/CD")
        parts = re.split(r"\s*[,;•·|▪●]\s*|\s+/\s+", text)
        items.extend(item.strip() for item in parts if item.strip())
    return items


def _languages(lines: list[str] | None, issues: list[str]) -> tuple[LanguageEntry, ...]:
    if lines is None:
        issues.append("No languages section was found.")
        return ()
    entries: list[LanguageEntry] = []
    unread = []
    for line in lines:
        text = _BULLET.sub("", line)
        # "German (native), English (C1)" and "Deutsch - Muttersprache" alike
        for item in re.split(r"\s*[,;•·|]\s*(?![^()]*\))", text):
            if not item.strip():
                continue
            entry = read_language(item)
            if entry is None:
                unread.append(item.strip())
            elif entry.code is None and entries and entries[-1].level is None:
                # "English" on one line, "fluent" on the next
                entries[-1] = read_language(f"{entries[-1].name} {item}") or entries[-1]
            else:
                entries.append(entry)
    if unread:
        issues.append("Some lines of the languages section could not be read: " + "; ".join(unread))
    return tuple(entries)


def _skills(
    lines: list[str] | None, matcher: SkillMatcher, issues: list[str]
) -> tuple[SkillEntry, ...]:
    if lines is None:
        issues.append("No skills section was found.")
        return ()
    skills: list[SkillEntry] = []
    seen: set[str] = set()
    too_long = 0
    for item in _items(lines):
        if len(item) > 60 or len(item.split()) > 6:
            too_long += 1
            continue
        skill = matcher.match(item.strip(" ."))
        key = skill.term_id or fold(skill.label)
        if key not in seen:
            seen.add(key)
            skills.append(skill)
    if too_long:
        issues.append(
            f"{too_long} line(s) of the skills section were too long to be a skill and were "
            "left out."
        )
    return tuple(skills)
