"""Text analysis done in Python, because the local Elasticsearch lacks analysis-common (ADR 0010).

Text is folded to ASCII (``Zürich`` -> ``zurich``), lowercased, split into words and stemmed with
the English Snowball stemmer (``nursing`` -> ``nurs``); documents also carry the other spellings
of every job-title synonym group they contain (``RN`` <-> ``registered nurse``). The result is
indexed into ``*_stem`` fields with the core ``standard`` analyzer, and the query text goes
through :func:`stem_query` the same way, so the same mapping works on any Elasticsearch.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
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


# ASCII bytes -> the word characters of ``_WORD`` lowercased, every other byte a space: a folded
# text's words are then what ``bytes.split`` finds (see :func:`_word_bytes`)
_WORD_BYTES = bytes(
    byte + 32 if 65 <= byte <= 90 else byte if 97 <= byte <= 122 or 48 <= byte <= 57 else 32
    for byte in range(256)
)


def _word_bytes(text: str) -> list[bytes]:
    """:func:`words` as ASCII bytes, in one pass of C: ``unidecode`` answers ASCII, lowercased
    and split at every character ``_WORD`` does not match (the regular expression and the
    Unicode lowercasing of the whole text were a third of the indexer's stemming)."""
    return unidecode(text).encode("ascii", "replace").translate(_WORD_BYTES).split()


@lru_cache(maxsize=1)
def _synonym_stems() -> tuple[tuple[tuple[str, ...], ...], ...]:
    return tuple(tuple(tuple(stems(phrase)) for phrase in group) for group in SYNONYM_GROUPS)


@dataclass(frozen=True)
class _Synonyms:
    """The synonym groups' stems as ASCII bytes, for :func:`stem_document`."""

    # the first stem of each phrase -> (its group's index, the phrase's stems)
    starts: dict[bytes, tuple[tuple[int, list[bytes]], ...]]
    firsts: frozenset[bytes]
    # a group's index -> the stems of all its phrases, what a document carries when it has one
    words: tuple[list[bytes], ...]


@lru_cache(maxsize=1)
def _synonyms() -> _Synonyms:
    groups = [
        [[word.encode() for word in phrase] for phrase in group] for group in _synonym_stems()
    ]
    starts: dict[bytes, list[tuple[int, list[bytes]]]] = {}
    for index, group in enumerate(groups):
        for phrase in group:
            if phrase:
                starts.setdefault(phrase[0], []).append((index, phrase))
    return _Synonyms(
        starts={first: tuple(phrases) for first, phrases in starts.items()},
        firsts=frozenset(starts),
        words=tuple([word for phrase in group for word in phrase] for group in groups),
    )


def _occurs(tokens: list[bytes], phrase: list[bytes]) -> bool:
    """Whether ``phrase`` (its first word known to be in ``tokens``) occurs in ``tokens``."""
    size = len(phrase)
    if size == 1:
        return True
    first, at = phrase[0], -1
    while True:
        try:
            at = tokens.index(first, at + 1)
        except ValueError:
            return False
        if tokens[at : at + size] == phrase:
            return True


def stem_document(text: str) -> str:
    """The indexed form of a text: stems, plus the stems of the synonyms of phrases it has
    (all the phrases of each group one of whose phrases occurs, in the groups' order).

    Done on ASCII bytes (:func:`_word_bytes`; the stemmer answers bytes for bytes), and a
    phrase is looked for only when its first word is a token (ADR 0053, 0073)."""
    tokens: list[bytes] = _stemmer().stemWords(_word_bytes(text))
    synonyms = _synonyms()
    found = synonyms.firsts.intersection(tokens)
    if found:
        groups = {
            index
            for first in found
            for index, phrase in synonyms.starts[first]
            if _occurs(tokens, phrase)
        }
        for index in sorted(groups):
            tokens = tokens + synonyms.words[index]
    return b" ".join(tokens).decode("ascii")


def stem_query(text: str) -> str:
    """The query form of a text (synonyms need no expansion here: documents carry them all)."""
    return " ".join(stems(text))
