"""The job page's metatags and its job's expiry, from a job (no I/O); its JSON-LD and the
rule set that checks it are test_structured_data.py's."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from jobs.domain import page
from jobs.domain.publishing import expires_at
from jobs.settings import JobsSettings

from services.jobs.tests.factories import job, organization, published_job

SETTINGS = JobsSettings(site_url="https://jobs.example")
NOW = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


def _published(**overrides: object) -> tuple[Any, Any]:
    return published_job(NOW, **overrides)


def test_metatags_say_noindex_unless_published() -> None:
    row, org = _published()
    tags = {t.meta: t.value for t in page.metatags(row, settings=SETTINGS, organization=org)}  # type: ignore[arg-type]
    assert tags["robots"] == "index, follow"
    assert tags["canonical"] == f"/job/{row.slug}"  # type: ignore[attr-defined]
    assert tags["og:image"] == "https://jobs.example/api/uploads/o/files/1/logo"
    row.state = "expired"  # type: ignore[attr-defined]
    tags = {t.meta: t.value for t in page.metatags(row, settings=SETTINGS, organization=org)}  # type: ignore[arg-type]
    assert tags["robots"] == "noindex, nofollow"


def test_the_title_ends_with_the_sites_name() -> None:
    row, org = _published()
    tags = {t.meta: t.value for t in page.metatags(row, settings=SETTINGS, organization=org)}  # type: ignore[arg-type]
    assert tags["title"] == f"{tags['og:title']} | Jobboard"
    named = page.metatags(row, settings=SETTINGS, organization=org, site_name="Careers")  # type: ignore[arg-type]
    assert {t.meta: t.value for t in named}["title"] == f"{tags['og:title']} | Careers"


def test_a_job_expires_at_its_expiration_else_after_its_duration_else_after_30_days() -> None:
    org = organization()
    assert expires_at(job(org, published_at=NOW, expiration=NOW + timedelta(days=3)), SETTINGS) == (
        NOW + timedelta(days=3)
    )
    assert expires_at(job(org, published_at=NOW, duration=10), SETTINGS) == NOW + timedelta(days=10)
    assert expires_at(job(org, published_at=NOW), SETTINGS) == NOW + timedelta(days=30)
