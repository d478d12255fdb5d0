"""A step run at most once per interval with a trailing run (ADR 0062, the indexer's refresh):
at once after a quiet interval, one trailing run for the asks of a busy one, never later than
the interval after an ask, again after a run for an ask made while it ran; and the consumer's
after-batch step that uses it run before the consumer stops."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest
from jobkit.consumer import IdempotentConsumer
from jobkit.throttle import Throttled
from sqlalchemy import Column, MetaData, String, Table

EVERY = 0.2
SLACK = 0.15  # a loaded machine's event loop may run a timer this late


class _Step:
    def __init__(self) -> None:
        self.began: list[float] = []
        self.release: asyncio.Event | None = None
        self.waiting = asyncio.Event()  # a run waits for ``release``
        self.fail = False

    async def __call__(self) -> None:
        self.began.append(time.monotonic())
        if self.release is not None:
            self.waiting.set()
            await self.release.wait()
        if self.fail:
            raise RuntimeError("refresh refused")


async def test_an_ask_after_a_quiet_interval_runs_the_step_at_once() -> None:
    step = _Step()
    throttled = Throttled(step, every=EVERY)
    await throttled()
    assert len(step.began) == 1  # done when the ask returns: nothing left to a task
    assert not throttled.pending
    await asyncio.sleep(EVERY + 0.01)
    await throttled()
    assert len(step.began) == 2
    assert not throttled.pending


async def test_the_asks_of_a_busy_interval_share_one_trailing_run_within_the_interval() -> None:
    step = _Step()
    throttled = Throttled(step, every=EVERY)
    await throttled()
    asked = []
    for _ in range(5):
        await asyncio.sleep(EVERY / 10)
        asked.append(time.monotonic())
        await throttled()
    assert len(step.began) == 1  # none of them ran it in the caller's task
    assert throttled.pending
    await throttled.settle()
    assert len(step.began) == 2  # one trailing run for all five
    assert throttled.asks == 6
    assert throttled.runs == 2
    # an interval after the first run, so within an interval of every ask it answers
    assert step.began[1] - step.began[0] >= EVERY - 0.01
    assert step.began[1] <= asked[0] + EVERY + SLACK


async def test_an_ask_while_the_step_runs_has_a_run_of_its_own_after_it() -> None:
    step = _Step()
    throttled = Throttled(step, every=EVERY)
    await throttled()
    await throttled()  # a trailing run is due
    step.release = asyncio.Event()
    await step.waiting.wait()  # the trailing run has begun and waits
    asked = time.monotonic()
    await throttled()  # what it follows may have been written after that run began
    step.release.set()
    await throttled.settle()
    assert len(step.began) == 3
    assert step.began[2] - step.began[1] >= EVERY - 0.01
    assert step.began[2] <= asked + EVERY + SLACK


async def test_every_zero_runs_the_step_at_each_ask() -> None:
    step = _Step()
    throttled = Throttled(step, every=0)
    for _ in range(3):
        await throttled()
    assert len(step.began) == 3
    assert not throttled.pending


async def test_a_failing_step_is_logged_and_run_again_at_the_next_ask(
    caplog: pytest.LogCaptureFixture,
) -> None:
    step = _Step()
    step.fail = True
    throttled = Throttled(step, every=EVERY, name="refresh of test")
    with caplog.at_level(logging.WARNING):
        await throttled()
    assert "refresh of test failed" in caplog.text
    await throttled()
    await throttled.settle()
    assert len(step.began) == 2


async def test_a_consumers_trailing_after_batch_step_runs_before_it_stops(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class _Client:
        def __init__(self, *topics: str, **settings: object) -> None:
            pass

        async def stop(self) -> None:
            return None

    step = _Step()
    consumer = IdempotentConsumer(
        group_id="test-throttle",
        handlers={},
        sessions=None,  # type: ignore[arg-type]
        processed=Table("processed", MetaData(), Column("event_id", String)),
        bootstrap_servers="127.0.0.1:1",
        after_batch=step,
        after_batch_every=EVERY,
    )
    monkeypatch.setattr(consumer, "_consumer", _Client())
    after = consumer._after_batch
    assert after is not None
    await after()
    await after()  # a trailing run is due
    assert len(step.began) == 1
    await consumer.stop()
    assert len(step.began) == 2
