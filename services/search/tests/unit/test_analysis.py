"""A document's indexed form carries the synonyms of every phrase it contains, exactly as
comparing every synonym phrase at every position of its tokens would find them (the indexer
now compares only where a phrase can start, ADR 0053)."""

from __future__ import annotations

import random

import pytest
from search.engine.indexing.analysis import SYNONYM_GROUPS, _synonym_stems, stem_document, stems


def _reference(text: str) -> str:
    """Every phrase compared at every position (the former implementation)."""
    tokens = stems(text)
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
