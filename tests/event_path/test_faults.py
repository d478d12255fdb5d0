"""The short version of `make faults`' scenarios (tests/faults/): services of the test's own,
started from this checkout with scratch databases and topic prefixes, talk to the real
Elasticsearch or PostgreSQL through a proxy that cuts them off for a few seconds. The stack's
own processes and data are never touched. Both run at once: most of their time is their
services starting (migrating an empty database), which they spend side by side.

- Elasticsearch down: search answers SearchUnavailable (no address), stays ready, and its
  indexer catches up afterwards with every job findable once and nothing dead-lettered;
- PostgreSQL restarted under writes: every write acknowledged or refused cleanly
  (SERVICE_UNAVAILABLE, never a bare 500), none half done, the service reconnects by itself,
  its relay and its consumer resume with nothing lost or doubled.

The consumer killed mid-batch (tests/faults/consumer_killed.py) runs in `make faults` only: a
killed member keeps its partitions for its 45 s session before the restarted one may take them.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.faults import broker_killed, database_restart, search_down

pytestmark = pytest.mark.integration


# its services start on a machine that may be busy: the scenario's own deadlines are generous
@pytest.mark.timeout(600)
async def test_elasticsearch_down_and_a_database_restart_lose_nothing() -> None:
    search, database = await asyncio.gather(
        search_down.run(jobs=12, outage=3.0),
        database_restart.run(writers=2, outage=3.0, before=1.5),
    )
    lines = [search.report("Elasticsearch down"), database.report("PostgreSQL restarted")]
    assert search.failed + database.failed == [], "\n".join(lines)


# the broker killed under mixed writes: its own broker (a scratch KRaft node the scenario kills
# and starts again) and five services of its own; a few hundred writes instead of `make faults`'
# 10,000. The waits are the scenario's, bounded, each failing with what it counted.
@pytest.mark.timeout(900)
async def test_a_broker_killed_under_writes_loses_and_doubles_nothing() -> None:
    counts = await broker_killed.run(writes=300, writers=4, outage=5.0, patience=300.0)
    assert counts.failed == [], counts.report("The Kafka broker killed under writes")
