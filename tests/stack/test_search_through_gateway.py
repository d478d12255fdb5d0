"""The running stack, end to end through the events: a job published through the gateway (billing's
slot saga over the real broker) becomes findable in jobSearch, and is gone once archived. The
way there is jobs' outbox -> Kafka -> search's indexer -> Elasticsearch; nothing is written to
the index by the test. How fast is the benchmark's question (``bench.search_lag``: its p95 is
above 2 s on a loaded machine), so the test waits with a deadline for a slow one."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from jobkit.testing.graphql import GraphQLClient

from tests.stack.test_gateway_reaches_every_subgraph import GATEWAY_URL, token_for
from tests.stack.test_jobs_through_gateway import (
    SAVED,
    _draft,
    _organization,
    _settled,
    delete_for_good,
    grant_job_credit,
)
from tests.stack.test_organizations_through_gateway import _signed_in

pytestmark = pytest.mark.integration

WITHIN_SECONDS = 60.0
SEARCH = """query($input: JobSearchInput!) { jobSearch(input: $input) { __typename
  ... on JobSearchResults { total hits { job { id } title organizationName } } } }"""


async def _found(visitor: GraphQLClient, word: str, job_id: str) -> bool:
    answer = (await visitor.data(SEARCH, input={"fulltext": {"keys": word}}))["jobSearch"]
    assert answer["__typename"] == "JobSearchResults", answer
    return any(hit["job"]["id"] == job_id for hit in answer["hits"])


async def _seconds_until(visitor: GraphQLClient, word: str, job_id: str, *, found: bool) -> float:
    """How long until the search finds (or no longer finds) the job; fails after a minute."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    while await _found(visitor, word, job_id) != found:
        elapsed = loop.time() - started
        state = "not findable" if found else "still found"
        assert elapsed < WITHIN_SECONDS, f"{state} after {WITHIN_SECONDS:g} s"
        await asyncio.sleep(0.05)
    return loop.time() - started


async def test_a_published_job_becomes_findable_and_an_archived_one_leaves_search() -> None:
    organization = await _organization("green-harbor-foundation")
    admin = GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["administrator"]))
    await grant_job_credit(admin, organization)
    recruiter = await _signed_in("recruiter@greenharbor.example")
    word = f"saltmarsh{uuid.uuid4().hex[:8]}"
    job_id = await _draft(recruiter, organization["id"], f"Estuary Ranger {word}")
    visitor = GraphQLClient(GATEWAY_URL)
    assert not await _found(visitor, word, job_id), "a draft is never findable"

    await recruiter.data(f"mutation($id: ID!) {{ publishJob(id: $id) {{ {SAVED} }} }}", id=job_id)
    job = await _settled(recruiter, job_id)
    assert job["state"] == "PUBLISHED", job
    await _seconds_until(visitor, word, job_id, found=True)

    archived = await recruiter.data(
        f"mutation($id: ID!) {{ archiveJob(id: $id) {{ {SAVED} }} }}", id=job_id
    )
    assert archived["archiveJob"]["job"]["state"] == "ARCHIVED", archived
    await _seconds_until(visitor, word, job_id, found=False)
    await delete_for_good(recruiter, job_id)
