"""scripts/retire_orphans.py: which aggregates outlive their rows, and the event that retires
each (what search's consumers and its reindex then apply)."""

from __future__ import annotations

from jobkit.contracts import (
    JOB_ARCHIVED,
    JOB_DELETED,
    JOB_PUBLISHED,
    PROFILE_PUBLISHED,
    PROFILE_UNPUBLISHED,
)
from jobkit.events import EventEnvelope
from search.messaging.reindex import newest_events

from scripts.retire_orphans import retirements


def job(job_id: str, event_type: str, version: int) -> EventEnvelope:
    return EventEnvelope(
        type=event_type,
        aggregate_id=job_id,
        aggregate_version=version,
        site="jobboard",
        payload={
            "job_id": job_id,
            "site": "jobboard",
            "organization_id": "org-1",
            "organization_number": 7,
            "version": version,
            "title": "Nurse",
        },
    )


def profile(profile_id: str, event_type: str, version: int) -> EventEnvelope:
    return EventEnvelope(
        type=event_type,
        aggregate_id=profile_id,
        aggregate_version=version,
        site="jobboard",
        payload={
            "profile_id": profile_id,
            "name": "Open Meadow",
            "published": True,
            "version": version,
        },
    )


def test_a_job_or_profile_without_its_row_is_retired_one_version_on() -> None:
    history = [
        job("gone", JOB_PUBLISHED, 1),
        job("gone", JOB_PUBLISHED, 2),
        job("kept", JOB_PUBLISHED, 3),
        profile("gone-profile", PROFILE_PUBLISHED, 4),
    ]
    retiring = retirements(newest_events(history), existing={"kept"})
    assert [(event.type, event.aggregate_id, event.aggregate_version) for event in retiring] == [
        (JOB_DELETED, "gone", 3),
        (PROFILE_UNPUBLISHED, "gone-profile", 5),
    ]
    deleted, unpublished = retiring
    assert deleted.payload == {
        "job_id": "gone",
        "site": "jobboard",
        "organization_id": "org-1",
        "organization_number": 7,
    }
    assert unpublished.payload["published"] is False
    assert unpublished.payload["version"] == 5
    assert unpublished.payload["name"] == "Open Meadow"


def test_what_is_already_retired_or_still_owned_is_left_alone() -> None:
    history = [
        job("deleted", JOB_PUBLISHED, 1),
        job("deleted", JOB_DELETED, 2),
        profile("unpublished", PROFILE_PUBLISHED, 1),
        profile("unpublished", PROFILE_UNPUBLISHED, 2),
        job("owned", JOB_ARCHIVED, 5),
    ]
    assert retirements(newest_events(history), existing={"owned"}) == []


def test_an_archived_job_whose_row_is_gone_is_retired_too() -> None:
    # bench.probes deletes archived probe jobs' rows: their pages should say gone (410)
    retiring = retirements(newest_events([job("probe", JOB_ARCHIVED, 4)]), existing=set())
    assert [(event.type, event.aggregate_version) for event in retiring] == [(JOB_DELETED, 5)]
