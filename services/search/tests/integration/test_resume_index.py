"""The resumes index against the real Kafka and Elasticsearch: the resumes service's events
through the indexer's consumer (redelivered, out of order, hidden, deleted), then resume search's
full text, facets and place."""

import asyncio
import uuid
from typing import Any

import pytest
from jobkit.consumer import IdempotentConsumer
from jobkit.db import make_sessionmaker
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.settings import ServiceSettings
from search.db import processed_events
from search.engine.indexing.payloads import RESUME_TOPIC
from search.engine.indexing.store import SearchStore
from search.engine.request import (
    RELEVANCE_SORT,
    Condition,
    ConditionGroup,
    FacetRequest,
    GeoLocation,
    SearchRequest,
    SortRequest,
)
from search.engine.resume_search import RESUME_DATE_SORT, RESUME_HIT_FIELDS, run_resume_search
from search.errors import SearchErrors
from search.messaging.consumers import INDEXER_GROUP, indexer_topics, snapshot_coalesce
from search.settings import SearchSettings
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

PYTHON, JAVASCRIPT = 10000, 10001
ENGLISH, GERMAN = 5000, 5001
SOCIAL_WORK = 4000
OFFICE = 1001
BERLIN = {
    "locality": "Berlin",
    "country_code": "DE",
    "administrative_area": "Berlin",
    "lat": 52.52,
    "lon": 13.405,
}
POTSDAM = {  # about 27 km from Berlin
    "locality": "Potsdam",
    "country_code": "DE",
    "administrative_area": "Brandenburg",
    "lat": 52.3906,
    "lon": 13.0645,
}
MUNICH = {  # about 500 km from Berlin
    "locality": "München",
    "country_code": "DE",
    "administrative_area": "Bayern",
    "lat": 48.1351,
    "lon": 11.582,
}
# What the resumes service must never publish; an event carrying it by mistake must not leak it.
PRIVATE = {
    "first_name": "Privata",
    "last_name": "Secretson",
    "phone": "+49 30 1234567",
    "birthday": "1990-01-01",
    "email": "privata@example.org",
    "home_location": {"locality": "Hometown", "address_line1": "Hidden Street 1"},
}


def resume_event(version: int, **overrides: Any) -> dict[str, Any]:
    """``resumes.resume.updated``'s payload as the resumes service publishes it."""
    payload: dict[str, Any] = {
        "resume_id": str(uuid.uuid4()),
        "site": "jobboard",
        "version": version,
        "findable": True,
        "complete": True,
        "searchable": True,
        "title": "Social worker",
        "about": "I help families find their way.",
        "desired_occupation_tid": OFFICE,
        "employment_type_tids": [],
        "desired_location": BERLIN,
        "salary": None,
        "career_status": "professional",
        "available_start": None,
        "availability_periods": [],
        "languages": [{"tid": ENGLISH, "level": "native"}],
        "languages_free": None,
        "skill_tids": [PYTHON],
        "skills_free": [],
        "education": [
            {
                "institution": "Alice Salomon Hochschule",
                "degree_level_tid": None,
                "field_of_study_tid": SOCIAL_WORK,
                "study_program": "Social work",
                "location": None,
                "start_date": None,
                "end_date": None,
                "summary": None,
            }
        ],
        "work_experience": [],
        "hidden_from_organization_ids": [],
        "updated_at": "2026-11-01T10:00:00+00:00",
    }
    return payload | overrides


def envelope(
    event_type: str, resume_id: str, version: int, payload: dict[str, Any]
) -> EventEnvelope:
    return EventEnvelope(
        type=event_type,
        aggregate_id=resume_id,
        aggregate_version=version,
        site="jobboard",
        payload=payload,
    )


def updated(payload: dict[str, Any]) -> EventEnvelope:
    return envelope("resumes.resume.updated", payload["resume_id"], payload["version"], payload)


