"""The write paths benchmark at a small size against the real PostgreSQL: each part applies its
batched way and its baseline to the same amount of work (the parts assert their results), and
the batched ways run fewer statements. No timings are asserted."""

from __future__ import annotations

import pytest

from bench import write_paths

pytestmark = pytest.mark.integration


async def test_a_small_run_measures_every_part_beside_its_baseline(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = write_paths.parse(
        ["--grants", "30", "--draws", "20", "--paths", "30", "--slugs", "300", "--claims", "3"]
    )
    rows = await write_paths.main(args)
    assert [row.items for row in rows] == [20, 30, 3]
    billing, search, _ = rows
    assert billing.statements < billing.baseline_statements
    assert search.statements < search.baseline_statements
    write_paths.report(rows)
    assert "baseline" in capsys.readouterr().out
