"""A step asked for often, run at most once per interval, never later than one interval after it
was asked (ADR 0062): the search indexer's refresh after each batch.

The first ask after a quiet interval runs the step at once, in the caller's task (an
interactive change pays no wait). An ask within the interval of the last run is left to one
trailing run, in a task of its own, when the interval has passed: every ask in between is
answered by it. An ask that comes while a run is under way counts for the next run (what it
follows may have been written after that run began), again at most one interval after the
last began. So a step asked for at ``t`` begins at the latest at ``t + every``, or as soon as
the run under way at ``t`` ends if that is later, and ends one run after.

A failing run is logged and not retried: the next ask runs it again (what asks it, e.g. the
indexer's next batch, has its own retries).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

Step = Callable[[], Awaitable[None]]


class Throttled:
    """``step`` run at most once every ``every`` seconds, with a trailing run (see the module).
    ``every=0`` runs it at each ask, in the caller's task, as the bare step would."""

    def __init__(
        self,
        step: Step,
        *,
        every: float,
        name: str = "throttled step",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if every < 0:
            raise ValueError("every must be at least 0")
        self._step = step
        self.every = every
        self._name = name
        self._clock = clock
        self._last_started = float("-inf")
        self._asked = False
        self._trailing: asyncio.Task[None] | None = None
        self.runs = 0  # steps begun (tests, benches)
        self.asks = 0

    async def __call__(self) -> None:
        """Ask for the step: run it now when the interval since the last run has passed and
        none is pending, else leave it to the trailing run."""
        self.asks += 1
        self._asked = True
        if self._trailing is not None:
            return  # the trailing run, sleeping or under way, runs (again) for this ask
        wait = self._last_started + self.every - self._clock()
        if wait <= 0:
            await self._run()
            return
        self._trailing = asyncio.create_task(self._trail(wait), name=self._name)

    @property
    def pending(self) -> bool:
        """Whether a trailing run is due or under way."""
        return self._trailing is not None

    async def settle(self) -> None:
        """Wait until no trailing run is due (its run included): every ask so far answered."""
        while self._trailing is not None:
            await asyncio.shield(self._trailing)

    async def _run(self) -> None:
        self._asked = False
        self._last_started = self._clock()
        self.runs += 1
        try:
            await self._step()
        except Exception:  # what asked for it is durable; the step is best effort
            log.warning("%s failed", self._name, exc_info=True)

    async def _trail(self, wait: float) -> None:
        try:
            while True:
                await asyncio.sleep(wait)
                await self._run()
                if not self._asked:
                    return
                # asked while it ran: once more, an interval after this run began
                wait = max(0.0, self._last_started + self.every - self._clock())
        finally:
            self._trailing = None
