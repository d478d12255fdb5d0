"""The planning rounds benchmark end to end at a small size against the real PostgreSQL and
Elasticsearch: every new job is planned in rounds of at most 50, the baseline asks every alert
once a round, the report prints each figure beside it, and its database and indices are gone
afterwards. No timings are asserted."""

from __future__ import annotations

import io

import pytest

from bench import alert_rounds
from bench.tests.leftovers import assert_gone

pytestmark = pytest.mark.integration


async def test_a_small_run_plans_every_new_job_beside_its_baseline() -> None:
    args = alert_rounds.parse_args(
        ["--alerts", "120", "--new-jobs", "60", "--jobs", "100", "--repeat", "2"]
    )
    out = io.StringIO()
    results = await alert_rounds._run(args, out)

    assert [(row.kind, row.repeat) for row in results.rows] == [
        ("rounds", 1),
        ("baseline", 1),
        ("rounds", 2),
        ("baseline", 2),
    ]
    rounds = [row for row in results.rows if row.kind == "rounds"]
    baseline = [row for row in results.rows if row.kind == "baseline"]
    assert all(row.mails > 0 and row.statements > 0 for row in rounds)
    assert rounds[0].ledger != rounds[1].ledger  # the second repeat planned more
    # two rounds of at most 50 jobs; each asks every alert once, 120 in one _msearch
    assert all(row.searches == 240 and row.es_requests == 2 for row in baseline)
    report = io.StringIO()
    alert_rounds.report(results, report)
    assert "SQL statements" in report.getvalue()
    assert "baseline (raw ES)" in report.getvalue()

    assert results.index_prefix.startswith("plan-rounds-")
    await assert_gone(index_prefix=results.index_prefix, databases=[results.database])
