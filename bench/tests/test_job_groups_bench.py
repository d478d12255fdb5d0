"""The job groups benchmark at a small size against the real PostgreSQL: each group and its
baseline leave the same rows (the run refuses to report otherwise). No timings are asserted."""

from __future__ import annotations

import pytest

from bench import job_groups

pytestmark = pytest.mark.integration


async def test_a_small_run_measures_each_group_beside_its_baseline(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = job_groups.parse(["--jobs", "60", "--organizations", "2"])
    rows = await job_groups.main(args)
    assert [row.name for row in rows] == [
        "announcer: per event (baseline)",
        "announcer: batched, runs at once",
        "analytics jobs: per event in the batch (baseline)",
        "analytics jobs: runs at once",
        "jobs mailer: every job event, no mail",
        "billing slots: every job event, no credits (denied)",
    ]
    baseline, batched, analytics_baseline, analytics, mailer, slots = rows
    assert mailer.statements == 0  # none of the job events is the mailer's
    assert 0 < slots.statements < baseline.statements
    assert baseline.jobs > 50
    assert baseline.events >= 2 * baseline.jobs
    assert batched.statements < baseline.statements / 4
    assert analytics.statements < analytics_baseline.statements / 2
    job_groups.report(rows, args)
    assert "stmts/job" in capsys.readouterr().out


async def test_one_group_can_be_measured_alone() -> None:
    args = job_groups.parse(["--jobs", "20", "--organizations", "2", "--group", "jobs mailer"])
    rows = await job_groups.main(args)
    assert [row.name for row in rows] == ["jobs mailer: every job event, no mail"]