def visibility(resume_id: str, version: int, *, searchable: bool) -> EventEnvelope:
    payload = {
        "resume_id": resume_id,
        "version": version,
        "findable": searchable,
        "searchable": searchable,
    }
    return envelope("resumes.resume.visibility_changed", resume_id, version, payload)


def deleted(resume_id: str, version: int) -> EventEnvelope:
    return envelope("resumes.resume.deleted", resume_id, version, {"resume_id": resume_id})


@pytest.fixture(scope="module")
def settings(service_settings: ServiceSettings, run_prefix: str) -> SearchSettings:
    assert isinstance(service_settings, SearchSettings)
    return service_settings.model_copy(update={"kafka_topic_prefix": f"{run_prefix}resumes."})


class Indexer:
    """search's indexer consumer on this test's topics, fed by a producer."""

    def __init__(
        self,
        settings: SearchSettings,
        store: SearchStore,
        sessions: async_sessionmaker[AsyncSession],
    ) -> None:
        self.settings = settings
        self.topic = settings.topic(RESUME_TOPIC)
        self.consumer = IdempotentConsumer(
            group_id=settings.topic(INDEXER_GROUP),
            handlers={self.topic: indexer_topics(settings, store)[self.topic]},
            sessions=sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
            after_batch=store.refresh_all,
            coalesce=snapshot_coalesce(settings),
        )

    async def publish(self, *events: EventEnvelope) -> None:
        servers = self.settings.kafka_bootstrap_servers
        producer = idempotent_producer(servers, client_id="test-resumes")
        await producer.start()
        try:
            for event in events:
                await producer.send_and_wait(
                    self.topic, event.to_bytes(), key=event.aggregate_id.encode()
                )
        finally:
            await producer.stop()
        deadline = asyncio.get_running_loop().time() + 60
        seen = 0
        while seen < len(events):
            assert asyncio.get_running_loop().time() < deadline, f"consumed {seen}/{len(events)}"
            seen += await self.consumer.poll_once(timeout_ms=500)


@pytest.fixture(scope="module")
async def indexer(settings: SearchSettings, store: SearchStore, service_engine: AsyncEngine) -> Any:
    topic = settings.topic(RESUME_TOPIC)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic, f"{topic}.dlt"])
    indexer = Indexer(settings, store, make_sessionmaker(service_engine))
    await indexer.consumer.start()
    yield indexer
    await indexer.consumer.stop()


async def found(store: SearchStore, request: SearchRequest) -> list[str]:
    _, answer = await run_resume_search(store, request, site="jobboard")
    return [str(hit["id"]) for hit in answer.hits]


async def test_events_index_the_newest_version_and_an_older_one_never_wins(
    indexer: Indexer, store: SearchStore
) -> None:
    word = f"Quasar{uuid.uuid4().hex[:6]}"
    first = resume_event(3, title=f"{word} coordinator")
    newer = first | {"version": 4, "title": f"{word} director"}
    # the newest version, redelivered, then an older one delivered late
    await indexer.publish(updated(newer), updated(newer))
    await indexer.publish(updated(first))
    document = await store.get("resumes", first["resume_id"])
    assert document is not None
    assert (document["version"], document["title"]) == (4, f"{word} director")
    assert await found(store, SearchRequest(fulltext=f"{word} director")) == [first["resume_id"]]
    assert await found(store, SearchRequest(fulltext=f"{word} coordinator")) == []


