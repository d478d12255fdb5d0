"""The ATS batches benchmark at a small size against the real PostgreSQL: every job is put (the
run refuses to report otherwise), the baseline copies the same rows, and a job costs a few
statements, not one per check. No timings are asserted."""

from __future__ import annotations

import pytest

from bench import ats_batches

pytestmark = pytest.mark.integration


async def test_a_small_run_measures_the_api_hop_beside_its_baseline(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ats_batches.parse(["--jobs", "40", "--organizations", "2"])
    figures = await ats_batches.main(args)
    assert figures.jobs == 40
    assert figures.published > 0
    assert figures.rows >= 3 * figures.jobs  # each job, its slug and its created event at least
    assert figures.statements < 8 * figures.jobs
    ats_batches.report(figures, args)
    out = capsys.readouterr().out
    assert "baseline" in out
    assert "api: put_jobs" in out
