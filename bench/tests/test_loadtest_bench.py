"""The mixed load test at its smallest against the running stack (`make up`): two short steps
of one and two visitors beside the applicant and the recruiter; every request kind answers
without an error, and the run's accounts, organization and jobs are gone afterwards (only what
the product keeps on purpose remains). No timings are asserted. `make test` runs it with the
stack tests, once the whole stack is up; run alone, it is skipped when the stack is not running."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from bench import load_fixture, loadtest
from bench.load_mix import APPLY, EDIT, JOB_PAGE, JOB_SEARCH, SIGN_IN

pytestmark = pytest.mark.integration


def stack_is_up() -> bool:
    if not loadtest.stack_processes(loadtest.stack_root()):
        return False
    try:
        httpx.get(f"{loadtest.GATEWAY_URL}/healthz", timeout=3, trust_env=False)
        httpx.get(f"{loadtest.WEB_URL}/", timeout=10, trust_env=False)
    except httpx.HTTPError:
        return False
    return True


def test_the_trend_rule_tells_a_rise_from_noise() -> None:
    assert loadtest.trend([100, 104, 98, 103, 99, 101, 102, 97])[2]
    assert not loadtest.trend([100, 110, 120, 130, 140, 150])[2]
    assert loadtest.trend([5.0, 5.0])[2]  # too few windows to call a trend


def test_the_soak_paces_the_visitors_to_the_rate_asked() -> None:
    args = loadtest.parse(["--soak", "--minutes", "2", "--rate", "10", "--users", "4"])
    [phase] = loadtest.phases(args)
    writes = 1 / loadtest.APPLY_EVERY + 1 / loadtest.EDIT_EVERY
    assert phase["seconds"] == 120
    assert phase["rate_per_user"] * 4 == pytest.approx(10 - writes)


@pytest.mark.timeout(900)
async def test_a_short_mixed_load_errs_nowhere_and_leaves_nothing(tmp_path: Path) -> None:
    if not stack_is_up():
        pytest.skip("the stack is not running (make up)")
    out = tmp_path / "load.json"
    args = loadtest.parse(
        [
            "--users",
            "1",
            "2",
            "--seconds",
            "6",
            "--warmup",
            "0",
            "--raw-seconds",
            "2",
            "--applicants",
            "2",
            "--no-knee-file",
            "--json",
            str(out),
        ]
    )
    status = await loadtest.main(args)
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert summary["leftovers"] == {}
    assert summary["cleanup_problems"] == []
    assert {where.split(".")[1] for where in summary["kept_by_design"]} <= set(load_fixture.KEPT)
    assert status == 0
    assert [step["users"] for step in summary["steps"]] == [1, 2]
    assert [step["errors"] for step in summary["steps"]] == [0, 0], summary["errors"]
    done = {kind for step in summary["steps"] for kind in step["kinds"]}
    assert {JOB_SEARCH, JOB_PAGE, SIGN_IN, APPLY, EDIT} <= done
    assert all(step["raw_rate"] for step in summary["steps"])
    assert all(v is not None for v in summary["rss_max_mib"].values())
