"""Waking a background loop when there is work, instead of looking every second (ADR 0054).

Whoever makes work for the loop (an outbox row, a webhook delivery) calls :func:`notify` in the
same transaction: PostgreSQL delivers the notification when it commits, once per transaction and
channel, and never for one that rolls back. The loop holds a :class:`Wakeup` that listens on its
leader lock's connection (:class:`jobkit.leader.AdvisoryLockLeader`: only the active replica
needs waking) and, with nothing to do, waits for a notification or its safety-net interval.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

StopListening = Callable[[], Awaitable[None]]


async def notify(session: AsyncSession, channel: str) -> None:
    """Wake the loop listening on ``channel`` when the session's transaction commits."""
    await session.execute(text("SELECT pg_notify(:channel, '')"), {"channel": channel})


class Wakeup:
    """A loop's wake-up call on one channel: :meth:`clear` before looking for work,
    :meth:`wait` when there was none."""

    def __init__(self, channel: str) -> None:
        self.channel = channel
        self.listening = False  # notifications heard (else the loop only has its interval)
        self._event = asyncio.Event()

    async def listen(self, connection: AsyncConnection) -> StopListening:
        """Hear the channel on ``connection`` (asyncpg's); returns how to stop, which must
        happen before the connection goes back to the pool."""
        driver: Any = (await connection.get_raw_connection()).driver_connection
        self.listening = hasattr(driver, "add_listener")
        if not self.listening:  # not asyncpg: the interval alone

            async def nothing() -> None:
                return None

            return nothing

        def wake(*_: object) -> None:
            self._event.set()

        await driver.add_listener(self.channel, wake)

        async def stop() -> None:
            self.listening = False
            with contextlib.suppress(Exception):
                await driver.remove_listener(self.channel, wake)

        return stop

    def set(self) -> None:
        self._event.set()

    def clear(self) -> None:
        self._event.clear()

    async def wait(self, seconds: float) -> None:
        """Until notified (since the last :meth:`clear`) or ``seconds`` passed."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(max(0.0, seconds)):
                await self._event.wait()
