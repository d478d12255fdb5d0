"""The bulk ingestion benchmark's short version on the running stack (``bench.ingest``, ADR
0042): a small data set's organizations are made in a batch (ADR 0075) until their profiles are
findable, then its jobs go through the bulk write path (put_jobs, the outbox relay, billing's
slot saga, search's indexer) until every published job is findable, each hop is timed, the raw
``_bulk`` baseline is measured beside them with the stack's CPU per job, and the data set is
gone again afterwards."""

import pytest
from jobkit.db import make_engine
from jobs.settings import get_settings as jobs_settings
from sqlalchemy import text

from bench import ingest

pytestmark = pytest.mark.integration


async def test_a_small_data_set_reaches_search_through_every_hop_and_is_removed() -> None:
    args = ingest.parse(
        ["--jobs", "24", "--organizations", "2", "--timeout", "600", "--idle", "2", "--settle", "2"]
    )
    profiles, hops, account = await ingest.main(args)
    # the organizations' hop ends when both profiles are findable
    assert (profiles.name, profiles.jobs) == ("organizations", 2)
    assert profiles.seconds > 0
    assert [hop.name for hop in hops] == [
        "api",
        "relay",
        "saga",
        "indexer",
        "raw Elasticsearch _bulk",
    ]
    published = hops[0].jobs
    assert 0 < published <= 24  # the demo's drafts stay drafts
    assert {hop.jobs for hop in hops[:4]} == {published}
    # a later hop cannot be done before an earlier one
    seconds = [hop.seconds for hop in hops[:4]]
    assert seconds == sorted(seconds)
    assert hops[4].jobs >= published
    # the CPU account found the stack's processes and counted what they spent
    assert {"jobs", "billing", "search", "postgres", "elasticsearch", "kafka"} <= set(account.spent)
    assert account.spent["search"] > 0
    assert account.machine > 0
    assert any(line.startswith("stack total") for line in account.lines(published))
    engine = make_engine(jobs_settings().database_url)
    try:
        async with engine.connect() as connection:
            left = await connection.scalar(
                text("SELECT count(*) FROM jobs WHERE external_reference LIKE 'DS-%'")
            )
    finally:
        await engine.dispose()
    assert left == 0  # the data set was removed again
