"""One active worker per service database, elected by a PostgreSQL advisory lock (ADR 0003).

A background loop that must run on one replica at a time (the outbox relay, analytics' relay
sender, search's announcement sender) works only while it holds a session advisory lock on a
dedicated connection. The other replicas try again every ``retry_interval`` and take over when
the holder lets go or its connection goes away (a dead replica's connection closes, so within a
second). Advisory locks are per database and each service has its own, so this is "one per
service". The connection never sits idle in a transaction, and the lock is released before the
connection goes back to the pool: a pooled connection still holding it would keep every replica,
this one included, waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import zlib
from collections.abc import Awaitable, Callable

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from jobkit.tasks import stop_if_asked

log = logging.getLogger(__name__)

Lead = Callable[[AsyncConnection], Awaitable[None]]
AfterFailure = Callable[[Exception], Awaitable[None]]


class AdvisoryLockLeader:
    """Runs ``lead(connection)`` only while this replica holds the lock named ``lock_name``.

    ``lead`` gets the lock's connection (to check it with :meth:`still_held`, or to listen on
    it) and works until it fails; the lock is then released and, after ``after_failure(error)``
    (a pause, a reset), this replica competes for it again.
    """

    def __init__(
        self, *, engine: AsyncEngine, lock_name: str, name: str, retry_interval: float
    ) -> None:
        self._engine = engine
        self._name = name
        self._retry_interval = retry_interval
        self.lock_key = zlib.crc32(lock_name.encode())
        self.is_leader = False

    async def run_forever(self, lead: Lead, *, after_failure: AfterFailure) -> None:
        while True:
            try:
                async with self._engine.connect() as connection:
                    await self._acquire(connection)
                    try:
                        await lead(connection)
                    finally:
                        await self._release(connection)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                stop_if_asked()
                log.warning("%s failed, restarting: %s", self._name, error)
                await after_failure(error)
            finally:
                self.is_leader = False

    @staticmethod
    async def still_held(connection: AsyncConnection) -> None:
        """Fail (and so re-elect) when the lock's connection is gone."""
        await connection.execute(text("SELECT 1"))
        await connection.commit()

    async def _acquire(self, connection: AsyncConnection) -> None:
        """Wait until this replica holds the lock (a session lock on ``connection``)."""
        while True:
            acquired = await connection.scalar(
                text("SELECT pg_try_advisory_lock(:key)"), {"key": self.lock_key}
            )
            await connection.commit()  # never sit idle in a transaction while waiting or working
            if acquired:
                self.is_leader = True
                log.info("%s is the active one", self._name)
                return
            await asyncio.sleep(self._retry_interval)

    async def _release(self, connection: AsyncConnection) -> None:
        with contextlib.suppress(Exception):
            await connection.execute(
                text("SELECT pg_advisory_unlock(:key)"), {"key": self.lock_key}
            )
            await connection.commit()
