"""The vocabularies' seed data: ``data/<vocabulary>.json``, one term a line, ids assigned there.

A term's ``tid`` is explicit and stable (other services store it): give a new term the next free
id of its vocabulary's range and never reuse an id. ``labels`` and ``aliases`` map a language to
the label and to the URL path alias (a lowercase slug); ``en`` is required.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

DATA_DIR = Path(__file__).resolve().parent / "data"
ALIAS = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
VOCABULARY = re.compile(r"^[a-z][a-z0-9_]{0,59}$")


class SeedTerm(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    tid: int = Field(gt=0)
    vocabulary: str = Field(pattern=VOCABULARY.pattern)
    labels: dict[str, str]
    aliases: dict[str, str]
    parent_tid: int | None = None
    weight: int = 0

    @field_validator("labels")
    @classmethod
    def _english_label(cls, labels: dict[str, str]) -> dict[str, str]:
        if not labels.get("en", "").strip():
            raise ValueError("an English label is required")
        return labels

    @field_validator("aliases")
    @classmethod
    def _slugs(cls, aliases: dict[str, str]) -> dict[str, str]:
        for language, alias in aliases.items():
            if not ALIAS.match(alias):
                raise ValueError(f"alias {alias!r} ({language}) is not a lowercase slug")
        return aliases

    @property
    def label(self) -> str:
        return self.labels["en"]


def read_seed_terms(directory: Path = DATA_DIR) -> list[SeedTerm]:
    """Every term of every ``*.json`` file in ``directory``, checked (see :func:`check_terms`)."""
    terms: list[SeedTerm] = []
    for path in sorted(directory.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        vocabulary = document["vocabulary"]
        terms.extend(
            SeedTerm.model_validate({"vocabulary": vocabulary} | term) for term in document["terms"]
        )
    check_terms(terms)
    return terms


def check_terms(terms: Sequence[SeedTerm]) -> None:
    """Raise ValueError unless ids are unique, parents exist in the same vocabulary, and no two
    terms of a vocabulary share an alias in a language."""
    by_tid: dict[int, SeedTerm] = {}
    aliases: dict[tuple[str, str, str], int] = {}
    for term in terms:
        if term.tid in by_tid:
            raise ValueError(f"term id {term.tid} is used twice")
        by_tid[term.tid] = term
        for language, alias in term.aliases.items():
            other = aliases.setdefault((term.vocabulary, language, alias), term.tid)
            if other != term.tid:
                raise ValueError(
                    f"{term.vocabulary}: terms {other} and {term.tid} share the alias {alias!r}"
                )
    for term in terms:
        if term.parent_tid is None:
            continue
        parent = by_tid.get(term.parent_tid)
        if parent is None or parent.vocabulary != term.vocabulary:
            raise ValueError(f"term {term.tid}: parent {term.parent_tid} is not in its vocabulary")
    depth_order(terms)  # refuses cycles


def depth_order(terms: Iterable[SeedTerm]) -> list[SeedTerm]:
    """Parents before their children (so a parent row exists when a child refers to it)."""
    by_tid = {term.tid: term for term in terms}
    depths: dict[int, int] = {}

    def depth(term: SeedTerm, seen: frozenset[int] = frozenset()) -> int:
        if term.tid in seen:
            raise ValueError(f"term {term.tid} is its own ancestor")
        if term.tid not in depths:
            parent = by_tid.get(term.parent_tid) if term.parent_tid is not None else None
            depths[term.tid] = 0 if parent is None else depth(parent, seen | {term.tid}) + 1
        return depths[term.tid]

    return sorted(by_tid.values(), key=lambda term: (depth(term), term.tid))
