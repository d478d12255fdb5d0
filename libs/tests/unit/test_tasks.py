"""A loop that retries its client's errors still stops when cancelled, even when the client
turns the cancellation into one of those errors (what Python 3.11's ``asyncio.wait_for`` does
when the cancellation arrives as its inner call fails)."""

from __future__ import annotations

import asyncio

import pytest
from jobkit.tasks import stop_if_asked


async def _client_call(started: asyncio.Event) -> None:
    started.set()
    try:
        await asyncio.sleep(60)
    except asyncio.CancelledError:
        raise OSError("connection reset") from None  # the cancellation, lost


async def _retrying_loop(started: asyncio.Event, finish: asyncio.Event, *, honour: bool) -> None:
    while not finish.is_set():
        try:
            await _client_call(started)
        except OSError:
            if honour:
                stop_if_asked()
            await asyncio.sleep(0.01)


@pytest.mark.parametrize("honour", [True, False])
async def test_a_retrying_loop_stops_only_when_it_asks_whether_it_was_cancelled(
    honour: bool,
) -> None:
    started, finish = asyncio.Event(), asyncio.Event()
    task = asyncio.create_task(_retrying_loop(started, finish, honour=honour))
    await started.wait()
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=2)
    try:
        # with the check the loop stops at once; without it the lost cancellation keeps it going
        assert (task in done) is honour
        if honour:
            assert task.cancelled()
    finally:
        finish.set()  # the loop that did not stop ends here
        task.cancel()
        await asyncio.wait([task], timeout=2)


async def test_a_timeout_is_not_taken_for_a_request_to_stop() -> None:
    stop_if_asked()  # nobody asked: nothing happens
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.01):
            await asyncio.sleep(1)
    stop_if_asked()  # the timeout's own cancellation was taken back
