"""The raw baseline of the in-process write benches (``bench.ats_batches``, ``bench.slot_saga``):
the rows a use case wrote, copied with plain INSERTs into tables made like theirs."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from jobkit.testing.statements import count_statements
from sqlalchemy import Column, MetaData, Table, insert, select, text
from sqlalchemy.ext.asyncio import AsyncEngine

RAW_CHUNK = 1_000  # rows a baseline INSERT


async def copy_rows(engine: AsyncEngine, tables: Sequence[Table]) -> tuple[float, int, int]:
    """Each table's rows read, then written with plain INSERTs (executemany, ``RAW_CHUNK`` rows a
    call) into a table made like it (no constraints but its columns' defaults); the seconds of
    the writes, their statements and the rows."""
    copies: list[tuple[Table, str, list[dict[str, Any]]]] = []
    async with engine.begin() as connection:
        for table in tables:
            copy = f"bench_{table.name}"
            await connection.execute(
                text(f"CREATE TABLE {copy} (LIKE {table.name} INCLUDING DEFAULTS)")
            )
            rows = [dict(row._mapping) for row in await connection.execute(select(table))]
            copies.append((table, copy, rows))
    with count_statements(engine.sync_engine) as log:
        started = time.perf_counter()
        async with engine.begin() as connection:
            for table, copy, rows in copies:
                target = Table(copy, MetaData(), *(Column(c.name, c.type) for c in table.columns))
                for start in range(0, len(rows), RAW_CHUNK):
                    await connection.execute(insert(target), rows[start : start + RAW_CHUNK])
        seconds = time.perf_counter() - started
    return seconds, log.count, sum(len(rows) for _, _, rows in copies)
