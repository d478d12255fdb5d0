"""Reading the vocabularies: terms by vocabulary (with autocomplete search), by id, the names.

Labels and aliases follow a language (the request's locale); a term without one in that
language answers its English label and alias.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import ColumnElement, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from search.domain.models import Term

DEFAULT_LANGUAGE = "en"
MAX_LIMIT = 500


def language_of(locale: str | None) -> str:
    """``de``, ``de-AT`` or ``de_CH`` -> ``de``; no locale -> English."""
    return locale[:2].lower() if locale else DEFAULT_LANGUAGE


def label_in(term: Term, language: str) -> str:
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
    rows = await session.scalars(select(Term).where(Term.tid.in_(list(tids))))
    return {row.tid: row for row in rows}


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
