"""The job page's JSON-LD, metatags and structured-data hints, from a job (no I/O)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from jobs.domain import page
from jobs.domain.publishing import expires_at
from jobs.settings import JobsSettings

from services.jobs.tests.factories import job, organization

SETTINGS = JobsSettings(site_url="https://jobs.example")
NOW = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


def _published(**overrides: object) -> tuple[object, object]:
    org = organization(
        name="Green Harbor", profile_slug="green-harbor", logo_url="/api/uploads/o/files/1/logo"
    )
    row = job(
        org,
        state="published",
        published_at=NOW,
        expires_at=NOW + timedelta(days=30),
        **overrides,
    )
    return row, org


def test_a_published_job_has_every_property_google_asks_for() -> None:
    row, org = _published()
    data = json.loads(
        page.json_ld(
            row,  # type: ignore[arg-type]
            settings=SETTINGS,
            organization=org,  # type: ignore[arg-type]
            employment_labels=["Full-time", "Internship"],
            remote_labels=["On-site"],
        )
        or "null"
    )
    assert data["@type"] == "JobPosting"
    assert data["title"] == "Community Health Worker"
    assert data["description"].startswith("<p>Visit families")
    assert data["datePosted"] == NOW.isoformat()
    assert data["validThrough"] == (NOW + timedelta(days=30)).isoformat()
    assert data["hiringOrganization"] == {
        "@type": "Organization",
        "name": "Green Harbor",
        "sameAs": "https://jobs.example/organization/green-harbor",
        "logo": "https://jobs.example/api/uploads/o/files/1/logo",
    }
    place = data["jobLocation"][0]
    assert place["@type"] == "Place"
    assert place["address"] == {
        "@type": "PostalAddress",
        "streetAddress": "1 Harbor Way",
        "addressLocality": "Boston",
        "addressRegion": "MA",
        "postalCode": "02110",
        "addressCountry": "US",
    }
    assert "jobLocationType" not in data
    assert data["baseSalary"] == {
        "@type": "MonetaryAmount",
        "currency": "USD",
        "value": {
            "@type": "QuantitativeValue",
            "minValue": 40000.0,
            "maxValue": 52000.0,
            "unitText": "YEAR",
        },
    }
    assert data["employmentType"] == ["FULL_TIME", "INTERN"]
    assert data["identifier"] == {
        "@type": "PropertyValue",
        "name": "Green Harbor",
        "value": str(row.id),  # type: ignore[attr-defined]
    }
    assert data["directApply"] is True


def test_a_remote_job_is_telecommute_with_the_countries_applicants_must_live_in() -> None:
    row, org = _published(application_workflow="email")
    data = json.loads(
        page.json_ld(
            row,  # type: ignore[arg-type]
            settings=SETTINGS,
            organization=org,  # type: ignore[arg-type]
            employment_labels=["Volunteer"],
            remote_labels=["Remote"],
        )
        or "null"
    )
    assert data["jobLocationType"] == "TELECOMMUTE"
    assert data["applicantLocationRequirements"] == [{"@type": "Country", "name": "US"}]
    assert data["employmentType"] == "VOLUNTEER"
    assert "directApply" not in data


def test_only_published_jobs_have_json_ld() -> None:
    for state in ("draft", "awaiting_slot", "needs_review", "scheduled", "archived", "expired"):
        row, org = _published()
        row.state = state  # type: ignore[attr-defined]
        assert (
            page.json_ld(
                row,  # type: ignore[arg-type]
                settings=SETTINGS,
                organization=org,  # type: ignore[arg-type]
                employment_labels=[],
                remote_labels=[],
            )
            is None
        )


def test_employment_types_map_to_googles_values_by_their_alias() -> None:
    labels = ["Full-time", "Part-time", "Contract", "Temporary", "Internship", "Volunteer"]
    assert page.google_employment_types([*labels, "Freelance", "Apprenticeship"]) == [
        "FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN", "VOLUNTEER", "OTHER",
    ]  # fmt: skip


def test_hints_list_what_google_requires_or_recommends_that_is_missing() -> None:
    org = organization(logo_url=None)
    bare = job(
        org,
        description=None,
        locations=[],
        remote_option_tids=[],
        salary_range=None,
        employment_type_tids=[],
    )
    hints = page.structured_data_hints(bare, organization=org, settings=SETTINGS, remote_labels=[])
    assert {(h.property, h.level) for h in hints} == {
        ("description", "required"),
        ("jobLocation", "required"),
        ("baseSalary", "recommended"),
        ("validThrough", "recommended"),
        ("employmentType", "recommended"),
        ("hiringOrganization.logo", "recommended"),
    }
    complete, org = _published(expiration=NOW + timedelta(days=10))
    assert (
        page.structured_data_hints(
            complete,  # type: ignore[arg-type]
            organization=org,  # type: ignore[arg-type]
            settings=SETTINGS,
            remote_labels=[],
        )
        == []
    )


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
