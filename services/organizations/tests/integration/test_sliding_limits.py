"""A burst that straddles the end of a rate-limit window is limited as if the window were one:
the limit holds over any ``window_seconds`` (jobkit.ratelimit; the contact form's limit failed a
test once when its four messages fell either side of a window's end)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from jobkit.ratelimit import over_limits
from organizations.db import rate_limit_hits
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

WINDOW = 600


async def test_a_burst_across_a_windows_end_is_counted_as_one(
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    key = f"test:sliding:{uuid.uuid4().hex}"
    end = datetime.fromtimestamp((int(datetime.now(UTC).timestamp()) // WINDOW + 1) * WINDOW, UTC)
    moments = [end - timedelta(seconds=0.3 - 0.1 * i) for i in range(3)]
    moments += [end + timedelta(seconds=0.1), end + timedelta(seconds=WINDOW * 0.7)]

    async def hit(now: datetime) -> bool:
        return await over_limits(
            committed_sessions, rate_limit_hits, [(key, 3)], now=now, window_seconds=WINDOW
        )

    try:
        answers = [await hit(now) for now in moments]
        # three pass, the fourth (0.1 s after the window's end) does not; 70 % into the next
        # window, enough of the first three have aged out of the sliding window (the refused
        # fourth still counts: 3 x 0.3 + 2 is within 3)
        assert answers == [False, False, False, True, False]
    finally:
        async with committed_sessions() as session, session.begin():
            await session.execute(rate_limit_hits.delete().where(rate_limit_hits.c.key == key))
