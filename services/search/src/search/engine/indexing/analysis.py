"""Text analysis done in Python, because the local Elasticsearch lacks analysis-common (ADR 0010).

Text is folded to ASCII (``Zürich`` -> ``zurich``), lowercased, split into words and stemmed with
the English Snowball stemmer (``nursing`` -> ``nurs``); documents also carry the other spellings
of every job-title synonym group they contain (``RN`` <-> ``registered nurse``). The result is
indexed into ``*_stem`` fields with the core ``standard`` analyzer, and the query text goes
through :func:`stem_query` the same way, so the same mapping works on any Elasticsearch.
"""

from __future__ import annotations

import re
from functools import lru_cache

import Stemmer
from unidecode import unidecode

_WORD = re.compile(r"[a-z0-9]+")

# Job-title synonym groups: a document containing one phrase of a group also matches the others.
SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("rn", "registered nurse"),
    ("lpn", "licensed practical nurse"),
    ("cna", "certified nursing assistant"),
    ("np", "nurse practitioner"),
    ("dev", "developer"),
    ("swe", "software engineer"),
    ("hr", "human resources"),
    ("ux", "user experience"),
    ("qa", "quality assurance"),
    ("pm", "project manager"),
    ("ceo", "chief executive officer", "executive director"),
    ("cfo", "chief financial officer"),
    ("cto", "chief technology officer"),
    ("admin", "administrator", "administrative assistant"),
    ("teacher", "educator"),
    ("social worker", "caseworker", "case worker"),
    ("fundraiser", "fundraising"),
    ("vet", "veterinarian"),
    ("accountant", "bookkeeper"),
)


@lru_cache(maxsize=1)
def _stemmer() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("english")


def fold(text: str) -> str:
    """ASCII, lowercase: ``Zürich`` -> ``zurich``, ``Café`` -> ``cafe``."""
    return unidecode(text).lower()


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


def stems(text: str) -> list[str]:
    return list(_stemmer().stemWords(words(text)))


@lru_cache(maxsize=1)
def _synonym_stems() -> tuple[tuple[tuple[str, ...], ...], ...]:
    return tuple(tuple(tuple(stems(phrase)) for phrase in group) for group in SYNONYM_GROUPS)


def _contains(tokens: list[str], present: frozenset[str], phrase: tuple[str, ...]) -> bool:
    """Whether ``phrase`` occurs in ``tokens`` (``present``: the set of them). Only the
    positions of its first word are compared, and only when every word of it occurs at all: a
    description has hundreds of tokens and the synonym groups some fifty phrases, and comparing
    every phrase at every position was most of the indexer's CPU (ADR 0053)."""
    size = len(phrase)
    if size == 0 or not present.issuperset(phrase):
        return size == 0
    if size == 1:
        return True
    first = phrase[0]
    return any(
        word == first and tuple(tokens[i : i + size]) == phrase
        for i, word in enumerate(tokens[: len(tokens) - size + 1])
    )


def stem_document(text: str) -> str:
    """The indexed form of a text: stems, plus the stems of the synonyms of phrases it has."""
    tokens = stems(text)
    present = frozenset(tokens)
    extra: list[str] = []
    for group in _synonym_stems():
        if any(_contains(tokens, present, phrase) for phrase in group):
            for phrase in group:
                extra.extend(phrase)
    return " ".join(tokens + extra)


def stem_query(text: str) -> str:
    """The query form of a text (synonyms need no expansion here: documents carry them all)."""
    return " ".join(stems(text))
