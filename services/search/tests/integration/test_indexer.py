"""The indexer against the real Elasticsearch: versions, findability, facets, geo, reindex."""

import asyncio
from typing import Any

import pytest
from jobkit.events import EventEnvelope
from search.engine.indexing.indexer import index_job
from search.engine.indexing.store import BulkWriteError, SearchStore
from search.engine.job_search import run_job_search
from search.engine.request import (
    Condition,
    ConditionGroup,
    FacetRequest,
    GeoLocation,
    JobSearchRequest,
)
from search.errors import SearchErrors
from search.messaging.consumers import indexer_handlers
from search.taxonomy.seed import read_seed_terms

from services.search.tests.factories import job_payload, profile_payload

pytestmark = pytest.mark.integration
SEED = read_seed_terms()


def tid(vocabulary: str, alias: str) -> int:
    return next(t.tid for t in SEED if t.vocabulary == vocabulary and t.aliases["en"] == alias)


async def ids(store: SearchStore, request: JobSearchRequest) -> list[str]:
    await store.refresh("jobs")
    _, answer = await run_job_search(store, request)
    return [hit["id"] for hit in answer.hits]


async def test_an_older_event_never_overwrites_a_newer_document(
    store: SearchStore, sessions: Any
) -> None:
    async with sessions() as session:
        newer = job_payload(title="Newer title", version=5)
        older = newer.model_copy(update={"title": "Older title", "version": 4})
        assert await index_job(store, session, newer, "jobs.job.updated")
        assert not await index_job(store, session, older, "jobs.job.updated")
        again = await index_job(store, session, newer, "jobs.job.updated")  # redelivery
    assert again
    document = await store.get("jobs", newer.job_id)
    assert document is not None
    assert document["title"] == "Newer title"
    assert document["version"] == 5


async def test_only_published_unexpired_jobs_are_findable(
    store: SearchStore, sessions: Any
) -> None:
    marker = "Zymurgist"
    async with sessions() as session:
        published = job_payload(title=f"{marker} published", version=2)
        draft = job_payload(title=f"{marker} draft", state="draft")
        expired = job_payload(title=f"{marker} past", expires_at="2020-01-01T00:00:00+00:00")
        for payload in (published, draft, expired):
            await index_job(store, session, payload, "jobs.job.updated")
        request = JobSearchRequest(fulltext=marker.lower())
        assert await ids(store, request) == [published.job_id]
        archived = published.model_copy(update={"version": 3, "state": "archived"})
        await index_job(store, session, archived, "jobs.job.archived")
        assert await ids(store, request) == []
        # an older published event arriving late does not bring it back
        await index_job(store, session, published, "jobs.job.published")
        assert await ids(store, request) == []


async def test_the_consumer_handlers_index_profiles_and_jobs_with_labels(
    store: SearchStore, sessions: Any
) -> None:
    on_jobs, on_profiles = indexer_handlers(store)
    profile = profile_payload(name="Quokka Care", industry_tid=tid("industries", "health"))
    job = job_payload(
        title="Quokka keeper",
        organization_id=profile.organization_id,
        employment_type_tids=[tid("employment_types", "full-time")],
    )
    async with sessions() as session:
        await on_profiles["organizations.profile.published"](
            session,
            envelope("organizations.profile.published", profile.profile_id, profile.model_dump()),
        )
        await on_jobs["jobs.job.published"](
            session, envelope("jobs.job.published", job.job_id, job.model_dump())
        )
    document = await store.get("jobs", job.job_id)
    assert document is not None
    assert document["term_labels"]["employment_types"] == ["Full-time"]
    assert document["organization_slug"] == profile.slug
    assert document["industry_tid"] == profile.industry_tid


