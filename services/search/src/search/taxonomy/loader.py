"""Load the seed vocabularies into search's ``terms``: an idempotent upsert with events.

One unit of work: every new or changed term is written together with its
``search.vocabulary.term_upserted`` event in the outbox; a term of a loaded vocabulary that is no
longer in the data is deleted with a ``term_deleted`` event; an unchanged term writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from jobkit.db import unit_of_work
from jobkit.outbox import enqueue
from jobkit.settings import ServiceSettings
from jobkit.vocabulary import TermDeleted, TermUpserted
from sqlalchemy import Table, delete, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.db import outbox
from search.taxonomy.models import Term
from search.taxonomy.seed import SeedTerm, check_terms, depth_order, read_seed_terms

_COMPARED = ("vocabulary", "label", "labels", "aliases", "parent_tid", "weight")


@dataclass(frozen=True)
class LoadReport:
    created: int = 0
    updated: int = 0
    deleted: int = 0
    unchanged: int = 0

    def __str__(self) -> str:
        return (
            f"{self.created} created, {self.updated} updated, {self.deleted} deleted, "
            f"{self.unchanged} unchanged"
        )


def _values(term: SeedTerm) -> dict[str, Any]:
    return {
        "vocabulary": term.vocabulary,
        "label": term.label,
        "labels": dict(term.labels),
        "aliases": dict(term.aliases),
        "parent_tid": term.parent_tid,
        "weight": term.weight,
    }


async def load_vocabularies(
    sessions: async_sessionmaker[AsyncSession],
    settings: ServiceSettings,
    *,
    terms: Sequence[SeedTerm] | None = None,
    prune: bool = True,
) -> LoadReport:
    """Make ``terms`` (the seed data by default) the content of their vocabularies.

    With ``prune`` a stored term of one of those vocabularies that ``terms`` no longer has is
    deleted (its id is never reused).
    """
    wanted = list(terms) if terms is not None else read_seed_terms()
    check_terms(wanted)
    vocabularies = {term.vocabulary for term in wanted}
    created = updated = unchanged = 0
    async with unit_of_work(sessions) as session:
        table = cast(Table, Term.__table__)
        stored = {
            row.tid: row
            for row in await session.execute(select(table).order_by(table.c.tid).with_for_update())
        }
        for term in depth_order(wanted):
            values = _values(term)
            row = stored.get(term.tid)
            if row is not None and all(getattr(row, key) == values[key] for key in _COMPARED):
                unchanged += 1
                continue
            await session.execute(
                insert(table)
                .values(tid=term.tid, **values)
                .on_conflict_do_update(
                    index_elements=[table.c.tid], set_=values | {"updated_at": func.now()}
                )
            )
            await _publish(session, settings, TermUpserted(tid=term.tid, **values))
            if row is None:
                created += 1
            else:
                updated += 1
        kept = {term.tid for term in wanted}
        gone = [
            row
            for row in stored.values()
            if prune and row.vocabulary in vocabularies and row.tid not in kept
        ]
        if gone:
            await session.execute(delete(table).where(table.c.tid.in_([row.tid for row in gone])))
            for row in gone:
                deleted = TermDeleted(tid=row.tid, vocabulary=row.vocabulary)
                await _publish(session, settings, deleted)
    return LoadReport(created=created, updated=updated, deleted=len(gone), unchanged=unchanged)


async def _publish(
    session: AsyncSession, settings: ServiceSettings, payload: TermUpserted | TermDeleted
) -> None:
    event = payload.envelope(aggregate_id=str(payload.tid), site=settings.site)
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)
