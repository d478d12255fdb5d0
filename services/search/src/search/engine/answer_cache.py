"""Search answers kept in the process while the index they came from has not changed (ADR 0047).

jobSearch and organizationSearch answer the same for every caller (the site and the language
aside): the anonymous first pages most visitors see are asked again and again. An answer is kept
under its normalized request, the site and the language, with the **index generation** it was
read at: a number in this service's database (``index_generations``) the indexer bumps after each
batch it made searchable (:func:`bump_generation`, after the refresh). The API and the indexer
may be separate processes, so each API process reads the generation again at most every
``check_interval`` seconds, on the first request that needs it (nothing runs when idle); a
changed generation drops every kept answer. So an answer is never staler than the indexer's
refresh plus ``check_interval`` (0.5 s). A bump also notifies :data:`GENERATION_CHANNEL` when it
commits, and each process hears it (:func:`hear_generation_changes`): its next request reads the
generation at once, so in practice an answer is no staler than the refresh (ADR 0047's
amendment); the interval stays the bound when the notification cannot be heard.

What the index alone cannot tell is bounded otherwise: a site's renamed title (the process keeps
site settings for 30 s, and forgets a site at once when its own consumer applies the change) by
the ``local`` version an answer is kept with (the site settings' generation) and by ``max_age``,
the same 30 s; a job's ``expires_at`` or a featured period ending as time passes by ``max_age``
too (the jobs service's scheduler then sends the expiry, which the indexer applies).

The cache is an LRU of at most ``capacity`` answers; a capacity of 0 turns it off.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from jobkit.db import compiled_once
from jobkit.wakeup import notify
from sqlalchemy import bindparam, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from search.engine.models import IndexGeneration

log = logging.getLogger(__name__)

T = TypeVar("T")

CHECK_INTERVAL_SECONDS = 0.5
MAX_AGE_SECONDS = 30.0
DEFAULT_CAPACITY = 256
# Where a bump is announced to every API process (the payload is the index prefix).
GENERATION_CHANNEL = "search_index_generation"
LISTEN_RETRY_SECONDS = 5.0


_new_generation = insert(IndexGeneration).values(
    name=bindparam("name"), generation=1, changed_at=bindparam("changed_at")
)
# built and compiled once (jobkit.db.compiled_once): the indexer bumps after every refresh
_BUMP = compiled_once(
    _new_generation.on_conflict_do_update(
        index_elements=[IndexGeneration.name],
        set_={
            "generation": IndexGeneration.generation + 1,
            "changed_at": _new_generation.excluded.changed_at,
        },
    )
)


async def bump_generation(session: AsyncSession, name: str) -> None:
    """Mark the indices of ``name`` (the index prefix) changed: kept answers are dropped."""
    await session.execute(_BUMP, {"name": name, "changed_at": datetime.now(UTC)})
    await notify(session, GENERATION_CHANNEL)


async def read_generation(session: AsyncSession, name: str) -> int:
    found = await session.scalar(
        select(IndexGeneration.generation).where(IndexGeneration.name == name)
    )
    return int(found or 0)


@dataclass
class _Kept:
    generation: int
    local: Hashable
    expires: float
    answer: Any


@dataclass
class AnswerCache:
    """The kept answers of one set of indices (one index prefix) in this process."""

    name: str
    capacity: int = DEFAULT_CAPACITY
    check_interval: float = CHECK_INTERVAL_SECONDS
    max_age: float = MAX_AGE_SECONDS
    clock: Callable[[], float] = time.monotonic
    hits: int = 0
    misses: int = 0
    _entries: OrderedDict[Hashable, _Kept] = field(default_factory=OrderedDict)
    _generation: int | None = None
    _checked_at: float = float("-inf")
    _checking: asyncio.Lock = field(default_factory=asyncio.Lock)

    def __len__(self) -> int:
        return len(self._entries)

    async def generation(self, sessions: async_sessionmaker[AsyncSession]) -> int | None:
        """The index generation as read at most ``check_interval`` ago (None: unknown now)."""
        if self.clock() - self._checked_at < self.check_interval:
            return self._generation
        async with self._checking:  # one read for the requests that arrive meanwhile
            if self.clock() - self._checked_at < self.check_interval:
                return self._generation
            try:
                async with sessions() as session:
                    generation = await read_generation(session, self.name)
            except Exception:  # the search itself may still answer: just keep nothing
                log.warning("index generation unreadable; answers not kept", exc_info=True)
                self._generation = None
                self._entries.clear()
                return None
            if generation != self._generation:
                self._entries.clear()
            self._generation = generation
            self._checked_at = self.clock()
            return generation

    async def answer(
        self,
        key: Hashable,
        make: Callable[[], Awaitable[tuple[T, bool]]],
        *,
        sessions: async_sessionmaker[AsyncSession],
        local: Callable[[], Hashable] = lambda: None,
    ) -> T:
        """The kept answer for ``key``, else ``make()``'s (kept when it says so: a refusal or
        an unavailable index is not an answer to keep). ``local()`` versions what else the answer
        is read from in this process (a changed value is a miss)."""
        if self.capacity <= 0:
            return (await make())[0]
        # read before the search: an answer is tagged with a generation no newer than its data
        generation = await self.generation(sessions)
        version = local()
        kept = self._entries.get(key)
        if (
            kept is not None
            and kept.generation == generation
            and kept.local == version
            and kept.expires > self.clock()
        ):
            self._entries.move_to_end(key)
            self.hits += 1
            answer: T = kept.answer
            return answer
        self.misses += 1
        answer, keep = await make()
        if keep and generation is not None and (generation, version) == (self._generation, local()):
            self._entries[key] = _Kept(generation, version, self.clock() + self.max_age, answer)
            self._entries.move_to_end(key)
            while len(self._entries) > self.capacity:
                self._entries.popitem(last=False)
        return answer

    def clear(self) -> None:
        self._entries.clear()
        self._checked_at = float("-inf")

    def recheck(self) -> None:
        """The next request reads the generation again, whatever the interval says."""
        self._checked_at = float("-inf")


_CACHES: dict[tuple[str, str], AnswerCache] = {}


def answer_cache_for(
    name: str, *, capacity: int = DEFAULT_CAPACITY, kind: str = "answers"
) -> AnswerCache:
    """The process's cache of ``kind`` (the resolvers' answers, or whole responses) for the
    indices of ``name`` (the index prefix)."""
    cache = _CACHES.get((name, kind))
    if cache is None or cache.capacity != capacity:
        cache = _CACHES[(name, kind)] = AnswerCache(name=name, capacity=capacity)
    return cache


def forget_answers() -> None:
    """Every cache of this process drops what it keeps (tests that write to the indices
    without the indexer's bump start each from nothing)."""
    for cache in _CACHES.values():
        cache.clear()


def generation_changed() -> None:
    """Every cache of this process reads the generation again on its next request."""
    for cache in _CACHES.values():
        cache.recheck()


async def hear_generation_changes(
    engine: AsyncEngine,
    *,
    retry_seconds: float = LISTEN_RETRY_SECONDS,
    listening: asyncio.Event | None = None,
) -> None:
    """For the life of the process (a task, cancelled when it stops): listen on
        :data:`GENERATION_CHANNEL` on a connection of its own and recheck the caches on every bump
        (PostgreSQL delivers it after the bump's commit, so the read that follows sees it). A lost
        connection is opened again after ``retry_seconds``; meanwhile, and with a driver that cannot
        listen, the caches' own interval bounds what they keep. ``listening`` is set once it
    listens."""
    while True:
        try:
            async with engine.connect() as connection:
                driver: Any = (await connection.get_raw_connection()).driver_connection
                if not hasattr(driver, "add_listener"):
                    return
                lost = asyncio.Event()

                def heard(*_: object) -> None:
                    generation_changed()

                await driver.add_listener(GENERATION_CHANNEL, heard)
                driver.add_termination_listener(lambda *_, lost=lost: lost.set())
                generation_changed()  # a bump while nobody listened
                if listening is not None:
                    listening.set()
                try:
                    await lost.wait()
                finally:
                    if not driver.is_closed():
                        await driver.remove_listener(GENERATION_CHANNEL, heard)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.warning("index generation changes not heard; retrying", exc_info=True)
        await asyncio.sleep(retry_seconds)
