"""The vocabulary loader against a real PostgreSQL: idempotent, one event per change."""

from typing import Any

import pytest
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from search.db import outbox
from search.taxonomy.loader import load_vocabularies
from search.taxonomy.models import Term
from search.taxonomy.seed import SeedTerm, read_seed_terms
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration


async def events(sessions: async_sessionmaker[AsyncSession]) -> list[EventEnvelope]:
    async with sessions() as session:
        bodies = await session.scalars(select(outbox.c.body).order_by(outbox.c.id))
        return [EventEnvelope.from_bytes(body) for body in bodies]


async def test_loading_twice_writes_the_events_once(
    sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    seed = read_seed_terms()
    first = await load_vocabularies(sessions, service_settings)
    assert (first.created, first.updated, first.deleted) == (len(seed), 0, 0)
    written = await events(sessions)
    assert len(written) == len(seed)
    assert {event.type for event in written} == {"search.vocabulary.term_upserted"}
    async with sessions() as session:
        topics = set(await session.scalars(select(outbox.c.topic).distinct()))
        keys = await session.scalars(select(outbox.c.key))
        assert topics == {service_settings.topic("search.vocabulary")}
        assert sorted(int(key) for key in keys) == sorted(term.tid for term in seed)
        assert await session.scalar(select(func.count()).select_from(Term)) == len(seed)

    second = await load_vocabularies(sessions, service_settings)
    assert (second.created, second.updated, second.deleted) == (0, 0, 0)
    assert second.unchanged == len(seed)
    assert len(await events(sessions)) == len(seed)


async def test_a_changed_label_writes_one_event_and_a_removed_term_a_deletion(
    sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    seed = read_seed_terms()
    await load_vocabularies(sessions, service_settings)
    before = len(await events(sessions))

    remote = next(term for term in seed if term.aliases["en"] == "remote")
    renamed = remote.model_copy(update={"labels": remote.labels | {"en": "Fully remote"}})
    changed = [renamed if term.tid == remote.tid else term for term in seed]
    report = await load_vocabularies(sessions, service_settings, terms=changed)
    assert (report.created, report.updated, report.deleted) == (0, 1, 0)
    [event] = (await events(sessions))[before:]
    assert event.type == "search.vocabulary.term_upserted"
    assert event.aggregate_id == str(remote.tid)
    expected: dict[str, Any] = {
        "tid": remote.tid,
        "vocabulary": "remote_options",
        "label": "Fully remote",
        "labels": {"en": "Fully remote", "de": "Remote"},
        "aliases": {"en": "remote", "de": "remote"},
        "parent_tid": None,
        "weight": remote.weight,
    }
    assert event.payload == expected
    async with sessions() as session:
        stored = await session.get(Term, remote.tid)
        assert stored is not None
        assert stored.label == "Fully remote"

    without = [term for term in changed if term.tid != remote.tid]
    report = await load_vocabularies(sessions, service_settings, terms=without)
    assert (report.created, report.updated, report.deleted) == (0, 0, 1)
    [event] = (await events(sessions))[before + 1 :]
    assert event.type == "search.vocabulary.term_deleted"
    assert event.payload == {"tid": remote.tid, "vocabulary": "remote_options"}
    async with sessions() as session:
        assert await session.get(Term, remote.tid) is None


async def test_the_spec_size_segments_replace_the_former_organization_sizes(
    sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    """A stack loaded before the sizes followed spec 2 (1-10 ... 5000+, 3400-3406): loading the
    data now relabels 3400-3405 in place (profiles keep valid ids) and deletes 3406."""
    seed = read_seed_terms()
    sizes = [term for term in seed if term.vocabulary == "organization_sizes"]
    former = [
        SeedTerm(
            tid=3400 + index,
            vocabulary="organization_sizes",
            labels={"en": f"{alias} employees"},
            aliases={"en": f"{alias}-employees"},
            weight=index,
        )
        for index, alias in enumerate(
            ["1-10", "11-50", "51-200", "201-500", "501-1000", "1001-5000", "5000-plus"]
        )
    ]
    await load_vocabularies(sessions, service_settings, terms=former)
    before = len(await events(sessions))

    report = await load_vocabularies(sessions, service_settings, terms=sizes)
    assert (report.created, report.updated, report.deleted) == (0, 6, 1)
    written = (await events(sessions))[before:]
    assert [(event.type, event.aggregate_id) for event in written] == [
        *(("search.vocabulary.term_upserted", str(tid)) for tid in range(3400, 3406)),
        ("search.vocabulary.term_deleted", "3406"),
    ]
    async with sessions() as session:
        stored = await session.scalars(
            select(Term).where(Term.vocabulary == "organization_sizes").order_by(Term.weight)
        )
        assert [term.aliases["en"] for term in stored] == [
            term.aliases["en"] for term in sorted(sizes, key=lambda term: term.weight)
        ]
