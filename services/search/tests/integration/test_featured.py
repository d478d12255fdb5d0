"""Featured results (ADR 0012) and organization changes reaching job documents, against the real
Elasticsearch: featured jobs pinned first on page 1 without breaking totals and facet counts,
featured organizations from billing's subscription events, renamed profiles in job documents."""

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from jobkit.events import EventEnvelope
from search.engine.indexing.indexer import index_job, index_profile
from search.engine.indexing.store import SearchStore
from search.engine.job_search import run_job_search
from search.engine.organization_search import run_organization_search
from search.engine.request import (
    MAX_FEATURED_JOBS,
    Condition,
    ConditionGroup,
    FacetRequest,
    JobSearchRequest,
)
from search.messaging.consumers import subscription_handlers

from services.search.tests.factories import job_payload, profile_payload

pytestmark = pytest.mark.integration
LATER = (datetime.now(UTC) + timedelta(days=30)).isoformat()
EARLIER = (datetime.now(UTC) - timedelta(days=1)).isoformat()


@pytest.fixture
def sessions(committed_sessions: Any) -> Any:
    return committed_sessions


async def test_featured_jobs_fill_the_first_seven_places_once(
    store: SearchStore, sessions: Any
) -> None:
    word = f"Narwhal{uuid.uuid4().hex[:6]}"
    full = 3000
    # 9 featured matches (only 7 are pinned), one whose boost is over, 15 plain ones
    featured = [
        job_payload(title=f"{word} featured {n}", featured_until=LATER, employment_type_tids=[full])
        for n in range(9)
    ]
    over = job_payload(title=f"{word} was featured", featured_until=EARLIER)
    plain = [job_payload(title=f"{word} plain {n}") for n in range(15)]
    async with sessions() as session:
        for job in [*featured, over, *plain]:
            await index_job(store, session, job, "jobs.job.published")
    await store.refresh("jobs")
    request = JobSearchRequest(fulltext=word, facets=[FacetRequest("employmentType")])
    pages = []
    for page in (1, 2, 3):
        _, answer = await run_job_search(
            store, JobSearchRequest(fulltext=word, facets=request.facets, page=page)
        )
        pages.append(answer)
    assert [answer.total for answer in pages] == [25, 25, 25]
    first = pages[0]
    featured_ids = {job.job_id for job in featured}
    assert {hit["id"] for hit in first.hits[:MAX_FEATURED_JOBS]} <= featured_ids
    assert first.featured == {hit["id"] for hit in first.hits[:MAX_FEATURED_JOBS]}
    assert len(first.featured) == MAX_FEATURED_JOBS
    every = [hit["id"] for answer in pages for hit in answer.hits]
    assert len(every) == len(set(every)) == 25  # none repeated, none lost
    assert not pages[1].featured  # the two other featured ones are ordinary results below
    counts = {v.value: v.count for v in first.facets[0].values}
    assert counts == {str(full): 9}  # facet counts over every match, pinned or not

    # a facet selection keeps it all consistent: only the featured ones match
    selected = JobSearchRequest(
        fulltext=word,
        condition_groups=[
            ConditionGroup([Condition("employmentType", str(full))], tags=["facet:employmentType"])
        ],
    )
    _, answer = await run_job_search(store, selected)
    assert answer.total == 9
    assert len(answer.hits) == 9
    assert len(answer.featured) == MAX_FEATURED_JOBS


def _subscription(
    number: int, version: int, *, status: str = "active", featured: bool = True
) -> tuple[EventEnvelope, str]:
    subscription_id = str(uuid.uuid5(uuid.NAMESPACE_DNS, f"subscription-{number}"))
    payload = {
        "subscription_id": subscription_id,
        "organization_number": number,
        "product_id": str(uuid.uuid4()),
        "status": status,
        "start_date": EARLIER,
        "end_date": LATER,
        "featured_organization": featured,
    }
    event = EventEnvelope(
        type="billing.subscription.changed",
        aggregate_id=subscription_id,
        aggregate_version=version,
        site="jobboard",
        payload=payload,
    )
    return event, subscription_id


