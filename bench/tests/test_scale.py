"""bench.scale's table and verdicts, from figures and results made up here (no network, no
stack, no timings)."""

from __future__ import annotations

from typing import Any

import pytest

from bench import scale
from bench.harness import ScenarioResult
from bench.scale import FULL, QUICK, Figure, Goal


def figure(measured: float | None, baseline: float | None, goal: Goal, **kw: Any) -> Figure:
    return Figure(
        part="test",
        name=kw.pop("name", "a figure"),
        unit=kw.pop("unit", "ms"),
        measured=measured,
        baseline=baseline,
        baseline_name="raw",
        compare=kw.pop("compare", "ratio"),
        goal=goal,
        **kw,
    )


AT_MOST_1_5X = Goal("ratio", "<=", 1.5, "<= 1.5x raw")
AT_LEAST_HALF = Goal("ratio", ">=", 0.5, ">= 0.5x raw")
ADDS_30_MS = Goal("difference", "<=", 30, "<= +30 ms")
UNDER_5 = Goal("measured", "<", 5, "< 5 %")


@pytest.mark.parametrize(
    ("measured", "baseline", "goal", "met"),
    [
        (15, 10, AT_MOST_1_5X, True),  # exactly the limit is met
        (15.1, 10, AT_MOST_1_5X, False),
        (5, 10, AT_LEAST_HALF, True),
        (4.9, 10, AT_LEAST_HALF, False),
        (130, 100, ADDS_30_MS, True),
        (131, 100, ADDS_30_MS, False),
        (4.99, 1, UNDER_5, True),
        (5, 1, UNDER_5, False),  # "under" is strict
        (4, None, UNDER_5, True),  # a goal on the measured value needs no baseline
        (None, 10, AT_MOST_1_5X, None),  # not measured: no verdict
        (15, None, AT_MOST_1_5X, None),  # no baseline: no ratio to judge
        (15, 0, AT_MOST_1_5X, None),
    ],
)
def test_verdicts(measured: float | None, baseline: float | None, goal: Goal, met: bool) -> None:
    compare = "difference" if goal.on == "difference" else "ratio"
    assert figure(measured, baseline, goal, compare=compare).met() is met


def test_a_missing_figure_can_be_a_miss() -> None:
    knee = figure(None, None, Goal("measured", ">", 0, "a step"), missing_is_miss=True)
    assert knee.met() is False
    assert scale.verdict(knee) == "NO"


def test_the_table_has_every_column_and_one_row_per_figure() -> None:
    figures = [
        figure(40.0, 20.0, AT_MOST_1_5X, name="job search via web, c1 p95"),
        figure(112.4, 98.2, ADDS_30_MS, name="/jobs server render, c1 p50", compare="difference"),
        figure(3.5, 1.25, UNDER_5, name="whole stack at rest", unit="%"),
        figure(None, 9.0, AT_LEAST_HALF, name="not measured", unit="req/s"),
    ]
    lines = scale.format_table(figures).splitlines()
    assert len(lines) == 2 + len(figures)
    assert [c.strip() for c in lines[0].strip("|").split("|")] == list(scale.HEAD)
    assert set(lines[1]) == {"|", "-"}
    assert len({len(line) for line in lines}) == 1  # the columns line up
    cells = [[c.strip() for c in line.strip("|").split("|")] for line in lines[2:]]
    assert cells[0] == [
        "job search via web, c1 p95",
        "40 ms",
        "20 ms (raw)",
        "2.00x",
        "<= 1.5x raw",
        "NO",
    ]
    assert cells[1][1:4] == ["112 ms", "98 ms (raw)", "+14 ms"]
    assert cells[1][5] == "yes"
    assert cells[2][1:4] == ["3.50 %", "1.25 % (raw)", "2.80x"]
    assert cells[3][1:] == ["-", "9.0 req/s (raw)", "-", ">= 0.5x raw", "-"]


def test_amounts_and_differences() -> None:
    assert scale.amount(4.25, "ms") == "4.2 ms"
    assert scale.amount(1234.4, "ms") == "1234 ms"
    assert scale.amount(71.06, "req/s") == "71.1 req/s"
    assert scale.amount(200.4, "MiB") == "200 MiB"
    faster = figure(90, 100, ADDS_30_MS, compare="difference")
    assert scale.comparison(faster) == "-10 ms"


def test_a_ratio_rounding_onto_its_goal_shows_the_deciding_digit() -> None:
    # 59.7 against 120.3 req/s is 0.496x: "0.50x" beside NO would read as met
    assert scale.comparison(figure(59.7, 120.3, AT_LEAST_HALF)) == "0.496x"
    assert scale.verdict(figure(59.7, 120.3, AT_LEAST_HALF)) == "NO"
    assert scale.comparison(figure(1.503, 1.0, AT_MOST_1_5X)) == "1.503x"
    # otherwise two decimals, as before
    assert scale.comparison(figure(61.0, 120.0, AT_LEAST_HALF)) == "0.51x"
    assert scale.comparison(figure(2.0, 1.0, AT_MOST_1_5X)) == "2.00x"


def test_the_summary_names_the_missed_goals() -> None:
    figures = [
        figure(10, 10, AT_MOST_1_5X, name="fine"),
        figure(20, 10, AT_MOST_1_5X, name="too slow"),
        figure(None, 10, AT_MOST_1_5X, name="skipped"),
    ]
    assert scale.summary_line(figures) == "1 of 3 goals met, missed: too slow, 1 not measured"


