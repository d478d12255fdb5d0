"""Folding, the skills vocabulary match and the language names and levels (English and German)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

from resumes.importing.model import LanguageEntry, SkillEntry, VocabularyTerm

VocabularyInput = Iterable[VocabularyTerm | tuple[str, str, Sequence[str]]]


def fold(text: str) -> str:
    """Case and accents folded, spaces collapsed: "Fähigkeiten" and "FAHIGKEITEN" are equal."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("\u0131", "i"))
    stripped = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(stripped.split())


def as_terms(vocabulary: VocabularyInput) -> tuple[VocabularyTerm, ...]:
    terms = []
    for term in vocabulary:
        if isinstance(term, VocabularyTerm):
            terms.append(term)
        else:
            term_id, label, aliases = term
            terms.append(VocabularyTerm(str(term_id), str(label), tuple(aliases)))
    return tuple(terms)


class SkillMatcher:
    """Matches written skills to vocabulary terms by their folded label or aliases."""

    def __init__(self, vocabulary: VocabularyInput) -> None:
        self._index: dict[str, VocabularyTerm] = {}
        for term in as_terms(vocabulary):
            for name in (term.label, *term.aliases):
                self._index.setdefault(fold(name), term)

    def match(self, written: str) -> SkillEntry:
        text = written.strip()
        for candidate in (text, _VERSION.sub("", text), _PARENTHESES.sub("", text)):
            term = self._index.get(fold(candidate))
            if term is not None:
                return SkillEntry(label=term.label, term_id=term.term_id)
        return SkillEntry(label=text)


_VERSION = re.compile(r"\s+v?\d+(?:\.\d+)*\+?$")
_PARENTHESES = re.compile(r"\s*\([^)]*\)\s*$")

# Language names in English and German (and as written in the language itself) to ISO 639-1.
_LANGUAGES: dict[str, str] = {}
for _code, _names in {
    "de": ("german", "deutsch"),
    "en": ("english", "englisch"),
    "fr": ("french", "französisch", "francais", "français"),
    "es": ("spanish", "spanisch", "español", "espanol"),
    "it": ("italian", "italienisch", "italiano"),
    "pt": ("portuguese", "portugiesisch", "português"),
    "nl": ("dutch", "niederländisch", "nederlands"),
    "pl": ("polish", "polnisch", "polski"),
    "ru": ("russian", "russisch"),
    "tr": ("turkish", "türkisch", "türkçe"),
    "ar": ("arabic", "arabisch"),
    "zh": ("chinese", "chinesisch", "mandarin"),
    "ja": ("japanese", "japanisch"),
    "uk": ("ukrainian", "ukrainisch"),
    "cs": ("czech", "tschechisch"),
    "sv": ("swedish", "schwedisch"),
    "da": ("danish", "dänisch"),
    "no": ("norwegian", "norwegisch"),
    "fi": ("finnish", "finnisch"),
    "el": ("greek", "griechisch"),
    "hu": ("hungarian", "ungarisch"),
    "ro": ("romanian", "rumänisch"),
    "hr": ("croatian", "kroatisch"),
    "sr": ("serbian", "serbisch"),
    "hi": ("hindi",),
    "ko": ("korean", "koreanisch"),
    "fa": ("persian", "farsi", "persisch"),
}.items():
    for _name in _names:
        _LANGUAGES[fold(_name)] = _code

_CEFR = re.compile(r"\b([ABC][12])\b", re.IGNORECASE)
_LEVELS: tuple[tuple[str, str], ...] = (
    ("mother tongue", "native"),
    ("muttersprache", "native"),
    ("native", "native"),
    ("bilingual", "native"),
    ("business fluent", "C1"),
    ("verhandlungssicher", "C1"),
    ("fluent", "C1"),
    ("fliessend", "C1"),
    ("advanced", "C1"),
    ("sehr gut", "C1"),
    ("very good", "C1"),
    ("proficient", "C2"),
    ("upper intermediate", "B2"),
    ("intermediate", "B1"),
    ("gute kenntnisse", "B2"),
    ("good", "B2"),
    ("gut", "B2"),
    ("conversational", "B1"),
    ("grundkenntnisse", "A2"),
    ("basic", "A2"),
    ("elementary", "A2"),
    ("beginner", "A1"),
    ("anfanger", "A1"),
)


def cefr_level(level: str | None) -> str | None:
    if not level:
        return None
    found = _CEFR.search(level)
    if found:
        return found.group(1).upper()
    folded = fold(level)
    for words, cefr in _LEVELS:
        if re.search(rf"\b{re.escape(words)}\b", folded):
            return cefr
    return None


def language_code(name: str) -> str | None:
    return _LANGUAGES.get(fold(name))


_LANGUAGE_ITEM = re.compile(r"^(?P<name>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)\s*(?P<rest>.*)$")


def read_language(item: str) -> LanguageEntry | None:
    """ "German (native)", "Englisch - C1", "French: basic", "Spanish fluent" -> an entry."""
    text = item.strip(" \t-\u2013\u2014•*·|,;:")
    if not text:
        return None
    words = text.split()
    # a known language name at the start (one or two words), the rest is the level
    for size in (2, 1):
        name = " ".join(words[:size]).strip(" :,-\u2013()")
        code = language_code(name)
        if code is not None:
            rest = " ".join(words[size:])
            return _language(name, code, rest)
    match = _LANGUAGE_ITEM.match(text)
    if match is None or len(words) > 4:
        return None
    first = words[0].strip(" :,-\u2013()")
    return _language(first, None, " ".join(words[1:]))


def _language(name: str, code: str | None, rest: str) -> LanguageEntry:
    level = rest.strip(" \t-\u2013\u2014:,()").replace("(", "").replace(")", "").strip() or None
    return LanguageEntry(name=name, code=code, level=level, cefr=cefr_level(level))
