"""Taxonomy terms (vocabularies) as a local read model in every service that refers to them.

The search service owns the vocabularies (occupational fields, industries, skills, ...) and
publishes ``search.vocabulary.term_upserted`` / ``term_deleted`` on :data:`VOCABULARY_TOPIC`,
keyed by the term id. A service that stores term ids (a job's industry, a resume's skills) adds
:func:`terms_table` to its metadata, plugs :func:`vocabulary_handlers` into its
:class:`jobkit.consumer.IdempotentConsumer`, and validates ids on write with
:func:`unknown_terms`: a local read, never a call to search per request.

In the graph a subgraph returns a term as an entity reference (:func:`term_ref`, the
``Term @key(fields: "tid", resolvable: false)`` stub); search resolves its label and alias.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import strawberry
from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table, delete, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from strawberry.federation.schema_directives import Key
from strawberry.federation.types import FieldSet

from jobkit.consumer import Handler
from jobkit.events import EventEnvelope, EventPayload

VOCABULARY_TOPIC = "search.vocabulary"


class TermUpserted(EventPayload):
    """A term was created or changed (the whole term, so a consumer needs no earlier state)."""

    event_type: ClassVar[str] = "search.vocabulary.term_upserted"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = VOCABULARY_TOPIC
    public: ClassVar[bool] = True  # the taxonomy is public

    tid: int
    vocabulary: str
    label: str
    labels: dict[str, str]
    aliases: dict[str, str]
    parent_tid: int | None
    weight: int


class TermDeleted(EventPayload):
    event_type: ClassVar[str] = "search.vocabulary.term_deleted"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = VOCABULARY_TOPIC
    public: ClassVar[bool] = True

    tid: int
    vocabulary: str


def terms_table(metadata: MetaData) -> Table:
    return Table(
        "vocabulary_terms",
        metadata,
        Column("tid", Integer, primary_key=True, autoincrement=False),
        Column("vocabulary", String(60), nullable=False, index=True),
        Column("label", String(255), nullable=False),
        Column("parent_tid", Integer, nullable=True),
        Column("updated_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    )


async def apply_term_upserted(session: AsyncSession, table: Table, payload: TermUpserted) -> None:
    values = {
        "vocabulary": payload.vocabulary,
        "label": payload.label,
        "parent_tid": payload.parent_tid,
    }
    await session.execute(
        insert(table)
        .values(tid=payload.tid, **values)
        .on_conflict_do_update(
            index_elements=[table.c.tid], set_=values | {"updated_at": func.now()}
        )
    )


async def apply_term_deleted(session: AsyncSession, table: Table, payload: TermDeleted) -> None:
    await session.execute(delete(table).where(table.c.tid == payload.tid))


async def unknown_terms(
    session: AsyncSession, table: Table, vocabulary: str, tids: Iterable[int]
) -> list[int]:
    """The ids among ``tids`` that are not terms of ``vocabulary`` (in the order given, once)."""
    wanted = list(dict.fromkeys(tids))
    if not wanted:
        return []
    found = set(
        await session.scalars(
            select(table.c.tid).where(table.c.vocabulary == vocabulary, table.c.tid.in_(wanted))
        )
    )
    return [tid for tid in wanted if tid not in found]


def vocabulary_handlers(table: Table) -> dict[str, Handler]:
    """The handlers of search's term events, for ``IdempotentConsumer(handlers={topic: ...})``
    (the topic is ``settings.topic(VOCABULARY_TOPIC)``)."""

    async def upserted(session: AsyncSession, envelope: EventEnvelope) -> None:
        await apply_term_upserted(session, table, TermUpserted.model_validate(envelope.payload))

    async def deleted(session: AsyncSession, envelope: EventEnvelope) -> None:
        await apply_term_deleted(session, table, TermDeleted.model_validate(envelope.payload))

    return {TermUpserted.event_type: upserted, TermDeleted.event_type: deleted}


@strawberry.federation.type(name="Term", keys=[Key(fields=FieldSet("tid"), resolvable=False)])
class TermRef:
    """A term as another subgraph returns it: only its id; search resolves the rest."""

    tid: int


def term_ref(tid: int) -> TermRef:
    """A term as an entity reference another subgraph can return."""
    return TermRef(tid=tid)
