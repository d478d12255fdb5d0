"""How a service process is served: uvicorn's command line, with a server loop that wakes once
a second instead of ten times (ADR 0054).

    python -m jobkit.serve <name>.main:create_app --factory --host 127.0.0.1 --port 8103 [...]

Every option is uvicorn's. uvicorn's own loop sleeps 0.1 s at a time, to refresh its ``Date``
header (once a second) and to see whether it was asked to stop: at rest those ten wake-ups a
second were the largest single cost left in an idle service (bench/RESULTS.md). :class:`QuietServer`
ticks once a second, which is still the header's resolution, and a signal asking it to stop
wakes it at once, so it stops as promptly as before.
"""

from __future__ import annotations

import asyncio
import importlib
from types import FrameType
from typing import Any

import uvicorn

# the module (the package's own ``uvicorn.main`` is the command it defines)
_cli: Any = importlib.import_module("uvicorn.main")

TICK_SECONDS = 1.0
# uvicorn's on_tick refreshes the Date header when its counter is a multiple of ten (ten 0.1 s
# ticks): a counter going up by ten refreshes it on every tick of a second
_COUNTER_STEP = 10
_COUNTER_WRAP = 864_000


class QuietServer(uvicorn.Server):
    """uvicorn's server whose main loop ticks every :data:`TICK_SECONDS`, woken early by a
    signal asking it to stop."""

    _stop_asked: asyncio.Future[None] | None = None

    async def main_loop(self) -> None:
        loop = asyncio.get_running_loop()
        self._stop_asked = loop.create_future()
        counter = 0
        should_exit = await self.on_tick(counter)
        while not should_exit:
            counter = (counter + _COUNTER_STEP) % _COUNTER_WRAP
            await asyncio.wait([self._stop_asked], timeout=TICK_SECONDS)
            should_exit = await self.on_tick(counter)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        stop_asked = self._stop_asked
        if stop_asked is not None and not stop_asked.done():
            # a signal handler runs between any two bytecodes of the loop's thread: hand the
            # wake-up to the loop rather than touch the future here
            stop_asked.get_loop().call_soon_threadsafe(_done, stop_asked)


def _done(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def main() -> None:
    # uvicorn's command builds its server from its module's ``Server``
    _cli.Server = QuietServer
    _cli.main()


if __name__ == "__main__":
    main()