async def test_an_organization_is_featured_while_its_featured_subscription_runs(
    store: SearchStore, sessions: Any
) -> None:
    word = f"Axolotl{uuid.uuid4().hex[:6]}"
    number = 70_000 + uuid.uuid4().int % 10_000
    profiles = [profile_payload(name=f"{word} {n}", organization_number=n) for n in range(1, 4)]
    star = profile_payload(name=f"{word} star", organization_number=number)
    handle = subscription_handlers(store)["billing.subscription.changed"]

    async def featured_names() -> list[str]:
        await store.refresh("organizations")
        _, answer, _ = await run_organization_search(store, JobSearchRequest(fulltext=word))
        return [hit["name"] for hit in answer.hits if hit["id"] in answer.featured]

    async with sessions() as session:
        for profile in [*profiles, star]:
            await index_profile(store, session, profile)
        await session.commit()
    assert await featured_names() == []
    created, _ = _subscription(number, 1)
    async with sessions() as session:
        await handle(session, created)
        await session.commit()
    assert await featured_names() == [f"{word} star"]

    # a later profile event keeps the periods (read from the read model)
    async with sessions() as session:
        await index_profile(store, session, star.model_copy(update={"version": 2}))
        await session.commit()
    assert await featured_names() == [f"{word} star"]

    cancelled, _ = _subscription(number, 2, status="cancelled")
    async with sessions() as session:
        await handle(session, cancelled)
        await session.commit()
    assert await featured_names() == []
    # the creation delivered late does not bring it back
    async with sessions() as session:
        await handle(session, created)
        await session.commit()
    assert await featured_names() == []


async def test_a_renamed_profile_reaches_its_jobs_and_an_older_one_does_not(
    store: SearchStore, sessions: Any
) -> None:
    profile = profile_payload(name="Old Name Trust", logo_url="/logos/old.png", version=3)
    jobs = [
        job_payload(
            organization_id=profile.organization_id,
            organization_name="Old Name Trust",
            logo_url="/logos/old.png",
            title=f"Cartographer {n}",
        )
        for n in range(3)
    ]
    own = job_payload(
        organization_id=profile.organization_id,
        logo_url="/jobs/own.png",
        own_logo=True,
        title="Cartographer own",
    )
    async with sessions() as session:
        await index_profile(store, session, profile)
        for job in [*jobs, own]:
            await index_job(store, session, job, "jobs.job.published")
        renamed = profile.model_copy(
            update={
                "name": "New Name Trust",
                "slug": "new-name",
                "logo_url": "/logos/new.png",
                "version": 5,
            }
        )
        await index_profile(store, session, renamed)
        await store.refresh("jobs")
        older = profile.model_copy(update={"name": "Stale Name", "version": 4})
        assert not await index_profile(store, session, older)
    for job in jobs:
        document = await store.get("jobs", job.job_id)
        assert document is not None
        assert (document["organization_name"], document["organization_slug"]) == (
            "New Name Trust",
            "new-name",
        )
        assert document["logo_url"] == "/logos/new.png"
        assert document["version"] == job.version  # the job's own version is kept
    kept = await store.get("jobs", own.job_id)
    assert kept is not None
    assert kept["logo_url"] == "/jobs/own.png"
    assert kept["organization_name"] == "New Name Trust"
    _, answer = await run_job_search(store, JobSearchRequest(fulltext="new name trust"))
    assert {hit["id"] for hit in answer.hits} >= {job.job_id for job in jobs}

    # a job event after the rename still carries the new name even if jobs' payload lags
    late = jobs[0].model_copy(update={"version": 2, "organization_name": "Old Name Trust"})
    async with sessions() as session:
        await index_job(store, session, late, "jobs.job.updated")
    document = await store.get("jobs", late.job_id)
    assert document is not None
    assert document["organization_name"] == "New Name Trust"
