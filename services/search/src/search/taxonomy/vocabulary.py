"""Reading the vocabularies: terms by vocabulary (with autocomplete search), by id, the names.

Labels and aliases follow a language (the request's locale); a term without one in that
language answers its English label and alias.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from jobkit.db import any_bound, any_of
from sqlalchemy import ColumnElement, Integer, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.taxonomy.models import Term

DEFAULT_LANGUAGE = "en"
MAX_LIMIT = 500


def language_of(locale: str | None) -> str:
    """``de``, ``de-AT`` or ``de_CH`` -> ``de``; no locale -> English."""
    return locale[:2].lower() if locale else DEFAULT_LANGUAGE


class Labelled(Protocol):
    """A term's English label and its labels by language (a row, or a cached copy)."""

    @property
    def label(self) -> str: ...

    @property
    def labels(self) -> dict[str, Any]: ...


def label_in(term: Labelled, language: str) -> str:
    label = term.labels.get(language)
    return label if isinstance(label, str) and label else term.label


def alias_in(term: Term, language: str) -> str | None:
    alias = term.aliases.get(language) or term.aliases.get(DEFAULT_LANGUAGE)
    return alias if isinstance(alias, str) else None


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


async def find_terms(
    session: AsyncSession,
    *,
    vocabulary: str,
    language: str = DEFAULT_LANGUAGE,
    search: str | None = None,
    parent_tid: int | None = None,
    limit: int = 100,
    offset: int = 0,
) -> list[Term]:
    """A vocabulary's terms in order (weight, then label); ``search`` matches a part of the
    label (in ``language`` or English, any case), labels starting with it first."""
    label: ColumnElement[Any] = func.coalesce(Term.labels.op("->>")(language), Term.label)
    query = select(Term).where(Term.vocabulary == vocabulary)
    if parent_tid is not None:
        query = query.where(Term.parent_tid == parent_tid)
    text = (search or "").strip()
    if text:
        pattern = f"%{_escape_like(text)}%"
        query = query.where(
            or_(label.ilike(pattern, escape="\\"), Term.label.ilike(pattern, escape="\\"))
        ).order_by(case((label.ilike(f"{_escape_like(text)}%", escape="\\"), 0), else_=1))
    query = query.order_by(Term.weight, func.lower(label), Term.tid)
    limit = max(0, min(limit, MAX_LIMIT))
    rows = await session.scalars(query.limit(limit).offset(max(0, offset)))
    return list(rows)


async def terms_by_tid(session: AsyncSession, tids: Iterable[int]) -> dict[int, Term]:
    rows = await session.scalars(select(Term).where(Term.tid == any_of(list(tids), Integer())))
    return {row.tid: row for row in rows}


_ENGLISH_LABELS = select(Term.tid, Term.label).where(Term.tid == any_bound("tids", Integer()))


async def english_labels(session: AsyncSession, tids: Iterable[int]) -> dict[int, str]:
    """The English labels of the terms (those that exist): what the indexer's documents carry.
    Two columns, not the terms (whose labels and aliases in every language are JSON the
    driver would decode for each of a batch's hundred-odd terms: ADR 0073)."""
    rows = await session.execute(_ENGLISH_LABELS, {"tids": list(tids)})
    return {tid: label for tid, label in rows.tuples()}


MAX_ALIASES = 20
MAX_ALIAS_LENGTH = 200


async def terms_by_alias(
    session: AsyncSession, aliases: Sequence[str], language: str = DEFAULT_LANGUAGE
) -> list[Term]:
    """The terms whose URL alias in ``language`` (else in English) is one of ``aliases``, in the
    order asked (a term matching in ``language`` wins over one matching only in English);
    unknown aliases are left out. One statement; at most 20 aliases are looked up."""
    wanted = list(
        dict.fromkeys(
            a.strip().lower() for a in aliases if a.strip() and len(a) <= MAX_ALIAS_LENGTH
        )
    )[:MAX_ALIASES]
    if not wanted:
        return []
    localized: ColumnElement[Any] = Term.aliases.op("->>")(language)
    english: ColumnElement[Any] = Term.aliases.op("->>")(DEFAULT_LANGUAGE)
    rows = list(
        await session.scalars(
            select(Term)
            .where(or_(localized.in_(wanted), english.in_(wanted)))
            .order_by(Term.vocabulary, Term.tid)
        )
    )
    answer: list[Term] = []
    for alias in wanted:
        in_language = [row for row in rows if row.aliases.get(language) == alias]
        matches = in_language or [row for row in rows if row.aliases.get(DEFAULT_LANGUAGE) == alias]
        answer += [row for row in matches if row not in answer]
    return answer


async def vocabulary_names(session: AsyncSession) -> list[str]:
    return list(await session.scalars(select(Term.vocabulary).distinct().order_by(Term.vocabulary)))


@dataclass(frozen=True)
class TermLabels:
    """What a search answer needs of a term: its labels (a copy kept between requests)."""

    tid: int
    label: str
    labels: dict[str, Any]


@dataclass
class TermLabelCache:
    """Term labels for search answers, kept in the process for ``ttl`` seconds.

    Every search page names a few dozen terms (its facet values); asking PostgreSQL for them on
    each request cost a pool check-out, a ping and a transaction, most of what the service did
    besides Elasticsearch. Labels change rarely (the vocabulary loader); this process's indexer
    forgets a changed term at once (``forget``), another replica sees it after ``ttl``.
    """

    ttl: float = 60.0
    clock: Callable[[], float] = time.monotonic
    _entries: dict[int, tuple[TermLabels | None, float]] = field(default_factory=dict)
    # counts the forgets: a read that a forget overtook is answered but not kept
    _forgets: int = 0

    async def get(
        self, sessions: async_sessionmaker[AsyncSession], tids: Iterable[int]
    ) -> dict[int, TermLabels]:
        """The known terms among ``tids`` (unknown ones are left out); at most one statement.

        The answer is made from what was kept before the read and what the read found: another
        request's read or the indexer's ``forget`` may change the entries while this one waits
        for PostgreSQL (a forgotten term was answered by a KeyError under load)."""
        now = self.clock()
        found: dict[int, TermLabels] = {}
        stale: set[int] = set()
        for tid in set(tids):
            entry = self._entries.get(tid)
            if entry is None or entry[1] <= now:
                stale.add(tid)
            elif entry[0] is not None:
                found[tid] = entry[0]
        if not stale:
            return found
        forgets = self._forgets
        async with sessions() as session:
            rows = await terms_by_tid(session, stale)
        # a term forgotten while the read was under way may have been read before its change
        keep = forgets == self._forgets
        expires = now + self.ttl
        for tid in stale:
            row = rows.get(tid)
            copy = TermLabels(row.tid, row.label, dict(row.labels)) if row else None
            if keep:
                self._entries[tid] = (copy, expires)
            if copy is not None:
                found[tid] = copy
        return found

    def forget(self, tids: Iterable[int] | None = None) -> None:
        """Drop ``tids`` (every term when None): the next answer reads them again."""
        self._forgets += 1
        if tids is None:
            self._entries.clear()
        for tid in tids or ():
            self._entries.pop(tid, None)


# The process's cache (search answers; the indexer's vocabulary handler forgets changed terms).
TERM_LABELS = TermLabelCache()