async def test_a_job_indexed_before_its_profile_gets_the_industry_when_the_profile_arrives(
    store: SearchStore, sessions: Any
) -> None:
    """The bus does not order two topics: a job may be indexed before its organization's first
    profile. The profile then brings its industry into the job's document (the facet and the
    full text find it), as a rebuild from the profiles first would; a later industry change
    follows too."""
    on_jobs, on_profiles = indexer_handlers(store)
    health, education = tid("industries", "health"), tid("industries", "education")
    profile = profile_payload(name="Wombat Clinic", industry_tid=health)
    job = job_payload(title="Wombat nurse", organization_id=profile.organization_id)
    async with sessions() as session:
        await on_jobs["jobs.job.published"](
            session, envelope("jobs.job.published", job.job_id, job.model_dump())
        )
        before = await store.get("jobs", job.job_id)
        assert before is not None
        assert before["industry_tid"] is None
        await on_profiles["organizations.profile.published"](
            session,
            envelope("organizations.profile.published", profile.profile_id, profile.model_dump()),
        )
        document = await store.get("jobs", job.job_id)
        assert document is not None
        assert document["industry_tid"] == health
        assert document["term_labels"]["industry"] == ["Health"]
        assert "health" in document["labels_stem"]
        in_health = JobSearchRequest(
            fulltext="wombat",
            condition_groups=[ConditionGroup([Condition("industry", str(health))])],
        )
        assert await ids(store, in_health) == [job.job_id]
        moved = profile.model_copy(update={"industry_tid": education, "version": 2})
        await on_profiles["organizations.profile.updated"](
            session,
            envelope("organizations.profile.updated", profile.profile_id, moved.model_dump()),
        )
    document = await store.get("jobs", job.job_id)
    assert document is not None
    assert document["industry_tid"] == education
    assert document["term_labels"]["industry"] == ["Education"]


def envelope(event_type: str, aggregate_id: str, payload: dict[str, Any]) -> EventEnvelope:
    return EventEnvelope(
        type=event_type, aggregate_id=aggregate_id, site="jobboard", payload=payload
    )


async def test_facet_counts_ignore_their_own_filter_and_geo_radius(
    store: SearchStore, sessions: Any
) -> None:
    full, part = tid("employment_types", "full-time"), tid("employment_types", "part-time")
    remote = next(t.tid for t in SEED if t.vocabulary == "remote_options")
    word = "Xylophonist"
    zurich = {
        "locality": "Zürich",
        "country_code": "CH",
        "administrative_area": "Zürich",
        "lat": 47.3769,
        "lon": 8.5417,
    }
    jobs = [
        job_payload(title=f"{word} a", employment_type_tids=[full], remote_option_tids=[remote]),
        job_payload(title=f"{word} b", employment_type_tids=[full]),
        job_payload(title=f"{word} c", employment_type_tids=[part], locations=[zurich]),
    ]
    async with sessions() as session:
        for job in jobs:
            await index_job(store, session, job, "jobs.job.published")
    facets = [FacetRequest("employmentType"), FacetRequest("remoteOptions")]
    request = JobSearchRequest(
        fulltext=word,
        facets=facets,
        condition_groups=[
            ConditionGroup(
                [Condition("employmentType", f"{full},{full}")], tags=["facet:employmentType"]
            )
        ],
    )
    await store.refresh("jobs")
    _, answer = await run_job_search(store, request)
    assert answer.total == 2
    counts = {f.field: {v.value: v.count for v in f.values} for f in answer.facets}
    assert counts["employmentType"] == {str(full): 2, str(part): 1}  # its own filter ignored
    assert counts["remoteOptions"] == {str(remote): 1}
    near_zurich = JobSearchRequest(
        fulltext=word, geo_location=GeoLocation(lat=47.37, lon=8.54, radius=5, unit="km")
    )
    assert await ids(store, near_zurich) == [jobs[2].job_id]
    in_switzerland = JobSearchRequest(
        fulltext=word, geo_location=GeoLocation(country="ch", location_type="country")
    )
    assert await ids(store, in_switzerland) == [jobs[2].job_id]


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (JobSearchRequest(fulltext="x" * 10_000), "fulltext.keys"),
        (JobSearchRequest(page=0), "page"),
        (JobSearchRequest(page=10**9), "page"),
        (
            JobSearchRequest(geo_location=GeoLocation(lat=1, lon=1, radius=-1)),
            "geo_location.radius",
        ),
        (
            JobSearchRequest(geo_location=GeoLocation(lat=1, lon=1, radius=100000)),
            "geo_location.radius",
        ),
        (JobSearchRequest(facets=[FacetRequest("salary")]), "facets.0.field"),
        (
            JobSearchRequest(condition_groups=[ConditionGroup([Condition("industry", "abc")])]),
            "condition_groups.0.conditions.0.value",
        ),
    ],
)
async def test_hostile_requests_are_refused_with_the_field(
    store: SearchStore, request_: JobSearchRequest, field: str
) -> None:
    with pytest.raises(SearchErrors) as refused:
        await run_job_search(store, request_)
    assert field in [error.field for error in refused.value.errors]


