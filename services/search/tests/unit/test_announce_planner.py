"""What a job event asks search engines to do (search.site.announce.planner, ADR 0013)."""

from datetime import UTC, datetime
from typing import Any

from search.site.announce.models import URL_DELETED, URL_UPDATED
from search.site.announce.planner import AnnouncedJobPayload, JobState, Wish, plan

from services.search.tests.factories import job_payload

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def job_url(site: str, slug: str) -> str:
    return f"https://{site}.example.org/job/{slug}"


BASE = job_payload(slug="gardener").model_dump()


def job(**overrides: Any) -> AnnouncedJobPayload:
    """The same job (ids included) at another version or with other fields."""
    return AnnouncedJobPayload.model_validate(BASE | overrides)


def step(
    payload: AnnouncedJobPayload, event_type: str, previous: JobState | None
) -> tuple[JobState | None, list[Wish]]:
    return plan(payload, event_type, previous, now=NOW, job_url=job_url)


def test_a_published_job_is_updated_once_and_its_redelivery_is_stale() -> None:
    published = job(version=2)
    state, wishes = step(published, "jobs.job.published", None)
    assert wishes == [Wish("https://jobboard.example.org/job/gardener", URL_UPDATED)]
    assert state is not None
    assert state.findable
    assert step(published, "jobs.job.published", state) == (None, [])
    assert step(job(version=1), "jobs.job.updated", state) == (None, [])


def test_only_a_change_of_the_page_is_announced_again() -> None:
    state, _ = step(job(version=1), "jobs.job.published", None)
    same, wishes = step(job(version=2), "jobs.job.updated", state)
    assert wishes == []
    _, wishes = step(job(version=3, title="Head gardener"), "jobs.job.updated", same)
    assert [w.action for w in wishes] == [URL_UPDATED]
    _, wishes = step(job(version=3, slug="head-gardener"), "jobs.job.updated", same)
    assert wishes == [Wish("https://jobboard.example.org/job/head-gardener", URL_UPDATED)]


def test_sharing_with_another_site_announces_nothing_and_keeps_the_fingerprint() -> None:
    """The job's page on its own site does not change when it is shared (ADR 0057); the sites
    shared with name that page as canonical, so only it is announced. A payload from before
    the field has the fingerprint it had."""
    state, _ = step(job(version=1), "jobs.job.published", None)
    assert state is not None
    shared, wishes = step(job(version=2, shared_sites=["jobboard-us"]), "jobs.job.updated", state)
    assert wishes == []
    assert shared is not None
    assert shared.fingerprint == state.fingerprint
    assert shared.url == "https://jobboard.example.org/job/gardener"


def test_archiving_deletes_the_url_and_the_former_slugs() -> None:
    state, _ = step(job(version=1), "jobs.job.published", None)
    archived = job(version=2, state="archived", former_slugs=["gardener-old", "gardener"])
    after, wishes = step(archived, "jobs.job.archived", state)
    assert wishes == [
        Wish("https://jobboard.example.org/job/gardener", URL_DELETED),
        Wish("https://jobboard.example.org/job/gardener-old", URL_DELETED),
    ]
    assert after is not None
    assert not after.findable
    # nothing more for later events of an unfindable job
    assert step(job(version=3, state="archived"), "jobs.job.updated", after)[1] == []


def test_expiry_deletes_and_a_never_findable_job_is_never_announced() -> None:
    state, _ = step(job(version=1), "jobs.job.published", None)
    _, wishes = step(job(version=2, state="expired"), "jobs.job.expired", state)
    assert [w.action for w in wishes] == [URL_DELETED]
    past = job(version=2, expires_at="2026-11-01T00:00:00+00:00")
    assert [w.action for w in step(past, "jobs.job.updated", state)[1]] == [URL_DELETED]
    for event, payload in (
        ("jobs.job.created", job(state="draft")),
        ("jobs.job.scheduled", job(state="scheduled")),
        ("jobs.job.archived", job(state="archived")),
    ):
        assert step(payload, event, None)[1] == []


def test_a_republished_job_is_updated_again() -> None:
    state, _ = step(job(version=1), "jobs.job.published", None)
    state, _ = step(job(version=2, state="archived"), "jobs.job.archived", state)
    _, wishes = step(job(version=3), "jobs.job.published", state)
    assert [w.action for w in wishes] == [URL_UPDATED]
