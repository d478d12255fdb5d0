"""Harness tests without any network: scenarios sleep, raise, or drive a fake clock."""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from pathlib import Path

import httpx
import pytest

from bench.harness import (
    RequestFailed,
    RunSettings,
    Scenario,
    TargetRefused,
    check_graphql,
    ensure_loopback,
    format_table,
    percentile,
    run_interleaved,
    run_scenario,
    write_json,
)


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_percentile_linear_interpolation() -> None:
    values = [float(v) for v in range(1, 101)]  # 1..100
    assert percentile(values, 0) == 1.0
    assert percentile(values, 100) == 100.0
    assert percentile(values, 50) == pytest.approx(50.5)
    assert percentile(values, 90) == pytest.approx(90.1)
    assert percentile(values, 95) == pytest.approx(95.05)
    assert percentile(values, 99) == pytest.approx(99.01)
    # Same definition as statistics.quantiles(method="inclusive"), order does not matter.
    shuffled = [7.0, 1.0, 3.0, 12.0, 5.0, 2.0, 9.0]
    cuts = statistics.quantiles(shuffled, n=100, method="inclusive")
    for p in (10, 50, 90, 95, 99):
        assert percentile(shuffled, p) == pytest.approx(cuts[p - 1])


def test_percentile_edge_cases() -> None:
    assert percentile([], 50) is None
    assert percentile([4.2], 99) == 4.2
    with pytest.raises(ValueError):
        percentile([1.0], 101)


async def test_runner_latencies_from_the_clock_are_exact() -> None:
    """With concurrency 1 and a fake clock, request i takes exactly i ms."""
    clock = FakeClock()
    calls = 0

    async def request() -> None:
        nonlocal calls
        calls += 1
        clock.now += calls / 1000.0 if calls > 3 else 0.5  # first 3 calls are warm-up

    settings = RunSettings(requests=100, concurrency=1, warmup=3)
    result = await run_scenario(Scenario("fake", request), settings, clock=clock)

    assert calls == 103
    assert result.requests == 100
    assert result.errors == 0
    assert sorted(result.latencies_ms) == pytest.approx([float(i) for i in range(4, 104)])
    assert result.percentile(50) == pytest.approx(53.5)
    assert result.percentile(90) == pytest.approx(93.1)
    assert result.percentile(99) == pytest.approx(102.01)
    assert result.max_ms == pytest.approx(103.0)
    assert result.elapsed_s == pytest.approx(sum(range(4, 104)) / 1000.0)
    assert result.throughput == pytest.approx(100 / result.elapsed_s)


async def test_runner_with_real_sleeps_and_concurrency() -> None:
    in_flight = 0
    peak = 0

    async def request() -> None:
        nonlocal in_flight, peak
        in_flight += 1
        peak = max(peak, in_flight)
        await asyncio.sleep(0.01)
        in_flight -= 1

    settings = RunSettings(requests=40, concurrency=4, warmup=4)
    started = time.perf_counter()
    result = await run_scenario(Scenario("sleep", request), settings)
    wall = time.perf_counter() - started

    assert peak == 4
    assert result.requests == 40
    assert result.errors == 0
    assert len(result.latencies_ms) == 40
    assert min(result.latencies_ms) >= 9.0  # asyncio.sleep never returns early (allow rounding)
    assert result.percentile(50) is not None
    assert 9.0 <= result.percentile(50) < 200.0  # type: ignore[operator]
    # 44 requests of >= 10 ms, 4 at a time: at least 11 rounds.
    assert wall >= 0.1
    assert result.throughput <= 4 / 0.009


async def test_errors_are_counted_and_kept_out_of_latencies() -> None:
    calls = 0

    async def request() -> None:
        nonlocal calls
        calls += 1
        if calls % 4 == 0:
            raise RequestFailed("HTTP 503")
        if calls % 4 == 1:
            raise ConnectionError("refused")
        await asyncio.sleep(0.001)

    result = await run_scenario(
        Scenario("flaky", request), RunSettings(requests=100, concurrency=3, warmup=0)
    )
    assert result.requests == 100
    assert result.errors == 50
    assert result.ok == 50
    assert len(result.latencies_ms) == 50
    assert result.error_kinds == {"HTTP 503": 25, "ConnectionError: refused": 25}
    table = format_table([result])
    assert "flaky" in table
    assert "25 x HTTP 503" in table


async def test_all_failing_scenario_reports_no_percentiles() -> None:
    async def request() -> None:
        raise RequestFailed("GraphQL errors: boom")

    result = await run_scenario(Scenario("down", request), RunSettings(requests=10, warmup=2))
    assert (result.requests, result.errors) == (10, 10)
    assert result.percentile(50) is None
    assert result.max_ms is None
    assert result.to_dict()["latency_ms"]["p99"] is None
    row = format_table([result]).splitlines()[2]
    assert row.split()[:3] == ["down", "10", "10"]
    assert row.split()[-1] == "-"


async def test_per_request_timeout_counts_as_error() -> None:
    async def request() -> None:
        await asyncio.sleep(5)

    result = await run_scenario(
        Scenario("slow", request),
        RunSettings(requests=2, concurrency=2, warmup=0, request_timeout=0.05),
    )
    assert (result.requests, result.errors) == (2, 2)
    assert result.error_kinds == {"timeout": 2}


