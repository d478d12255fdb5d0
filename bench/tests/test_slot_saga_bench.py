"""The slot saga benchmark at a small size against the real PostgreSQL: every request is granted
(the run refuses to report otherwise), the baseline copies the same rows, and a batch of
requests costs a few statements, not several per request. No timings are asserted."""

from __future__ import annotations

import pytest

from bench import slot_saga

pytestmark = pytest.mark.integration


async def test_a_small_run_measures_the_saga_hop_beside_its_baseline(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = slot_saga.parse(["--jobs", "200", "--organizations", "4"])
    figures = await slot_saga.main(args)
    assert figures.granted == figures.jobs == 200
    assert figures.batches_split == 0
    # each request's reservation, answer and processed event at least
    assert figures.rows >= 3 * figures.jobs
    # a handful of statements per batch (two fetches of three partitions), not per request
    assert figures.statements <= 12 * figures.batches_applied
    slot_saga.report(figures, args)
    out = capsys.readouterr().out
    assert "baseline" in out
    assert "saga: billing-slots, runs at once" in out
