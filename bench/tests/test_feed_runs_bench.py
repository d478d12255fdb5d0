"""The feed runs benchmark at a small size against the real PostgreSQL: both ways of putting a
chunk leave the same reports, jobs and events (the run refuses to report otherwise), and a
chunk's new jobs written together cost fewer statements than one savepoint each. No timings
are asserted."""

from __future__ import annotations

import pytest

from bench import feed_runs

pytestmark = pytest.mark.integration


async def test_a_small_run_measures_both_ways_of_putting_a_chunk(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = feed_runs.parse(["--jobs", "60"])
    rows = await feed_runs.main(args)
    # per mode: the first run, then the second
    before_first, before_second, together_first, together_second = rows
    assert before_first.jobs == together_first.jobs == 60
    assert together_first.statements < before_first.statements
    assert together_second.statements <= before_second.statements
    feed_runs.report(rows, args)
    out = capsys.readouterr().out
    assert "every job in its savepoint (baseline)" in out
    assert "new jobs checked, then written together" in out