def result(name: str, latencies: list[float], *, seconds: float = 1.0, errors: int = 0) -> Any:
    return ScenarioResult(
        name=name,
        requests=len(latencies) + errors,
        errors=errors,
        elapsed_s=seconds,
        latencies_ms=latencies,
        error_kinds={"HTTP 502": errors} if errors else {},
    )


def test_search_figures_set_each_row_beside_its_own_kinds_raw_row() -> None:
    rows = [
        scale.SearchRow("job", "raw", None),
        scale.SearchRow("job", scale.NEW, None),
        scale.SearchRow("resume", "raw", None),
        scale.SearchRow("resume", "never kept", None),
    ]
    at_1 = {
        "job raw": result("job raw", [10.0] * 20),
        f"job {scale.NEW}": result(f"job {scale.NEW}", [14.0] * 20),
        "resume raw": result("resume raw", [5.0] * 20),
        "resume never kept": result("resume never kept", [20.0] * 20, errors=2),
    }
    at_8 = {name: result(name, [1.0] * 100, seconds=2.0) for name in at_1}
    at_8["job raw"] = result("job raw", [1.0] * 100, seconds=0.5)  # 200 req/s
    figures = scale.search_figures(rows, at_1, at_8)
    assert [f.name for f in figures] == [
        f"job search via web ({scale.NEW}), c1 p95",
        f"job search via web ({scale.NEW}), c8 throughput",
        "resume search via web (never kept), c1 p95",
        "resume search via web (never kept), c8 throughput",
    ]
    job_p95, job_rate, resume_p95, resume_rate = figures
    assert job_p95.ratio == pytest.approx(1.4)
    assert job_p95.met() is True
    assert job_rate.ratio == pytest.approx(0.25)
    assert job_rate.met() is False
    assert resume_p95.ratio == pytest.approx(4.0)
    assert "2 errors" in resume_p95.note
    assert resume_rate.met() is True


def test_page_figures_are_what_a_render_adds_over_its_calls_at_p50() -> None:
    results = [
        result("home calls", [50.0, 60.0, 70.0]),
        result("home page current", [80.0, 90.0, 100.0]),
        result("jobs calls", [40.0]),
        result("jobs page current", [65.0]),
    ]
    home, jobs, job = scale.page_figures(results)
    assert home.difference == pytest.approx(30.0)
    assert home.met() is True
    assert jobs.difference == pytest.approx(25.0)
    assert job.met() is None  # its rows did not run


def test_the_lag_figure_is_the_p95_in_ms_beside_elasticsearch_alone() -> None:
    lag = scale.lag_figure([0.5] * 18 + [2.0] * 2, [1.0] * 20)
    assert lag.measured == pytest.approx(2000.0)
    assert lag.baseline == pytest.approx(1000.0)
    assert lag.met() is False


SUMMARY = {
    "rss_max_mib": {"search": 180.0, "web": 240.5, "gone": None},
    "steps": [
        {"users": 1, "rate": 10.0, "p95": 80.0, "raw_rate": 60.0},
        {"users": 2, "rate": 18.0, "p95": 150.0, "raw_rate": 90.0},
        {"users": 4, "rate": 20.0, "p95": 450.0, "raw_rate": 95.0},
    ],
}


def test_load_figures_the_largest_process_and_the_knee() -> None:
    summary = SUMMARY | {"knee": SUMMARY["steps"][1]}
    memory, knee = scale.load_figures(summary, {"search": 150.0, "web": 200.0})
    assert "(web)" in memory.name
    assert (memory.measured, memory.baseline) == (240.5, 200.0)
    assert memory.met() is True
    assert "0 of 3 processes" in memory.note
    assert (knee.measured, knee.baseline) == (18.0, 90.0)
    assert knee.ratio == pytest.approx(0.2)
    assert knee.met() is True
    assert "at 2 users" in knee.note


def test_no_knee_and_a_process_over_256_mib_are_misses() -> None:
    summary = SUMMARY | {"knee": None, "rss_max_mib": {"web": 300.0, "jobs": 120.0}}
    memory, knee = scale.load_figures(summary, {})
    assert memory.met() is False
    assert "1 of 2 processes at or over 256 MiB (web)" in memory.note
    assert knee.met() is False
    assert "no step kept p95 under 200 ms" in knee.note


def test_sizes_quick_full_and_given() -> None:
    assert scale.parse([]).sizes == FULL
    quick = scale.parse(["--quick"])
    assert quick.sizes == QUICK
    assert quick.quick
    given = scale.parse(["--quick", "--users", "1", "3", "--publishes", "7", "--skip", "rest"])
    assert given.sizes.users == (1, 3)
    assert given.sizes.publishes == 7
    assert given.sizes.rest_seconds == QUICK.rest_seconds
    assert given.skip == {"rest"}


def test_an_unknown_part_is_refused() -> None:
    with pytest.raises(SystemExit):
        scale.parse(["--skip", "everything"])


@pytest.mark.parametrize("part", scale.PARTS)
def test_a_failed_part_keeps_its_rows_without_figures(part: str) -> None:
    rows = scale.unmeasured(part, "TimeoutError: no answer")
    assert rows
    assert {f.part for f in rows} == {part}
    assert all(f.met() is None for f in rows)  # "-", not a miss: nothing was measured
    assert all(f.note == "not measured: TimeoutError: no answer" for f in rows)
    assert all(scale.verdict(f) == "-" for f in rows)


def test_every_part_has_its_figures_in_the_table_even_unmeasured() -> None:
    every = [f for part in scale.PARTS for f in scale.unmeasured(part, "skipped")]
    assert len(every) == 1 + 10 + 3 + 1 + 2  # rest, search, pages, lag, load
    assert len(scale.format_table(every).splitlines()) == 2 + len(every)
