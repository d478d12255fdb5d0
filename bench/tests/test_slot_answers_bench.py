"""The slot-answer benchmark at a small size against the real PostgreSQL: every waiting job is
published (the run refuses to report otherwise), the baseline copies the same rows, and a batch
of answers costs a few statements, not several per answer. No timings are asserted."""

from __future__ import annotations

import pytest

from bench import slot_answers

pytestmark = pytest.mark.integration


async def test_a_small_run_measures_the_answers_beside_their_baseline(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = slot_answers.parse(["--jobs", "120", "--organizations", "3"])
    figures = await slot_answers.main(args)
    assert figures.published == figures.answers > 100
    assert figures.batches_split == 0
    # each answer's job, its published event and its processed event at least
    assert figures.rows >= 3 * figures.answers
    assert figures.statements <= 10 * figures.batches_applied
    slot_answers.report(figures, args)
    out = capsys.readouterr().out
    assert "baseline" in out
    assert "answers: jobs-slots, runs at once" in out
