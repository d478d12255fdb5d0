"""bench.resume_search_ab's rows and round table (no network)."""

from __future__ import annotations

import pytest

from bench.harness import ScenarioResult, TargetRefused
from bench.resume_search_ab import Eight, format_round, parse, rows


def result(name: str, latencies: list[float], elapsed: float = 1.0) -> ScenarioResult:
    return ScenarioResult(name, len(latencies), 0, elapsed, latencies)


def test_the_rows_are_the_raw_baseline_then_each_side_and_its_process() -> None:
    args = parse(
        [
            "--current-search=http://127.0.0.1:8134",
            "--current-pid=11",
            "--current-gateway=",
            "--candidate-search=http://127.0.0.1:8124",
            "--candidate-gateway=http://127.0.0.1:4011",
            "--candidate-pid=22",
        ]
    )
    found = rows(args)
    assert [(r.name, r.pid) for r in found] == [
        ("raw ES _search", None),
        ("current service", 11),
        ("candidate service", 22),
        ("candidate gateway", 22),
    ]
    assert found[1].subject.base_url == "http://127.0.0.1:8134"


def test_a_target_off_loopback_is_refused() -> None:
    with pytest.raises(TargetRefused):
        parse(["--candidate-search=http://example.org:8124"])


def test_a_round_prints_ratios_to_the_raw_row_and_cpu_per_request() -> None:
    found = rows(parse(["--current-gateway=", "--candidate-search=http://127.0.0.1:8124"]))
    one = [result(r.name, [10.0] * 20) for r in found]
    one[1] = result(found[1].name, [30.0] * 20)
    eight = {
        found[0].name: Eight(result(found[0].name, [1.0] * 100), None),
        found[1].name: Eight(result(found[1].name, [1.0] * 50), 6.0),
    }
    table = format_round(1, found, one, eight)
    lines = table.splitlines()
    assert lines[0] == "round 1"
    current = next(line for line in lines if line.startswith("current service"))
    assert current.split() == [
        "current",
        "service",
        "30.0",
        "30.0",
        "3.00x",
        "50",
        "0.50x",
        "6.0",
        "0",
    ]
    candidate = next(line for line in lines if line.startswith("candidate service"))
    assert candidate.split()[-4:] == ["-", "-", "-", "0"]
