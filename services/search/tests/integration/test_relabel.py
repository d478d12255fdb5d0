"""Vocabulary events reach the indexer: a term's new label (or its deletion), published by the
loader, reaches every job and profile document carrying the term, in its teaser labels and its
searchable text (real PostgreSQL and Elasticsearch)."""

from typing import Any

import pytest
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from search.db import outbox
from search.engine.indexing.indexer import index_job, index_profile
from search.engine.indexing.store import SearchStore
from search.engine.job_search import run_job_search
from search.engine.request import JobSearchRequest
from search.messaging.consumers import indexer_topics
from search.settings import SearchSettings
from search.taxonomy.events import VOCABULARY_TOPIC
from search.taxonomy.loader import load_vocabularies
from search.taxonomy.seed import SeedTerm, read_seed_terms
from sqlalchemy import select

from services.search.tests.factories import job_payload, profile_payload

pytestmark = pytest.mark.integration
SEED = read_seed_terms()


def seed(vocabulary: str, alias: str) -> SeedTerm:
    return next(t for t in SEED if t.vocabulary == vocabulary and t.aliases["en"] == alias)


async def deliver_vocabulary_events(
    sessions: Any, settings: SearchSettings, store: SearchStore, since: int
) -> None:
    """The loader's events as the relay publishes them (its outbox rows), to the indexer's
    handlers for the vocabulary topic."""
    handlers = indexer_topics(settings, store)[settings.topic(VOCABULARY_TOPIC)]
    async with sessions() as session:
        bodies = list(
            await session.scalars(
                select(outbox.c.body).where(outbox.c.id > since).order_by(outbox.c.id)
            )
        )
        assert bodies  # the loader published its change
        for body in bodies:
            envelope = EventEnvelope.from_bytes(body)
            await handlers[envelope.type](session, envelope)
        await session.commit()
    await store.refresh_all()


async def last_outbox_id(sessions: Any) -> int:
    async with sessions() as session:
        return int(await session.scalar(select(outbox.c.id).order_by(outbox.c.id.desc())) or 0)


async def found(store: SearchStore, text: str) -> set[str]:
    _, answer = await run_job_search(store, JobSearchRequest(fulltext=text))
    return {str(hit["id"]) for hit in answer.hits}


async def test_a_changed_or_deleted_term_relabels_the_documents_carrying_it(
    store: SearchStore, sessions: Any, service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, SearchSettings)
    full_time = seed("employment_types", "full-time")
    part_time = seed("employment_types", "part-time")
    health = seed("industries", "health")
    profile = profile_payload(name="Tidewater Clinic", industry_tid=health.tid)
    carrying = job_payload(
        title="Orderly",
        organization_id=profile.organization_id,
        employment_type_tids=[full_time.tid, part_time.tid],
    )
    other = job_payload(title="Orderly", employment_type_tids=[part_time.tid])
    async with sessions() as session:
        await index_profile(store, session, profile)
        for job in (carrying, other):
            await index_job(store, session, job, "jobs.job.published")
    await store.refresh_all()
    assert await found(store, "zephyrwork") == set()

    since = await last_outbox_id(sessions)
    employment = [t for t in SEED if t.vocabulary == "employment_types"]
    relabelled = full_time.model_copy(
        update={"labels": full_time.labels | {"en": "Zephyrwork hours"}}
    )
    industries = [t for t in SEED if t.vocabulary == "industries"]
    await load_vocabularies(
        sessions,
        service_settings,
        terms=[relabelled if t.tid == full_time.tid else t for t in employment]
        + [
            t.model_copy(update={"labels": t.labels | {"en": "Quietcare"}})
            if t.tid == health.tid
            else t
            for t in industries
        ],
    )
    await deliver_vocabulary_events(sessions, service_settings, store, since)

    job = await store.get("jobs", carrying.job_id)
    assert job is not None
    assert job["term_labels"]["employment_types"] == ["Zephyrwork hours", "Part-time"]
    assert job["term_labels"]["industry"] == ["Quietcare"]  # the profile's industry, on its job
    assert job["version"] == carrying.version  # rewritten at its own version
    untouched = await store.get("jobs", other.job_id)
    assert untouched is not None
    assert untouched["term_labels"]["employment_types"] == ["Part-time"]
    organization = await store.get("organizations", profile.profile_id)
    assert organization is not None
    assert organization["term_labels"]["industry"] == ["Quietcare"]
    # the searchable text follows: the new label finds the job, the old one no longer does
    assert await found(store, "zephyrwork") == {carrying.job_id}
    assert carrying.job_id not in await found(store, "orderly full-time")

    since = await last_outbox_id(sessions)
    await load_vocabularies(
        sessions, service_settings, terms=[t for t in employment if t.tid != full_time.tid]
    )
    await deliver_vocabulary_events(sessions, service_settings, store, since)
    job = await store.get("jobs", carrying.job_id)
    assert job is not None
    assert job["term_labels"]["employment_types"] == ["Part-time"]
    assert await found(store, "zephyrwork") == set()
