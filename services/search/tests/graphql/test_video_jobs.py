"""videoJobs through the subgraph, against the real Elasticsearch: the newest open jobs of the
request's site whose page plays a video (the home page's row, spec 9: positions 0-6)."""

from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from search.engine.indexing.indexer import index_job
from search.engine.indexing.payloads import JobPayload
from search.engine.indexing.store import SearchStore

from services.search.tests.factories import job_payload

pytestmark = pytest.mark.integration

VIDEO_JOBS = """query($limit: Int! = 7) {
 videoJobs(limit: $limit) {
  __typename
  ... on VideoJobs { hits { job { id } title hasVideo } }
  ... on SearchErrors { errors { field code message } }
  ... on SearchUnavailable { message }
} }"""

VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ"


@pytest.fixture(autouse=True)
async def no_jobs(store: SearchStore) -> None:
    """The module's index shared by its tests holds each test's jobs alone."""
    await store.drop()  # (this Elasticsearch has no delete-by-query)
    await store.ensure_indices()


async def _index(store: SearchStore, sessions: Any, *jobs: tuple[JobPayload, str]) -> None:
    async with sessions() as session:
        for payload, event in jobs:
            await index_job(store, session, payload, event)
    await store.refresh("jobs")


async def _video_jobs(graphql: GraphQLClient, **variables: Any) -> dict[str, Any]:
    answer: dict[str, Any] = (await graphql.data(VIDEO_JOBS, **variables))["videoJobs"]
    return answer


async def test_only_open_jobs_of_the_site_with_a_video_newest_first(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any
) -> None:
    older = job_payload(
        title="Field Reporter", video_url=VIDEO, published_at="2026-11-01T10:00:00+00:00"
    )
    newer = job_payload(
        title="Video Producer", video_url=VIDEO, published_at="2026-11-20T10:00:00+00:00"
    )
    without = job_payload(title="Accountant", published_at="2026-11-25T10:00:00+00:00")
    expired = job_payload(
        title="Camera Operator", video_url=VIDEO, expires_at="2020-01-01T00:00:00+00:00"
    )
    draft = job_payload(title="Editor", video_url=VIDEO, state="draft")
    other_site = job_payload(title="Presenter", video_url=VIDEO, site="elsewhere")
    removed = job_payload(title="Sound Engineer", video_url=VIDEO)
    await _index(
        store,
        committed_sessions,
        *(
            (payload, "jobs.job.published")
            for payload in (older, newer, without, expired, other_site, removed)
        ),
        (draft, "jobs.job.updated"),
        # the video taken off the job: its next snapshot has none
        (removed.model_copy(update={"version": 2, "video_url": None}), "jobs.job.updated"),
    )
    answer = await _video_jobs(graphql)
    assert answer["__typename"] == "VideoJobs"
    assert [hit["title"] for hit in answer["hits"]] == ["Video Producer", "Field Reporter"]
    assert all(hit["hasVideo"] for hit in answer["hits"])


async def test_at_most_seven_and_a_limit_outside_one_to_seven_is_refused(
    graphql: GraphQLClient, store: SearchStore, committed_sessions: Any
) -> None:
    jobs = [
        job_payload(
            title=f"Video job {n}",
            video_url=VIDEO,
            published_at=f"2026-11-{n + 1:02d}T10:00:00+00:00",
        )
        for n in range(9)
    ]
    await _index(store, committed_sessions, *((job, "jobs.job.published") for job in jobs))
    hits = (await _video_jobs(graphql))["hits"]
    assert [hit["title"] for hit in hits] == [f"Video job {n}" for n in range(8, 1, -1)]
    assert len((await _video_jobs(graphql, limit=2))["hits"]) == 2
    for limit in (0, 8):
        refused = await _video_jobs(graphql, limit=limit)
        assert refused["__typename"] == "SearchErrors"
        assert refused["errors"][0]["field"] == "limit"
        assert refused["errors"][0]["message"] == "Ask for 1 to 7 video jobs."