async def test_a_hidden_incomplete_or_deleted_resume_leaves_the_index_for_good(
    indexer: Indexer, store: SearchStore
) -> None:
    word = f"Nebula{uuid.uuid4().hex[:6]}"
    shown = resume_event(2, title=f"{word} shown")
    hidden = resume_event(2, title=f"{word} hidden")
    incomplete = resume_event(1, title=f"{word} draft", complete=False, searchable=False)
    gone = resume_event(5, title=f"{word} gone")
    await indexer.publish(*(updated(p) for p in (shown, hidden, incomplete, gone)))
    request = SearchRequest(fulltext=word)
    assert sorted(await found(store, request)) == sorted(
        [shown["resume_id"], hidden["resume_id"], gone["resume_id"]]
    )

    await indexer.publish(
        visibility(hidden["resume_id"], 3, searchable=False), deleted(gone["resume_id"], 6)
    )
    assert await found(store, request) == [shown["resume_id"]]
    # nothing of a resume nobody may find stays in the index
    for resume_id in (hidden["resume_id"], incomplete["resume_id"], gone["resume_id"]):
        stub = await store.get("resumes", resume_id)
        assert stub is not None
        assert set(stub) == {"id", "version", "findable"}
        assert stub["findable"] is False

    # late older events do not bring them back; a deleted resume stays deleted
    await indexer.publish(updated(hidden), updated(gone | {"version": 7}))
    assert await found(store, request) == [shown["resume_id"]]
    # made findable again: the new version's content is back
    again = hidden | {"version": 4}
    await indexer.publish(updated(again), visibility(hidden["resume_id"], 4, searchable=True))
    assert sorted(await found(store, request)) == sorted([shown["resume_id"], hidden["resume_id"]])


async def test_a_private_field_sent_by_mistake_never_reaches_the_index_or_a_hit(
    indexer: Indexer, store: SearchStore
) -> None:
    word = f"Pulsar{uuid.uuid4().hex[:6]}"
    leaky = resume_event(1, title=f"{word} counsellor") | PRIVATE
    leaky["desired_location"] = BERLIN | {"address_line1": "Hidden Street 1", "zip": "10115"}
    await indexer.publish(updated(leaky))
    document = await store.get("resumes", leaky["resume_id"])
    assert document is not None
    stored = repr(document)
    for secret in ("Privata", "Secretson", "1234567", "1990-01-01", "privata@", "Hidden", "10115"):
        assert secret not in stored
    # nor can its name be searched
    assert await found(store, SearchRequest(fulltext="Secretson")) == []
    _, answer = await run_resume_search(store, SearchRequest(fulltext=word), site="jobboard")
    assert [hit["id"] for hit in answer.hits] == [leaky["resume_id"]]
    assert set(answer.hits[0]) <= set(RESUME_HIT_FIELDS)


