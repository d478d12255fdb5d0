"""The vocabulary read model other services embed: search's term events in, term ids checked."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from jobkit.db import make_engine, make_sessionmaker, new_metadata, unit_of_work
from jobkit.events import EventEnvelope
from jobkit.messaging_tables import add_messaging_tables
from jobkit.settings import ServiceSettings
from jobkit.testing.database import temporary_database
from jobkit.vocabulary import (
    VOCABULARY_TOPIC,
    TermDeleted,
    TermUpserted,
    apply_term_deleted,
    apply_term_upserted,
    terms_table,
    unknown_terms,
    vocabulary_handlers,
)
from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

metadata = new_metadata()
terms = terms_table(metadata)
add_messaging_tables(metadata)


@pytest.fixture(scope="module")
async def sessions() -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    settings = ServiceSettings(service_name="vocabulary", db_name="vocabulary")
    async with temporary_database(settings, metadata=metadata) as url:
        engine = make_engine(url)
        yield make_sessionmaker(engine)
        await engine.dispose()


def upserted(tid: int, label: str, vocabulary: str = "industries", **extra: object) -> TermUpserted:
    fields: dict[str, object] = {
        "tid": tid,
        "vocabulary": vocabulary,
        "label": label,
        "labels": {"en": label},
        "aliases": {"en": label.lower().replace(" ", "-")},
        "parent_tid": None,
        "weight": 0,
    }
    return TermUpserted.model_validate(fields | extra)


async def row(sessions: async_sessionmaker[AsyncSession], tid: int) -> tuple[object, ...] | None:
    async with sessions() as session:
        found = (
            await session.execute(
                select(terms.c.vocabulary, terms.c.label, terms.c.parent_tid).where(
                    terms.c.tid == tid
                )
            )
        ).first()
    return tuple(found) if found is not None else None


async def test_upserts_insert_then_update_and_deletes_remove(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with unit_of_work(sessions) as session:
        await apply_term_upserted(session, terms, upserted(2001, "Education"))
        await apply_term_upserted(session, terms, upserted(2002, "Schools", parent_tid=2001))
    assert await row(sessions, 2002) == ("industries", "Schools", 2001)

    async with unit_of_work(sessions) as session:  # a redelivered or changed term: no duplicate
        await apply_term_upserted(session, terms, upserted(2002, "Primary schools"))
        await apply_term_upserted(session, terms, upserted(2002, "Primary schools"))
    assert await row(sessions, 2002) == ("industries", "Primary schools", None)

    async with unit_of_work(sessions) as session:
        await apply_term_deleted(session, terms, TermDeleted(tid=2002, vocabulary="industries"))
        await apply_term_deleted(session, terms, TermDeleted(tid=2002, vocabulary="industries"))
    assert await row(sessions, 2002) is None
    assert await row(sessions, 2001) == ("industries", "Education", None)


async def test_unknown_terms_names_ids_missing_or_of_another_vocabulary(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with unit_of_work(sessions) as session:
        await apply_term_upserted(session, terms, upserted(3001, "Full-time", "employment_types"))
        await apply_term_upserted(session, terms, upserted(3002, "Part-time", "employment_types"))
        await apply_term_upserted(session, terms, upserted(10001, "Python", "skills"))
    async with sessions() as session:
        assert await unknown_terms(session, terms, "employment_types", [3001, 3002]) == []
        assert await unknown_terms(session, terms, "employment_types", []) == []
        assert await unknown_terms(
            session, terms, "employment_types", [3002, 10001, 99999, 10001, 3001]
        ) == [10001, 99999]
        assert await unknown_terms(session, terms, "skills", iter([10001, 3001])) == [3001]


async def test_handlers_apply_the_envelopes_search_publishes(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    handlers = vocabulary_handlers(terms)
    assert set(handlers) == {TermUpserted.event_type, TermDeleted.event_type}
    assert TermUpserted.topic == TermDeleted.topic == VOCABULARY_TOPIC == "search.vocabulary"

    created = upserted(4001, "Social work", "fields_of_study").envelope(
        aggregate_id="4001", site="jobboard"
    )
    # through the wire format, as the consumer reads it
    async with unit_of_work(sessions) as session:
        await handlers[created.type](session, EventEnvelope.from_bytes(created.to_bytes()))
    assert await row(sessions, 4001) == ("fields_of_study", "Social work", None)

    removed = TermDeleted(tid=4001, vocabulary="fields_of_study").envelope(
        aggregate_id="4001", site="jobboard"
    )
    async with unit_of_work(sessions) as session:
        await handlers[removed.type](session, removed)
    assert await row(sessions, 4001) is None

    # a payload that does not validate is a permanent failure (the consumer dead-letters it)
    broken = EventEnvelope(
        type=TermUpserted.event_type, aggregate_id="1", site="jobboard", payload={"tid": "x"}
    )
    with pytest.raises(ValidationError):
        async with unit_of_work(sessions) as session:
            await handlers[broken.type](session, broken)
