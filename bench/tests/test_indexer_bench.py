"""The indexer benchmark at a small size against the real PostgreSQL and Elasticsearch: every
published job is findable at the end (the run refuses to report otherwise) and the baseline
writes the same documents. No timings are asserted."""

from __future__ import annotations

import pytest

from bench import indexer

pytestmark = pytest.mark.integration


async def test_a_small_run_measures_the_indexer_beside_a_raw_bulk(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = indexer.parse(["--jobs", "60", "--organizations", "2"])
    figures = await indexer.main(args)
    assert figures.jobs > 50
    assert figures.documents == figures.jobs
    assert figures.batches_split == 0
    # one event per job at least: its creation, its publication
    assert figures.events >= 2 * figures.jobs
    # a refresh after every poll, then at most one per interval (ADR 0062): both rows leave
    # every published job findable (the run refuses to report otherwise)
    before, throttled = figures.rows
    assert (before.every, throttled.every) == (0.0, args.every)
    assert before.refreshes == -(-figures.events // args.fetch)  # one a poll
    assert 1 <= throttled.refreshes <= before.refreshes
    indexer.report(figures, args)
    out = capsys.readouterr().out
    assert "baseline" in out
    assert "refresh after every poll (before 0062)" in out
    assert "indexer: search-indexer, runs at once" in out
