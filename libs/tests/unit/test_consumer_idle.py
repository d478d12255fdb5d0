"""What an idle consumer group asks of its client (ADR 0054), without a broker: a long poll
instead of aiokafka's empty fetch every half second (a long one only while no fetched record
waits to be taken, so that no partition is left out of it), a fetch routine that is woken rather
than ticking every 0.2 s; all within the limits that keep its other promises (no fetch outlives
its request timeout, a partition left out of a fetch or held is read again within the longest
hold back-off, the heartbeat stays well inside the session)."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

import pytest
from aiokafka import AIOKafkaConsumer
from aiokafka.consumer.fetcher import Fetcher
from jobkit import consumer as consumer_module
from jobkit.consumer import (
    FETCH_MAX_WAIT_MS,
    FETCHER_WAKE_MS,
    IDLE_FETCH_MAX_WAIT_MS,
    MAX_HOLD_BACKOFF,
    POLL_TIMEOUT_MS,
    IdempotentConsumer,
)

AIOKAFKA_FETCH_MAX_WAIT_MS = 500
AIOKAFKA_CONSUMER_TIMEOUT_MS = 200


class _Fetcher:
    """Stands for aiokafka's fetcher: what its fetch requests are built from."""

    def __init__(self, fetch_max_wait_ms: int) -> None:
        self._fetch_max_wait_ms = fetch_max_wait_ms
        self._records: dict[str, object] = {}
        self.built_with: list[int] = []

    def _get_actions_per_node(self, assignment: object) -> str:
        self.built_with.append(self._fetch_max_wait_ms)
        return f"requests for {assignment}"


class _Client:
    """Stands for aiokafka's consumer: records what it was built and asked with."""

    built: list[dict[str, Any]] = []
    polls: list[dict[str, Any]] = []

    def __init__(self, *topics: str, **settings: Any) -> None:
        _Client.built.append(settings)
        self._fetcher = _Fetcher(settings["fetch_max_wait_ms"])

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
    assert IDLE_FETCH_MAX_WAIT_MS >= 10 * FETCH_MAX_WAIT_MS
    # the fetch routine's safety net: a routine that misses its wake-up sleeps the whole period,
    # once per hop of a saga (at 10 s, publish -> searchable p95 was 30.7 s)
    assert settings["consumer_timeout_ms"] == FETCHER_WAKE_MS <= 1_000
    assert clients.polls == [{"timeout_ms": POLL_TIMEOUT_MS, "max_records": 100}]
    # a poll that misses its wake-up sleeps its whole timeout: kept short (ADR 0054)
    assert POLL_TIMEOUT_MS <= 1_000
    # a long poll answered after its whole wait must not count as a timed-out request
    assert settings["request_timeout_ms"] > IDLE_FETCH_MAX_WAIT_MS
    # a partition left out of the fetch in flight, or held and read again, waits for it: not
    # longer than the hold's back-off (ADR 0054's amendment)
    assert FETCH_MAX_WAIT_MS <= MAX_HOLD_BACKOFF * 1000
    # the busy-machine margin of the session (its comment in consumer.py) is kept
    assert settings["session_timeout_ms"] >= 3 * settings["heartbeat_interval_ms"]


def test_a_fetch_long_polls_only_when_no_fetched_record_waits_to_be_taken(
    clients: type[_Client],
) -> None:
    client = _Client("topic", fetch_max_wait_ms=FETCH_MAX_WAIT_MS)
    fetcher = client._fetcher
    consumer_module._long_poll_while_drained(client)  # type: ignore[arg-type]

    # nothing waits: the fetch asks for every partition, any record answers it at once
    assert fetcher._get_actions_per_node("assignment") == "requests for assignment"
    # a partition's records wait to be taken: the fetch may leave it out, so it is short
    fetcher._records["topic-0"] = object()
    fetcher._get_actions_per_node("assignment")
    fetcher._records.clear()
    fetcher._get_actions_per_node("assignment")

    assert fetcher.built_with == [IDLE_FETCH_MAX_WAIT_MS, FETCH_MAX_WAIT_MS, IDLE_FETCH_MAX_WAIT_MS]


def test_aiokafka_builds_its_fetches_where_the_wait_is_chosen() -> None:
    """The internals ``_long_poll_while_drained`` relies on (aiokafka 0.14): the consumer's
    fetcher, whose routine builds each round's requests by calling ``_get_actions_per_node``
    (an instance attribute wins), from ``_fetch_max_wait_ms``, leaving out only partitions with
    records in ``_records``. An upgrade that changes them fails here."""
    assert "self._fetcher = Fetcher(" in inspect.getsource(AIOKafkaConsumer.start)
    routine = inspect.getsource(Fetcher._fetch_requests_routine)
    assert "= self._get_actions_per_node(assignment)" in routine
    actions = inspect.getsource(Fetcher._get_actions_per_node)
    assert "FetchRequest(\n                self._fetch_max_wait_ms," in actions
    assert "if tp in self._records:" in actions
    assert actions.count("fetchable[node_id].append") == 1