async def test_full_text_facets_and_radius(indexer: Indexer, store: SearchStore) -> None:
    # ends in a fixed letter: "…ffing" stems to "…f" but "…ff" stays, so a hex ending like that
    # made "{word}ing" miss (1 run in 64)
    word = f"Quokka{uuid.uuid4().hex[:6]}x"
    berlin = resume_event(
        1,
        title=f"{word} caseworker",
        skill_tids=[PYTHON],
        languages=[{"tid": ENGLISH, "level": "native"}, {"tid": GERMAN, "level": "c1"}],
        updated_at="2026-11-03T10:00:00+00:00",
    )
    potsdam = resume_event(
        1,
        title="Fundraising lead",
        about=f"Years of {word} experience in fundraising campaigns.",
        desired_location=POTSDAM,
        skill_tids=[JAVASCRIPT],
        career_status="student",
        updated_at="2026-11-02T10:00:00+00:00",
    )
    munich = resume_event(
        1,
        title="Bookkeeper",
        about="Numbers.",
        desired_location=MUNICH,
        skill_tids=[PYTHON, JAVASCRIPT],
        skills_free=[f"{word}ing"],
        work_experience=[
            {
                "job_title": "Accountant",
                "occupation_tid": None,
                "employment_type_tid": None,
                "company_name": None,
                "location": None,
                "start_date": None,
                "end_date": None,
                "summary": None,
            }
        ],
        updated_at="2026-11-04T10:00:00+00:00",
    )
    await indexer.publish(*(updated(p) for p in (berlin, potsdam, munich)))
    ids = {"berlin": berlin["resume_id"], "potsdam": potsdam["resume_id"]}
    ids["munich"] = munich["resume_id"]

    # full text over headline, summary and (free-text) skills, stemmed like job search
    assert sorted(await found(store, SearchRequest(fulltext=word))) == sorted(ids.values())
    # skills by their labels, experience by its job titles
    assert await found(store, SearchRequest(fulltext=f"{word} accountants")) == [ids["munich"]]
    assert ids["berlin"] in await found(store, SearchRequest(fulltext=f"{word} python"))

    # sorting: newest change first
    by_date = SearchRequest(fulltext=word, sorts=[SortRequest(RESUME_DATE_SORT)])
    assert await found(store, by_date) == [ids["munich"], ids["berlin"], ids["potsdam"]]
    relevance = SearchRequest(fulltext=word, sorts=[SortRequest(RELEVANCE_SORT)])
    assert sorted(await found(store, relevance)) == sorted(ids.values())

    # facets: OR within (python or javascript), AND across (and career status), counts as in
    # job search (a facet's counts ignore its own selection)
    request = SearchRequest(
        fulltext=word,
        facets=[FacetRequest("skills"), FacetRequest("careerStatus"), FacetRequest("languages")],
        condition_groups=[
            ConditionGroup([Condition("skills", f"{PYTHON},{JAVASCRIPT}")], tags=["facet:skills"]),
            ConditionGroup(
                [Condition("careerStatus", "professional")], tags=["facet:careerStatus"]
            ),
        ],
    )
    _, answer = await run_resume_search(store, request, site="jobboard")
    assert sorted(hit["id"] for hit in answer.hits) == sorted([ids["berlin"], ids["munich"]])
    counts = {f.field: {v.value: v.count for v in f.values} for f in answer.facets}
    assert counts["careerStatus"] == {"professional": 2, "student": 1}
    assert counts["skills"] == {str(PYTHON): 2, str(JAVASCRIPT): 1}
    assert counts["languages"] == {str(ENGLISH): 2, str(GERMAN): 1}
    region = SearchRequest(
        fulltext=word, condition_groups=[ConditionGroup([Condition("region", "Brandenburg")])]
    )
    assert await found(store, region) == [ids["potsdam"]]
    study = SearchRequest(
        fulltext=word,
        condition_groups=[ConditionGroup([Condition("fieldOfStudy", str(SOCIAL_WORK))])],
    )
    assert len(await found(store, study)) == 3

    # a radius around Berlin: 5 km keeps Berlin, 50 km adds Potsdam, never Munich
    def near(radius: float) -> SearchRequest:
        place = GeoLocation(lat=52.52, lon=13.405, radius=radius, unit="km")
        return SearchRequest(fulltext=word, geo_location=place)

    assert await found(store, near(5)) == [ids["berlin"]]
    assert sorted(await found(store, near(50))) == sorted([ids["berlin"], ids["potsdam"]])
    # a country or an administrative area is taken whole: its radius is ignored
    country = GeoLocation(country="DE", radius=5, unit="km", location_type="country")
    assert len(await found(store, SearchRequest(fulltext=word, geo_location=country))) == 3
    bavaria = GeoLocation(
        country="DE",
        administrative_area="Bayern",
        radius=5,
        unit="km",
        location_type="administrative_area_level_1",
    )
    assert await found(store, SearchRequest(fulltext=word, geo_location=bavaria)) == [ids["munich"]]


async def test_bad_requests_are_refused_by_field(store: SearchStore) -> None:
    request = SearchRequest(
        facets=[FacetRequest("company")],
        condition_groups=[ConditionGroup([Condition("skills", "python")])],
        sorts=[SortRequest("field_job_publishing_date")],
    )
    with pytest.raises(SearchErrors) as refused:
        await run_resume_search(store, request)
    fields = {error.field for error in refused.value.errors}
    assert fields == {"facets.0.field", "condition_groups.0.conditions.0.value", "sorts.0.field"}
