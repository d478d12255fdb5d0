"""bench.hops_ab's rows, order and report, without the stack."""

from __future__ import annotations

import pytest

from bench.hops_ab import Figures, Row, c8_order, parse, report


def test_a_web_server_needs_the_gateway_it_passes_to() -> None:
    with pytest.raises(SystemExit):
        parse(["--candidate-web", "http://127.0.0.1:3014"])
    args = parse(["--base-gateway", "http://127.0.0.1:4019", "--base-web", "http://127.0.0.1:3019"])
    assert args.base_web == "http://127.0.0.1:3019"


def test_only_loopback_targets() -> None:
    with pytest.raises(Exception, match="loopback"):
        parse(["--base-gateway", "http://10.0.0.1:4000"])


def test_the_pairs_take_turns_going_first_at_concurrency_8() -> None:
    rows = [
        Row(name, None, {})
        for name in ("raw ES", "service", "gateway base", "web base", "gateway candidate")
    ]
    assert [r.name for r in c8_order(rows, 0)] == [r.name for r in rows]
    assert [r.name for r in c8_order(rows, 1)] == [
        "raw ES",
        "service",
        "gateway candidate",
        "web base",
        "gateway base",
    ]


def test_the_report_has_every_round_and_the_medians() -> None:
    rows = [Row("raw ES", None, {}), Row("web base", "http://127.0.0.1:3019", {"web": 1})]
    figures = {
        (kind, "raw ES"): Figures(p50=[1.0, 3.0, 2.0], p95=[2.0, 4.0, 3.0], rate=[10, 30, 20])
        for kind in ("new", "repeated")
    }
    for kind in ("new", "repeated"):
        figures[(kind, "web base")] = Figures(
            p50=[5.0, 7.0, 6.0],
            p95=[9.0, 9.5, 9.9],
            rate=[50, 40, 45],
            cpu_ms={"web": [2.0, 4.0, 3.0], "gateway": [1.0, 1.5, 1.25]},
            errors=2,
        )
    text = report(rows, figures, 3)
    assert "new searches, round 2" in text
    assert "repeated searches, median of 3 rounds" in text
    medians = text.split("new searches, median of 3 rounds")[1].splitlines()
    assert medians[2].split()[:5] == ["raw", "ES", "2.0", "3.0", "20"]
    assert "web 3.00  gateway 1.25" in medians[3]
    assert "errors 2" in medians[3]


def test_with_a_search_service_a_pair_every_row_but_raw_takes_turns() -> None:
    rows = [
        Row(name, None, {})
        for name in ("raw ES", "service base", "web base", "service candidate", "web candidate")
    ]
    assert [r.name for r in c8_order(rows, 1)] == [
        "raw ES",
        "web candidate",
        "service candidate",
        "web base",
        "service base",
    ]


def test_only_the_kinds_asked_for_are_run_and_reported() -> None:
    args = parse(["--kinds", "new", "--base-search", "http://127.0.0.1:8208"])
    assert args.kinds == ["new"]
    rows = [Row("raw ES", None, {})]
    figures = {("new", "raw ES"): Figures(p50=[1.0], p95=[2.0], rate=[10])}
    text = report(rows, figures, 1, args.kinds)
    assert "new searches, median of 1 rounds" in text
    assert "repeated" not in text
