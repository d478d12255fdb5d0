"""The relay benchmark at a small size against the real PostgreSQL and Kafka: every outbox row
is sent (the run refuses to report otherwise) and its scratch topics are removed. No timings
are asserted."""

from __future__ import annotations

import pytest

from bench import relay

pytestmark = pytest.mark.integration


async def test_a_small_run_measures_the_relay_beside_a_plain_producer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = relay.parse(["--jobs", "60", "--organizations", "2"])
    figures = await relay.main(args)
    assert figures.jobs > 50
    assert figures.events >= 2 * figures.jobs  # each job's creation and publication request
    relay.report(figures, args)
    out = capsys.readouterr().out
    assert "baseline" in out
    assert "relay: jobs outbox to Kafka" in out