@pytest.mark.parametrize("keys", ["title:*", "((((", "a AND OR NOT ~ ^2 \\", "*", '"unclosed'])
async def test_lucene_syntax_is_just_text(store: SearchStore, keys: str) -> None:
    _, answer = await run_job_search(store, JobSearchRequest(fulltext=keys))
    assert answer.total >= 0


async def test_reindex_switches_the_alias_while_searches_keep_answering(
    store: SearchStore, sessions: Any
) -> None:
    word = "Quasarologist"
    async with sessions() as session:
        job = job_payload(title=word)
        await index_job(store, session, job, "jobs.job.published")
        await store.refresh("jobs")
        request = JobSearchRequest(fulltext=word)
        answers: list[int] = []
        stop = asyncio.Event()

        async def keep_searching() -> None:
            while not stop.is_set():
                _, answer = await run_job_search(store, request)
                answers.append(answer.total)
                await asyncio.sleep(0.005)

        searching = asyncio.create_task(keep_searching())
        new_index = await store.create_index("jobs")
        await index_job(store, session, job, "jobs.job.published", index=new_index)
        await store.client.indices.refresh(index=new_index)
        left = await store.switch_alias("jobs", new_index)
        await asyncio.sleep(0.05)
        stop.set()
        await searching
        for index in left:
            await store.client.indices.delete(index=index)
    assert answers
    assert set(answers) == {1}
    assert await store.indices_of("jobs") == [new_index]


@pytest.fixture
def sessions(committed_sessions: Any) -> Any:
    return committed_sessions


async def test_bulk_writes_send_a_batchs_documents_together_and_keep_versions(
    store: SearchStore, sessions: Any
) -> None:
    marker = "Quillwort"
    on_jobs, _ = indexer_handlers(store)
    jobs = [job_payload(title=f"{marker} {n}", version=3) for n in range(5)]
    stale = jobs[0].model_copy(update={"title": f"{marker} stale", "version": 2})
    async with sessions() as session:
        await index_job(store, session, jobs[0], "jobs.job.published")
    sent: list[int] = []
    bulk = store.client.bulk

    async def counting_bulk(**kwargs: Any) -> Any:
        sent.append(len(kwargs["operations"]) // 2)
        return await bulk(**kwargs)

    store.client.bulk = counting_bulk  # type: ignore[method-assign]
    try:
        async with sessions() as session, store.bulk_writes():
            for payload in [*jobs[1:], stale]:
                await on_jobs["jobs.job.published"](
                    session, envelope("jobs.job.published", payload.job_id, payload.model_dump())
                )
            # nothing is written before the scope ends; a job read back is the one gathered
            assert await store.get("jobs", jobs[1].job_id) is not None
            assert sent == []
    finally:
        del store.client.bulk
    assert sent == [5]  # one request for the five documents
    titles = {job.job_id: (await store.get("jobs", job.job_id) or {})["title"] for job in jobs}
    assert titles == {job.job_id: job.title for job in jobs}  # the stale one was refused


async def test_bulk_writes_send_nothing_after_an_error_and_raise_on_a_refusal(
    store: SearchStore, sessions: Any
) -> None:
    job = job_payload(title="Quillwort never", version=1)
    async with sessions() as session:
        with pytest.raises(RuntimeError):
            async with store.bulk_writes():
                await index_job(store, session, job, "jobs.job.published")
                raise RuntimeError("the batch failed")
    assert await store.get("jobs", job.job_id) is None
    broken = {"id": "broken-document", "version": 1, "published_at": "not a date"}
    with pytest.raises(BulkWriteError, match="broken-document"):
        async with store.bulk_writes():
            await store.write("jobs", broken)
