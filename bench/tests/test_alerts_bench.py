"""The alerts benchmark end to end at a small size (300 saved searches) against the real
PostgreSQL and Elasticsearch: every due digest is planned and mailed, the baseline asks the same
searches, instant jobs are mailed, and its database and index are gone afterwards. No timings
are asserted."""

from __future__ import annotations

import io

import pytest

from bench import alerts
from bench.tests.leftovers import assert_gone

pytestmark = pytest.mark.integration


async def test_a_small_run_mails_every_due_digest_and_the_instant_matches() -> None:
    args = alerts.parse_args(["--alerts", "300", "--jobs", "200", "--instant-jobs", "2"])
    out = io.StringIO()
    results = await alerts._run(args, out)

    assert results.digest_alerts + results.instant_alerts == 300
    assert results.digest_planned == results.digest_alerts
    assert results.baseline_queries == results.digest_alerts
    assert results.digest_mails > 0
    assert len(results.instant_latencies) == 2
    assert sum(results.instant_mails) > 0
    report = io.StringIO()
    alerts.report(results, 5.0, report)
    assert "instant publish -> mail p95" in report.getvalue()

    assert results.index_prefix.startswith("bench-alerts-")
    await assert_gone(index_prefix=results.index_prefix, databases=[results.database])
