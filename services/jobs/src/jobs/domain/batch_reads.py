"""What a transaction that writes many jobs (a batch of the ATS API, a chunk of a feed run, the
data set, a run of billing's slot answers) reads once instead of once per job (ADR 0042, ADR
0053): the vocabulary terms the batch names, the transaction's time, the jobs it created and the
slugs it claimed, the jobs a run moves with their slugs and organizations, the jobs' content
fingerprints (ADR 0062). Kept in the session's
``info`` for its current transaction: a new transaction starts empty, so a use case that does
not read ahead behaves as before (each helper reads what it needs)."""

from __future__ import annotations

import uuid
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import cast

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from jobs.db import terms
from jobs.domain.models import KnownOrganization

_KEY = "jobs.batch_reads"


@dataclass
class BatchReads:
    # the terms read ahead: tid -> (vocabulary, English label); ``asked`` the tids looked for
    asked: set[int] = field(default_factory=set)
    found: dict[int, tuple[str, str]] = field(default_factory=dict)
    # the transaction's time (``now()``: what the database writes in created_at and updated_at)
    time: datetime | None = None
    # jobs created in this transaction -> the slugs claimed for them
    created: dict[uuid.UUID, list[str]] = field(default_factory=dict)
    # slug claims: the advisory locks held, those taken outside any savepoint, and per base
    # (site, base) -> (whether the base is taken, the highest number taken after it)
    locked: set[tuple[str, str]] = field(default_factory=set)
    locked_outside_savepoints: set[tuple[str, str]] = field(default_factory=set)
    highest: dict[tuple[str, str], tuple[bool, int]] = field(default_factory=dict)
    # jobs a run of slot answers moves (jobs.domain.slots.apply_slot_answers) -> every slug the
    # job has: the run sets their updated_at to the transaction's time and writes their rows
    # together, so their events need neither a flush nor a read of their own
    moved: dict[uuid.UUID, list[str]] = field(default_factory=dict)
    # organizations read ahead for the events of the jobs above (None: not known here); held
    # here, as the session holds what it loaded only weakly
    organizations: dict[uuid.UUID, KnownOrganization | None] = field(default_factory=dict)
    # each job's last content fingerprint in this transaction, with what it was made of: a job
    # saved with several events (created, submitted, publication asked) is fingerprinted once
    fingerprints: dict[uuid.UUID, tuple[Hashable, str]] = field(default_factory=dict)

    def unknown(self, vocabulary: str, tids: Iterable[int]) -> list[int] | None:
        """The tids that are not terms of ``vocabulary`` (in order, once); None when one of
        them was not read ahead (the caller reads it)."""
        wanted = list(dict.fromkeys(tids))
        if not self.asked.issuperset(wanted):
            return None
        return [tid for tid in wanted if self.found.get(tid, ("", ""))[0] != vocabulary]

    def labels(self, tids: Iterable[int]) -> list[str] | None:
        """The English labels of the terms, in order (unknown ids left out); None when one was
        not read ahead."""
        wanted = list(tids)
        if not self.asked.issuperset(wanted):
            return None
        return [self.found[tid][1] for tid in wanted if tid in self.found]

    def savepoint_rolled_back(self) -> None:
        """A savepoint rolled back: the slug claims made in it are undone, and the locks it took
        may be released with it; the next claim reads again."""
        self.locked = set(self.locked_outside_savepoints)
        self.highest.clear()


def batch_reads(session: AsyncSession) -> BatchReads:
    """The reads of the session's current transaction (empty at its start)."""
    transaction = session.sync_session.get_transaction()
    kept = cast(tuple[object, BatchReads] | None, session.info.get(_KEY))
    if kept is None or kept[0] is not transaction:
        kept = (transaction, BatchReads())
        session.info[_KEY] = kept
    return kept[1]


async def read_terms(session: AsyncSession, tids: Iterable[int]) -> None:
    """Read the terms with these ids in one query, for the checks of the jobs that name them."""
    reads = batch_reads(session)
    wanted = sorted(set(tids) - reads.asked)
    if not wanted:
        return
    rows = await session.execute(
        select(terms.c.tid, terms.c.vocabulary, terms.c.label).where(terms.c.tid.in_(wanted))
    )
    reads.found.update({tid: (vocabulary, label) for tid, vocabulary, label in rows})
    reads.asked.update(wanted)


async def transaction_time(session: AsyncSession) -> datetime:
    """``now()`` of the current transaction (read once): what the database's defaults write."""
    reads = batch_reads(session)
    if reads.time is None:
        reads.time = cast(datetime, await session.scalar(select(func.now())))
    return reads.time
