"""recommendedJobs through the subgraph, against the real Elasticsearch: similar open jobs of the
same site, best first, never the job itself, never an unfindable or expired one."""

from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from search.engine.indexing.indexer import index_job
from search.engine.indexing.payloads import JobPayload
from search.engine.indexing.store import SearchStore

from services.search.tests.factories import job_payload

pytestmark = pytest.mark.integration

RECOMMENDED = """query($jobId: ID!, $limit: Int! = 10) {
 recommendedJobs(jobId: $jobId, limit: $limit) {
  __typename
  ... on RecommendedJobs { hits { job { id } title } }
  ... on SearchErrors { errors { field code } }
  ... on SearchUnavailable { message }
} }"""

HEALTHCARE = 1032  # occupational field "Healthcare & Nursing"
IT = 1026
SEATTLE = {"locality": "Seattle", "country_code": "US", "administrative_area": "WA",
           "lat": 47.6062, "lon": -122.3321}  # fmt: skip


def _nurse(title: str, **overrides: Any) -> JobPayload:
    return job_payload(
        title=title,
        description_text="Care for patients on the ward, give medication, work with doctors "
        "and families. Registered nurse licence required; night shifts rotate.",
        occupational_field_tids=[HEALTHCARE],
        **overrides,
    )


async def _index(store: SearchStore, sessions: Any, *jobs: tuple[JobPayload, str]) -> None:
    async with sessions() as session:
        for payload, event in jobs:
            await index_job(store, session, payload, event)
    await store.refresh("jobs")


async def _recommended(graphql: GraphQLClient, job_id: str, **variables: Any) -> dict[str, Any]:
    answer: dict[str, Any] = (await graphql.data(RECOMMENDED, jobId=job_id, **variables))[
        "recommendedJobs"
    ]
    return answer


async def test_similar_jobs_rank_above_unrelated_ones_and_never_the_job_itself(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any
) -> None:
    job = _nurse("Registered Nurse, Intensive Care")
    similar = _nurse("Intensive Care Nurse")
    nearby_unrelated = job_payload(
        title="Software Developer",
        description_text="Build and maintain our donor database in Python; code reviews.",
        occupational_field_tids=[IT],
    )
    far_similar = _nurse("Nurse, Intensive Care Unit", locations=[SEATTLE])
    await _index(
        store,
        committed_sessions,
        *(
            (payload, "jobs.job.published")
            for payload in (job, similar, nearby_unrelated, far_similar)
        ),
    )
    answer = await _recommended(graphql, job.job_id)
    assert answer["__typename"] == "RecommendedJobs"
    ids = [hit["job"]["id"] for hit in answer["hits"]]
    assert job.job_id not in ids
    assert ids[0] == similar.job_id  # alike and in the same city (Boston)
    assert far_similar.job_id in ids  # alike, though far away
    if nearby_unrelated.job_id in ids:  # near, but nothing alike but the boilerplate
        assert ids.index(far_similar.job_id) < ids.index(nearby_unrelated.job_id)


async def test_expired_archived_and_unpublished_jobs_never_appear(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any
) -> None:
    job = _nurse("Night Nurse, Pediatrics")
    expired = _nurse("Night Nurse, Pediatric Ward", expires_at="2020-01-01T00:00:00+00:00")
    archived = _nurse("Pediatrics Night Nurse")
    draft = _nurse("Night Nurse Pediatrics", state="draft")
    other_site = _nurse("Pediatrics Nurse, Nights", site="elsewhere")
    open_one = _nurse("Pediatric Nurse, Night Shift")
    await _index(
        store,
        committed_sessions,
        (job, "jobs.job.published"),
        (expired, "jobs.job.published"),
        (archived, "jobs.job.published"),
        (archived.model_copy(update={"version": 2, "state": "archived"}), "jobs.job.archived"),
        (draft, "jobs.job.updated"),
        (other_site, "jobs.job.published"),
        (open_one, "jobs.job.published"),
    )
    ids = [hit["job"]["id"] for hit in (await _recommended(graphql, job.job_id))["hits"]]
    assert open_one.job_id in ids
    for gone in (job, expired, archived, draft, other_site):
        assert gone.job_id not in ids


async def test_an_expired_job_still_gets_open_similar_jobs(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any
) -> None:
    closed = _nurse("Dialysis Nurse", expires_at="2020-01-01T00:00:00+00:00")
    open_one = _nurse("Dialysis Nurse, Outpatient Clinic")
    await _index(
        store, committed_sessions, (closed, "jobs.job.published"), (open_one, "jobs.job.published")
    )
    ids = [hit["job"]["id"] for hit in (await _recommended(graphql, closed.job_id))["hits"]]
    assert ids[0] == open_one.job_id


async def test_unknown_jobs_answer_nothing_and_the_limit_is_checked(
    graphql: GraphQLClient, store: SearchStore
) -> None:
    # ids Elasticsearch could never hold (empty, blank, over 512 bytes) are unknown too
    for unknown in ("no-such-job", "", "  ", "é" * 300):
        assert await _recommended(graphql, unknown) == {
            "__typename": "RecommendedJobs",
            "hits": [],
        }, unknown
    for limit in (0, 11):
        answer = await _recommended(graphql, "no-such-job", limit=limit)
        assert answer == {
            "__typename": "SearchErrors",
            "errors": [{"field": "limit", "code": "OUT_OF_RANGE"}],
        }