async def test_wall_time_cap_stops_the_run() -> None:
    async def request() -> None:
        await asyncio.sleep(0.05)

    started = time.perf_counter()
    result = await run_scenario(
        Scenario("capped", request),
        RunSettings(requests=10_000, concurrency=2, warmup=0, max_seconds=0.3),
    )
    assert time.perf_counter() - started < 2.0
    assert result.stopped_by_time
    assert 2 <= result.requests < 30
    assert result.errors == 0
    assert result.elapsed_s == pytest.approx(0.3, abs=0.2)
    assert "stopped by the wall-time cap" in format_table([result])


async def test_setup_and_teardown_run_around_the_requests() -> None:
    events: list[str] = []

    async def setup() -> None:
        events.append("setup")

    async def request() -> None:
        events.append("request")

    async def teardown() -> None:
        events.append("teardown")

    scenario = Scenario("ordered", request, setup=setup, teardown=teardown)
    await run_scenario(scenario, RunSettings(requests=3, warmup=1))
    assert events == ["setup", *["request"] * 4, "teardown"]


async def test_teardown_runs_when_setup_fails() -> None:
    events: list[str] = []

    async def setup() -> None:
        raise RuntimeError("no index")

    async def request() -> None:
        events.append("request")

    async def teardown() -> None:
        events.append("teardown")

    with pytest.raises(RuntimeError):
        await run_scenario(Scenario("broken", request, setup=setup, teardown=teardown))
    assert events == ["teardown"]


def test_json_output(tmp_path: Path) -> None:
    async def request() -> None:
        return None

    result = asyncio.run(run_scenario(Scenario("noop", request), RunSettings(requests=5)))
    path = tmp_path / "out.json"
    write_json(path, [result], RunSettings(requests=5))
    document = json.loads(path.read_text())
    assert document["settings"]["requests"] == 5
    (entry,) = document["results"]
    assert entry["scenario"] == "noop"
    assert entry["requests"] == 5
    assert entry["errors"] == 0
    assert set(entry["latency_ms"]) == {"p50", "p90", "p95", "p99", "min", "mean", "max"}


def _response(status: int, body: object) -> httpx.Response:
    return httpx.Response(status, json=body)


def test_check_graphql() -> None:
    assert check_graphql(_response(200, {"data": {"a": 1}})) == {"a": 1}
    with pytest.raises(RequestFailed, match="HTTP 502"):
        check_graphql(_response(502, {"errors": [{"message": "gateway"}]}))
    with pytest.raises(RequestFailed, match="GraphQL errors: nope"):
        check_graphql(_response(200, {"data": None, "errors": [{"message": "nope"}]}))
    with pytest.raises(RequestFailed, match="not JSON"):
        check_graphql(httpx.Response(200, text="<html>"))


@pytest.mark.parametrize(
    "url",
    ["http://127.0.0.1:9200", "http://localhost:3002", "http://[::1]:4000", "http://127.1.2.3"],
)
def test_loopback_targets_are_accepted(url: str) -> None:
    ensure_loopback(url)


@pytest.mark.parametrize(
    "url",
    [
        "http://10.0.0.5:9200",
        "http://example.com",
        "http://127.0.0.1.example.com",
        "http://0.0.0.0:9200",
        "ftp://127.0.0.1",
    ],
)
def test_other_targets_are_refused(url: str) -> None:
    with pytest.raises(TargetRefused):
        ensure_loopback(url)


async def test_interleaved_scenarios_take_turns_in_one_phase() -> None:
    clock = FakeClock()
    order: list[str] = []
    events: list[str] = []

    def scenario(name: str, milliseconds: float, fail_every: int = 0) -> Scenario:
        calls = 0

        async def request() -> None:
            nonlocal calls
            calls += 1
            order.append(name)
            clock.now += milliseconds / 1000.0
            if fail_every and calls % fail_every == 0:
                raise RequestFailed("HTTP 503")

        async def setup() -> None:
            events.append(f"setup {name}")

        async def teardown() -> None:
            events.append(f"teardown {name}")

        return Scenario(name, request, setup=setup, teardown=teardown)

    settings = RunSettings(requests=10, concurrency=1, warmup=2)
    fast, slow = scenario("fast", 1.0), scenario("slow", 5.0, fail_every=4)
    results = await run_interleaved([fast, slow], settings, clock=clock)

    assert events == ["setup fast", "setup slow", "teardown slow", "teardown fast"]
    assert order[:4] == ["fast", "fast", "slow", "slow"]  # each warmed up on its own
    assert order[4:] == ["fast", "slow"] * 10  # then in turn
    by_name = {result.name: result for result in results}
    assert by_name["fast"].requests == by_name["slow"].requests == 10
    assert by_name["fast"].latencies_ms == pytest.approx([1.0] * 10)
    assert by_name["slow"].errors == 3  # its calls 4, 8 and 12 (2 warm-up calls first)
    assert by_name["slow"].error_kinds == {"HTTP 503": 3}
    assert by_name["fast"].elapsed_s == by_name["slow"].elapsed_s == pytest.approx(0.06)
