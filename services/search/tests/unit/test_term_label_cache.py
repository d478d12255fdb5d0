"""The term label cache while other requests and the indexer change it (no I/O: the read is a
stand-in that waits until the test lets it answer)."""

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from types import SimpleNamespace
from typing import Any, cast

import pytest
from search.taxonomy import vocabulary
from search.taxonomy.vocabulary import TermLabelCache
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

FULL_TIME, PART_TIME, UNKNOWN = 3000, 3001, 999_999
LABELS = {FULL_TIME: "Full-time", PART_TIME: "Part-time"}


class SlowTerms:
    """terms_by_tid with the labels of the moment, answering once ``release`` is set."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.started = asyncio.Event()
        self.reads: list[set[int]] = []

    async def __call__(self, _session: Any, tids: Iterable[int]) -> dict[int, Any]:
        wanted = set(tids)
        self.reads.append(wanted)
        labels = dict(LABELS)  # what PostgreSQL holds when the statement runs
        self.started.set()
        await asyncio.sleep(0)  # others run while the statement is under way
        await self.release.wait()
        return {
            tid: SimpleNamespace(tid=tid, label=labels[tid], labels={"en": labels[tid]})
            for tid in wanted
            if tid in labels
        }


@asynccontextmanager
async def _no_session() -> AsyncIterator[None]:
    yield None


# the cache only opens a session to hand it to terms_by_tid, which the tests replace
no_session = cast(async_sessionmaker[AsyncSession], _no_session)


@pytest.fixture
def slow_terms(monkeypatch: pytest.MonkeyPatch) -> SlowTerms:
    terms = SlowTerms()
    monkeypatch.setattr(vocabulary, "terms_by_tid", terms)
    return terms


async def test_a_term_forgotten_during_another_terms_read_is_still_answered(
    slow_terms: SlowTerms,
) -> None:
    cache = TermLabelCache(ttl=60.0, clock=lambda: 0.0)
    slow_terms.release.set()
    await cache.get(no_session, {FULL_TIME})  # kept
    slow_terms.release.clear()
    slow_terms.started.clear()

    # a page names a kept term and one to read; the indexer forgets the kept one meanwhile
    reading = asyncio.create_task(cache.get(no_session, {FULL_TIME, PART_TIME, UNKNOWN}))
    await slow_terms.started.wait()
    cache.forget([FULL_TIME])
    slow_terms.release.set()
    answer = await reading

    assert {tid: terms.label for tid, terms in answer.items()} == {
        FULL_TIME: "Full-time",
        PART_TIME: "Part-time",
    }
    assert slow_terms.reads[-1] == {PART_TIME, UNKNOWN}


async def test_everything_forgotten_during_a_read_is_answered_and_not_kept(
    slow_terms: SlowTerms, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = TermLabelCache(ttl=60.0, clock=lambda: 0.0)
    reading = asyncio.create_task(cache.get(no_session, {FULL_TIME}))
    await slow_terms.started.wait()
    # the vocabulary changes after the statement read it: what it read must not be kept
    monkeypatch.setitem(LABELS, FULL_TIME, "Full time")
    cache.forget()
    slow_terms.release.set()
    assert (await reading)[FULL_TIME].label == "Full-time"  # the request began before the change

    again = await cache.get(no_session, {FULL_TIME})
    assert again[FULL_TIME].label == "Full time"
    assert len(slow_terms.reads) == 2  # read again, not answered from a stale entry
