"""The relevance test set (ADR 0010): stemming, ASCII folding and job-title synonyms on the local
Elasticsearch, which has no analysis-common. Each query names the jobs expected on top."""

from typing import Any

import pytest
from search.engine.indexing.indexer import index_job
from search.engine.indexing.store import SearchStore
from search.engine.job_search import run_job_search
from search.engine.request import JobSearchRequest

from services.search.tests.factories import job_payload

pytestmark = pytest.mark.integration

BOSTON = {"locality": "Boston", "country_code": "US", "administrative_area": "MA"}
CORPUS: dict[str, dict[str, Any]] = {
    "nursing-assistant": {"title": "Nursing Assistant", "description_text": "Care for elders."},
    "registered-nurse": {"title": "Registered Nurse, ICU", "description_text": "Night shifts."},
    "rn-clinic": {"title": "RN for our free clinic", "description_text": "Walk-in patients."},
    "web-development": {"title": "Web Development Lead", "description_text": "Our website."},
    "python-dev": {"title": "Senior Dev (Python)", "description_text": "Backend services."},
    "zurich-coordinator": {
        "title": "Volunteer Coordinator",
        "description_text": "Coordinate our volunteers.",
        "locations": [{"locality": "Zürich", "country_code": "CH", "administrative_area": "ZH"}],
    },
    "teacher": {"title": "Primary School Teacher", "description_text": "Teach grade 3."},
    "caseworker": {"title": "Caseworker, Family Services", "description_text": "Home visits."},
    "fundraiser": {"title": "Fundraiser", "description_text": "Major donors and events."},
    "hr-coordinator": {"title": "HR Coordinator", "description_text": "Onboarding."},
    "human-resources": {"title": "Human Resources Manager", "description_text": "People."},
    "pm": {"title": "PM, Water Projects", "description_text": "Wells in Kenya."},
    "sao-paulo": {
        "title": "Community Organizer",
        "description_text": "Neighbourhood work.",
        "locations": [{"locality": "São Paulo", "country_code": "BR", "administrative_area": "SP"}],
    },
    "cafe": {"title": "Café Barista (social enterprise)", "description_text": "Coffee."},
    "ux": {"title": "User Experience Designer", "description_text": "Research and design."},
    "ceo": {"title": "CEO", "description_text": "Lead the organization."},
    "accountant": {"title": "Accountant", "description_text": "Month-end close."},
    "grant-writer": {"title": "Grant Writer", "description_text": "Writing grants."},
    "malmo": {
        "title": "Youth Worker",
        "description_text": "Evenings.",
        "locations": [{"locality": "Malmö", "country_code": "SE", "administrative_area": None}],
    },
    "vet": {"title": "Veterinarian", "description_text": "Animal shelter."},
}

# query -> the jobs that must be the top results (in any order), no others above them
RELEVANCE: list[tuple[str, set[str]]] = [
    ("nurse", {"nursing-assistant", "registered-nurse", "rn-clinic"}),
    ("nursing", {"nursing-assistant", "registered-nurse", "rn-clinic"}),
    ("RN", {"registered-nurse", "rn-clinic"}),
    ("registered nurse", {"registered-nurse", "rn-clinic"}),
    ("developer", {"web-development", "python-dev"}),
    ("dev", {"python-dev", "web-development"}),
    ("python developer", {"python-dev"}),
    ("zurich", {"zurich-coordinator"}),
    ("Zürich", {"zurich-coordinator"}),
    ("volunteers", {"zurich-coordinator"}),
    ("teachers", {"teacher"}),
    ("educator", {"teacher"}),
    ("social worker", {"caseworker"}),
    ("fundraising", {"fundraiser"}),
    ("hr", {"hr-coordinator", "human-resources"}),
    ("human resources", {"hr-coordinator", "human-resources"}),
    ("project manager", {"pm"}),
    ("sao paulo", {"sao-paulo"}),
    ("cafe", {"cafe"}),
    ("ux designer", {"ux"}),
    ("executive director", {"ceo"}),
    ("accountants", {"accountant"}),
    ("writing grants", {"grant-writer"}),
    ("malmo", {"malmo"}),
    ("vet", {"vet"}),
    ("veterinarians", {"vet"}),
]


@pytest.fixture(scope="module")
async def corpus(store: SearchStore, service_engine: Any) -> dict[str, str]:
    from jobkit.db import make_sessionmaker

    ids: dict[str, str] = {}
    async with make_sessionmaker(service_engine)() as session:
        for key, fields in CORPUS.items():
            payload = job_payload(**({"locations": [BOSTON]} | fields))
            await index_job(store, session, payload, "jobs.job.published")
            ids[payload.job_id] = key
    await store.refresh("jobs")
    return ids


@pytest.mark.parametrize(("query", "expected"), RELEVANCE, ids=[q for q, _ in RELEVANCE])
async def test_relevance(
    store: SearchStore, corpus: dict[str, str], query: str, expected: set[str]
) -> None:
    _, answer = await run_job_search(store, JobSearchRequest(fulltext=query))
    found = [corpus[hit["id"]] for hit in answer.hits if hit["id"] in corpus]
    assert set(found[: len(expected)]) == expected, found
