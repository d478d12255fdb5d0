"""The rate limits hold over a sliding window: a burst straddling the end of a fixed window
cannot pass twice the limit, and Retry-After says when the next hit would pass."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from jobkit.ratelimit import Hits, seconds_until_allowed, sliding_count

WINDOW = 600
START = datetime(2026, 11, 30, 4, 50, tzinfo=UTC)  # a window starts here (600 s divides it)


def at(seconds: float) -> datetime:
    return datetime.fromtimestamp(START.timestamp() + seconds, UTC)


def test_the_previous_window_counts_as_much_as_the_sliding_window_still_covers() -> None:
    # three hits just before the window's end, the fourth just after: four in a second
    assert sliding_count(Hits(current=1, previous=3), now=at(0.1), window_seconds=WINDOW) > 3
    # halfway through the window, half of the previous window's hits still count
    assert sliding_count(
        Hits(current=1, previous=4), now=at(300), window_seconds=WINDOW
    ) == pytest.approx(3)
    # at the window's end the previous window no longer counts
    assert sliding_count(
        Hits(current=2, previous=9), now=at(599.999), window_seconds=WINDOW
    ) == pytest.approx(2, abs=0.01)


def test_retry_after_is_when_the_same_hit_would_pass() -> None:
    # refused in this window with room left in it: once the previous share has shrunk enough
    hits = Hits(current=2, previous=3)  # limit 4, one more hit: wait for 2 of 3 to age out
    wait = seconds_until_allowed(hits, limit=4, amount=1, now=at(60), window_seconds=WINDOW)
    assert wait == pytest.approx(WINDOW * 2 / 3 - 60)
    later = at(60 + wait)
    assert sliding_count(
        Hits(current=3, previous=3), now=later, window_seconds=WINDOW
    ) == pytest.approx(4)
    # this window is full: into the next one, until this window's share is small enough
    full = Hits(current=4, previous=0)
    wait = seconds_until_allowed(full, limit=3, amount=1, now=at(100), window_seconds=WINDOW)
    assert wait == pytest.approx(500 + WINDOW * (1 - 2 / 4))
    next_window = Hits(current=1, previous=4)
    assert sliding_count(next_window, now=at(100 + wait), window_seconds=WINDOW) == pytest.approx(3)
    # a hit larger than the limit never passes
    assert seconds_until_allowed(
        Hits(current=9, previous=0), limit=3, amount=5, now=at(1), window_seconds=WINDOW
    ) == float("inf")
