"""The personal details of a CV: name, phone and city, from the header and the personal section
(labelled lines first, then the shapes of names, numbers and postcodes)."""

from __future__ import annotations

import re

from resumes.importing.dates import find_range
from resumes.importing.model import PersonalInfo
from resumes.importing.sections import section_heading
from resumes.importing.terms import fold

_EMAIL = re.compile(r"[\w.+'-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")
_PHONE = re.compile(r"(?<![\w+])(?:\+|00)?\d[\d ()./-]{5,}\d(?!\w)")
_PHONE_LABEL = re.compile(
    r"\b(?:phone|tel|telefon|telephone|mobile|mobil|handy|cell|fon)\b\.?\s*:?", re.IGNORECASE
)
_NAME_LABEL = re.compile(r"^(?:full\s+)?name\s*:\s*(.+)$", re.IGNORECASE)
_FIRST_NAME_LABEL = re.compile(r"^(?:vorname|first\s+name)\s*:\s*(.+)$", re.IGNORECASE)
_LAST_NAME_LABEL = re.compile(r"^(?:nachname|last\s+name|surname)\s*:\s*(.+)$", re.IGNORECASE)
_CITY_LABEL = re.compile(
    r"^(?:city|town|location|based in|wohnort|ort|stadt|address|adresse|anschrift|wohnhaft in)"
    r"\s*:?\s+(.+)$",
    re.IGNORECASE,
)
_POSTCODE_CITY = re.compile(r"(?<!\d)\d{4,5}\s+(?P<city>[^\W\d_][\w.\- ]*[^\W\d_])")
_UK_POSTCODE_CITY = re.compile(
    r"(?P<city>[A-Z][a-z]+(?:[ -][A-Z][a-z]+)?),?\s+[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b"
)
_COUNTRIES = {
    fold(name)
    for name in (
        "germany",
        "deutschland",
        "austria",
        "österreich",
        "switzerland",
        "schweiz",
        "united kingdom",
        "uk",
        "england",
        "scotland",
        "wales",
        "ireland",
        "france",
        "netherlands",
        "spain",
        "italy",
        "poland",
        "usa",
        "united states",
        "de",
        "at",
        "ch",
    )
}
_NAME_WORD = re.compile(r"^[^\W\d_][^\W\d_'.-]*(?:[-'][^\W\d_]+)*\.?$")
_NOT_NAME = {
    fold(word)
    for word in (
        "curriculum",
        "vitae",
        "lebenslauf",
        "resume",
        "résumé",
        "cv",
        "page",
        "seite",
        "developer",
        "engineer",
        "manager",
        "gmbh",
        "ltd",
        "inc",
        "street",
        "strasse",
        "straße",
    )
}
_HONORIFICS = {fold(word) for word in ("dr.", "dr", "prof.", "mr.", "mrs.", "ms.", "herr", "frau")}
COMPANY = re.compile(
    r"\b(?:gmbh|ag|se|kg|ohg|ug|e\.\s?v|ltd|limited|plc|inc|llc|corp|co|company|group"
    r"|holding|bank|agency|agentur|studio|labs?|solutions|consulting|technologies|systems"
    r"|services|partners|verlag|werke?|stadtwerke|klinikum|hospital|krankenhaus|gbr|mbh)\b\.?",
    re.IGNORECASE,
)


def personal_info(contact: list[str], everything: list[str], issues: list[str]) -> PersonalInfo:
    first, last = _name(contact)
    if first is None and last is None:
        issues.append("The name could not be read.")
    email_match = next((m for line in everything if (m := _EMAIL.search(line))), None)
    email = email_match.group(0) if email_match else None
    if email is None:
        issues.append("The email address could not be read.")
    phone = _phone(contact) or _phone(everything, labelled_only=True)
    if phone is None:
        issues.append("The phone number could not be read.")
    city = _city(contact)
    if city is None:
        issues.append("The city could not be read.")
    return PersonalInfo(first_name=first, last_name=last, email=email, phone=phone, city=city)


def _name(lines: list[str]) -> tuple[str | None, str | None]:
    first = last = None
    for line in lines:
        if match := _FIRST_NAME_LABEL.match(line):
            first = match.group(1).strip()
        elif match := _LAST_NAME_LABEL.match(line):
            last = match.group(1).strip()
    if first or last:
        return first, last
    for line in lines:
        if match := _NAME_LABEL.match(line):
            return _split_name(match.group(1))
    for line in lines[:12]:
        candidate = _split_name(line)
        if candidate != (None, None):
            return candidate
    return None, None


def _split_name(text: str) -> tuple[str | None, str | None]:
    text = _EMAIL.sub("", text).strip(" ,|·•-\u2013")
    words = [word for word in text.split() if fold(word) not in _HONORIFICS]
    if not 2 <= len(words) <= 4:
        return None, None
    if any(fold(word).strip(".") in _NOT_NAME for word in words):
        return None, None
    if not all(_NAME_WORD.match(word) and word[0].isupper() for word in words):
        return None, None
    if section_heading(text) is not None or COMPANY.search(text):
        return None, None
    return " ".join(words[:-1]), words[-1]


def _phone(lines: list[str], *, labelled_only: bool = False) -> str | None:
    labelled = [line for line in lines if _PHONE_LABEL.search(line)]
    candidates = labelled if labelled_only else labelled + lines
    for line in candidates:
        text = _PHONE_LABEL.sub(" ", _EMAIL.sub(" ", line))
        for match in _PHONE.finditer(text):
            number = match.group(0).strip()
            digits = sum(char.isdigit() for char in number)
            if not 7 <= digits <= 15:
                continue
            found = find_range(number)
            if found is not None and not found.single:
                continue  # "2019 - 2021"
            if re.fullmatch(r"\d{4,5}", number):
                continue
            return number
    return None


def _city(lines: list[str]) -> str | None:
    for line in lines:
        if match := _CITY_LABEL.match(line):
            return _city_in(match.group(1)) or match.group(1).split(",")[0].strip()
    for line in lines[:15]:
        if _EMAIL.search(line) or _PHONE_LABEL.search(line):
            # "Berlin | max@example.org | +49 ..." : look at the parts without them
            parts = [
                part.strip()
                for part in re.split(r"\s*[|•·]\s*", line)
                if part.strip()
                and not _EMAIL.search(part)
                and not _PHONE_LABEL.search(part)
                and not _PHONE.fullmatch(part.strip())
            ]
        else:
            parts = [line]
        for part in parts:
            city = _city_in(part)
            if city is not None:
                return city
    return None


def _city_in(text: str) -> str | None:
    if match := _POSTCODE_CITY.search(text):
        return _strip_country(match.group("city"))
    if match := _UK_POSTCODE_CITY.search(text):
        return match.group("city")
    pieces = [piece.strip() for piece in text.split(",")]
    if len(pieces) == 2 and fold(pieces[1]) in _COUNTRIES and _is_place(pieces[0]):
        return pieces[0]
    return None


def _strip_country(city: str) -> str:
    words = city.split()
    while len(words) > 1 and fold(words[-1]) in _COUNTRIES:
        words.pop()
    return " ".join(words).strip(" ,")


def _is_place(text: str) -> bool:
    words = text.split()
    return 1 <= len(words) <= 3 and all(word[:1].isupper() and word.isalpha() for word in words)
