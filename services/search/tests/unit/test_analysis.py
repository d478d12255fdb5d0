"""A document's indexed form carries the synonyms of every phrase it contains, exactly as
comparing every synonym phrase at every position of its tokens would find them (the indexer
now compares only where a phrase can start, ADR 0053), and is the text the former
implementation made: a regular expression over the Unicode-lowercased folded text, the stemmer
given str (the indexer now works on ASCII bytes, ADR 0073)."""

from __future__ import annotations

import random
import re

import pytest
import Stemmer
from search.engine.indexing.analysis import SYNONYM_GROUPS, _synonym_stems, stem_document
from unidecode import unidecode


def _stems(text: str) -> list[str]:
    """The former tokens: ``[a-z0-9]+`` in the folded, lowercased text, stemmed as str."""
    words = re.findall(r"[a-z0-9]+", unidecode(text).lower())
    return list(Stemmer.Stemmer("english").stemWords(words))


def _reference(text: str) -> str:
    """Every phrase compared at every position (the former implementation)."""
    tokens = _stems(text)
    extra: list[str] = []
    for group in _synonym_stems():
        found = any(
            tuple(tokens[i : i + len(phrase)]) == phrase
            for phrase in group
            for i in range(len(tokens) - len(phrase) + 1)
        )
        if found:
            for phrase in group:
                extra.extend(phrase)
    return " ".join(tokens + extra)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "RN",
        "Registered Nurse",
        "registered nurses wanted, not a nurse registered elsewhere",
        "nurse registered",  # the words of a phrase, not the phrase
        "We need a registered",  # a phrase cut off at the end
        "Chief Executive Officer / Executive Director of a case worker team",
        "social worker social worker social",
        "Zürich HR, QA and UX: developers, devs and a Software Engineer (SWE)",
    ],
)
def test_the_synonyms_found_are_those_of_every_phrase_at_every_position(text: str) -> None:
    assert stem_document(text) == _reference(text)


def test_long_texts_of_synonym_words_find_the_same_phrases() -> None:
    words = [word for group in SYNONYM_GROUPS for phrase in group for word in phrase.split()]
    words += ["the", "a", "team", "nursing", "of"]
    chosen = random.Random(53)
    for _ in range(200):
        text = " ".join(chosen.choice(words) for _ in range(chosen.randint(1, 120)))
        assert stem_document(text) == _reference(text), text


def test_any_text_is_stemmed_as_before() -> None:
    """Texts of every kind of character: ASCII letters of both cases, digits, punctuation and
    spaces, letters unidecode folds (accents, ligatures, other scripts), characters it drops,
    synonym phrases, and the bytes the ASCII path maps to spaces (controls, DEL, ``_``)."""
    pieces = [
        *"aZ09 _-./\t\n\x00\x7f\x1f'\"(),;:!?",
        *"ÄäÖöÜüßÉéèçñÅøæœﬁﬂ½²ℕ",
        *"東京Москваΐ\u200b\u00a0\u2028\ufeff\U0001f600",
        "registered nurse",
        " RN ",
        "Case Worker",
        "chief executive officer",
        "Developers",
        "nursing",
    ]
    chosen = random.Random(73)
    for _ in range(500):
        text = "".join(chosen.choice(pieces) for _ in range(chosen.randint(0, 80)))
        assert stem_document(text) == _reference(text), repr(text)
