"""What an idle consumer group asks of its client (ADR 0054), without a broker: a long poll
instead of aiokafka's empty fetch every half second, a fetch routine that is woken rather than
ticking every 0.2 s, and a loop that waits in ``getmany`` rather than turning every second; all
within the limits that keep its other promises (no fetch outlives its request timeout, a held
partition is read again within the longest hold back-off, the heartbeat stays well inside the
session)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from jobkit import consumer as consumer_module
from jobkit.consumer import (
    FETCH_MAX_WAIT_MS,
    FETCHER_WAKE_MS,
    MAX_HOLD_BACKOFF,
    POLL_TIMEOUT_MS,
    IdempotentConsumer,
)

AIOKAFKA_FETCH_MAX_WAIT_MS = 500
AIOKAFKA_CONSUMER_TIMEOUT_MS = 200


class _Client:
    """Stands for aiokafka's consumer: records what it was built and asked with."""

    built: list[dict[str, Any]] = []
    polls: list[dict[str, Any]] = []

    def __init__(self, *topics: str, **settings: Any) -> None:
        _Client.built.append(settings)

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def getmany(self, **asked: Any) -> dict[Any, Any]:
        _Client.polls.append(asked)
        raise asyncio.CancelledError  # one turn of the loop is enough


class _Producer:
    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None


@pytest.fixture
def clients(monkeypatch: pytest.MonkeyPatch) -> type[_Client]:
    _Client.built, _Client.polls = [], []
    monkeypatch.setattr(consumer_module, "AIOKafkaConsumer", _Client)
    monkeypatch.setattr(consumer_module, "idempotent_producer", lambda *_, **__: _Producer())
    return _Client


async def test_an_idle_group_long_polls_and_waits_instead_of_ticking(
    clients: type[_Client],
) -> None:
    consumer = IdempotentConsumer(
        group_id="group",
        handlers={"topic": {}},
        sessions=None,  # type: ignore[arg-type]
        processed=None,  # type: ignore[arg-type]
        bootstrap_servers="127.0.0.1:9",
    )
    with pytest.raises(asyncio.CancelledError):
        await consumer.run_forever()

    (settings,) = clients.built
    assert settings["fetch_max_wait_ms"] == FETCH_MAX_WAIT_MS > AIOKAFKA_FETCH_MAX_WAIT_MS
    assert settings["consumer_timeout_ms"] == FETCHER_WAKE_MS > AIOKAFKA_CONSUMER_TIMEOUT_MS
    assert clients.polls == [{"timeout_ms": POLL_TIMEOUT_MS, "max_records": 100}]
    # a poll that misses its wake-up sleeps its whole timeout: kept short (ADR 0054)
    assert POLL_TIMEOUT_MS <= 1_000
    # a long poll answered after its whole wait must not count as a timed-out request
    assert settings["request_timeout_ms"] > settings["fetch_max_wait_ms"]
    # a held partition's re-read waits for the fetch in flight: not longer than the back-off
    assert FETCH_MAX_WAIT_MS <= MAX_HOLD_BACKOFF * 1000
    # the busy-machine margin of the session (its comment in consumer.py) is kept
    assert settings["session_timeout_ms"] >= 3 * settings["heartbeat_interval_ms"]
