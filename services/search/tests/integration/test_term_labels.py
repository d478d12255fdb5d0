"""The term labels search answers use, kept in the process between requests (real PostgreSQL)."""

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from jobkit.testing.statements import StatementLog
from search.engine.indexing.store import SearchStore
from search.taxonomy.models import Term
from search.taxonomy.vocabulary import TermLabelCache, TermLabels
from sqlalchemy import update

pytestmark = pytest.mark.integration

FULL_TIME = 3000  # employment_types "full-time" (seed data)
UNKNOWN = 999_999


async def relabel(sessions: Any, label: str) -> None:
    async with sessions() as session:
        await session.execute(update(Term).where(Term.tid == FULL_TIME).values(label=label))
        await session.commit()


async def test_labels_are_kept_until_their_time_is_up_or_they_are_forgotten(
    store: SearchStore,  # loads the vocabularies
    sessions: Any,
    statements: Callable[[], AbstractContextManager[StatementLog]],
) -> None:
    now = [0.0]
    cache = TermLabelCache(ttl=60.0, clock=lambda: now[0])
    first = await cache.get(sessions, {FULL_TIME, UNKNOWN})
    assert set(first) == {FULL_TIME}  # an unknown id is left out
    assert first[FULL_TIME] == TermLabels(FULL_TIME, "Full-time", first[FULL_TIME].labels)
    assert first[FULL_TIME].labels["de"] == "Vollzeit"

    await relabel(sessions, "Full time")
    with statements() as log:
        again = await cache.get(sessions, {FULL_TIME, UNKNOWN})
    assert log.count == 0  # neither the known nor the unknown id is asked again
    assert again[FULL_TIME].label == "Full-time"

    now[0] = 60.0
    assert (await cache.get(sessions, {FULL_TIME}))[FULL_TIME].label == "Full time"

    await relabel(sessions, "Full time work")
    cache.forget([FULL_TIME])
    with statements() as log:
        assert (await cache.get(sessions, [FULL_TIME]))[FULL_TIME].label == "Full time work"
    assert [s for s in log.statements if s.startswith("SELECT")] != []  # read again
    await relabel(sessions, "Full-time again")
    cache.forget()
    assert (await cache.get(sessions, [FULL_TIME]))[FULL_TIME].label == "Full-time again"
