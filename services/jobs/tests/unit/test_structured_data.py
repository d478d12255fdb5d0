"""Google's JobPosting rule set and the posting it checks (no I/O): each rule with a passing and
a failing example, the renderer's output, and the wizard's hints from the same rules."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from jobs.domain import structured_data
from jobs.domain.structured_data import RULES, Level, Work, broken, hints, posting
from jobs.settings import JobsSettings

from services.jobs.tests.factories import job, organization, published_job

SETTINGS = JobsSettings(site_url="https://jobs.example")
NOW = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)

# A posting that keeps every rule, for an on-site job applied to on this site.
VALID: dict[str, Any] = {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    "title": "Community Health Worker",
    "description": "<p>Visit families.</p>",
    "datePosted": "2026-11-23T09:00:00+00:00",
    "validThrough": "2026-12-23T09:00:00+00:00",
    "hiringOrganization": {
        "@type": "Organization",
        "name": "Green Harbor",
        "sameAs": "https://jobs.example/organization/green-harbor",
        "logo": "https://jobs.example/logo.png",
    },
    "identifier": {"@type": "PropertyValue", "name": "Green Harbor", "value": "42"},
    "directApply": True,
    "jobLocation": [
        {
            "@type": "Place",
            "address": {
                "@type": "PostalAddress",
                "addressLocality": "Boston",
                "addressCountry": "US",
            },
        }
    ],
    "baseSalary": {
        "@type": "MonetaryAmount",
        "currency": "USD",
        "value": {"@type": "QuantitativeValue", "minValue": 40000, "unitText": "YEAR"},
    },
    "employmentType": "FULL_TIME",
}
ON_SITE = Work(on_site=True, applies_here=True)
REMOTE = Work(remote=True, applies_here=True)
HYBRID_REMOTE = Work(remote=True, hybrid=True, applies_here=True)
BY_EMAIL = Work(on_site=True, applies_here=False)
COUNTRY = [{"@type": "Country", "name": "DE"}]


def _with(**changes: Any) -> Callable[[], dict[str, Any]]:
    """VALID with top-level properties replaced (None: left out)."""

    def make() -> dict[str, Any]:
        data = copy.deepcopy(VALID)
        for key, value in changes.items():
            name = key.replace("__", ".")
            if value is None:
                data.pop(name, None)
            else:
                data[name] = value
        return data

    return make


def _organization(**changes: Any) -> Callable[[], dict[str, Any]]:
    def make() -> dict[str, Any]:
        data = copy.deepcopy(VALID)
        for key, value in changes.items():
            if value is None:
                data["hiringOrganization"].pop(key, None)
            else:
                data["hiringOrganization"][key] = value
        return data

    return make


# property: ((passing posting, work), (failing posting, work))
EXAMPLES: dict[str, tuple[tuple[Callable[[], dict[str, Any]], Work], ...]] = {
    "title": ((_with(), ON_SITE), (_with(title="  "), ON_SITE)),
    "description": ((_with(), ON_SITE), (_with(description=None), ON_SITE)),
    "datePosted": ((_with(), ON_SITE), (_with(datePosted="23/11/2026"), ON_SITE)),
    "validThrough": (
        (_with(), ON_SITE),
        (_with(validThrough="2026-11-01T00:00:00+00:00"), ON_SITE),  # before datePosted
    ),
    "hiringOrganization": ((_with(), ON_SITE), (_organization(name=""), ON_SITE)),
    "jobLocation": (
        # a fully remote job names no place; a hybrid remote one must
        (
            _with(
                jobLocation=None,
                jobLocationType="TELECOMMUTE",
                applicantLocationRequirements=COUNTRY,
            ),
            REMOTE,
        ),
        (
            _with(
                jobLocation=None,
                jobLocationType="TELECOMMUTE",
                applicantLocationRequirements=COUNTRY,
            ),
            HYBRID_REMOTE,
        ),
    ),
    "jobLocationType": (
        (_with(jobLocationType="TELECOMMUTE", applicantLocationRequirements=COUNTRY), REMOTE),
        (_with(applicantLocationRequirements=COUNTRY), REMOTE),
    ),
    "applicantLocationRequirements": (
        (_with(jobLocationType="TELECOMMUTE", applicantLocationRequirements=COUNTRY), REMOTE),
        (_with(jobLocationType="TELECOMMUTE", applicantLocationRequirements=[]), REMOTE),
    ),
    "directApply": ((_with(directApply=False), BY_EMAIL), (_with(directApply=None), ON_SITE)),
    "identifier": ((_with(), ON_SITE), (_with(identifier="42"), ON_SITE)),
    "baseSalary": (
        (_with(), ON_SITE),
        (_with(baseSalary={"@type": "MonetaryAmount", "value": {"minValue": 1}}), ON_SITE),
    ),
    "employmentType": ((_with(), ON_SITE), (_with(employmentType="FULLTIME"), ON_SITE)),
    "hiringOrganization.sameAs": ((_with(), ON_SITE), (_organization(sameAs=None), ON_SITE)),
    "hiringOrganization.logo": ((_with(), ON_SITE), (_organization(logo=None), ON_SITE)),
}


def test_every_rule_has_a_passing_and_a_failing_example() -> None:
    assert [rule.property for rule in RULES] == list(EXAMPLES)


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.property)
def test_each_rule_keeps_its_passing_example_and_breaks_its_failing_one(
    rule: structured_data.Rule,
) -> None:
    (passing, passing_work), (failing, failing_work) = EXAMPLES[rule.property]
    assert rule.holds(passing(), passing_work)
    assert not rule.holds(failing(), failing_work)
    # the failing example breaks this rule alone: each example says what its rule is about
    assert broken(failing(), failing_work) == [rule]
    assert rule.message.endswith(".")
    assert rule.message[0].isupper()


def test_google_required_properties_are_required_and_the_rest_recommended() -> None:
    levels = {rule.property: rule.level for rule in RULES}
    assert {p for p, level in levels.items() if level is Level.REQUIRED} == {
        "title", "description", "datePosted", "validThrough", "hiringOrganization",
        "jobLocation", "jobLocationType", "applicantLocationRequirements",
    }  # fmt: skip


def _published(**overrides: object) -> tuple[Any, Any]:
    return published_job(NOW, **overrides)


def _posting(row: Any, org: Any, *, remote: list[str], employment: list[str]) -> dict[str, Any]:
    return posting(
        row,
        settings=SETTINGS,
        organization=org,
        employment_labels=employment,
        remote_labels=remote,
        now=NOW,
    )


def test_a_published_job_has_every_property_google_asks_for() -> None:
    row, org = _published()
    data = json.loads(
        structured_data.json_ld(
            row,
            settings=SETTINGS,
            organization=org,
            employment_labels=["Full-time", "Internship"],
            remote_labels=["On-site"],
            now=NOW,
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
    assert place["geo"] == {"@type": "GeoCoordinates", "latitude": 42.3601, "longitude": -71.0589}
    assert "jobLocationType" not in data
    assert data["baseSalary"]["currency"] == "USD"
    assert data["baseSalary"]["value"]["unitText"] == "YEAR"
    assert data["employmentType"] == ["FULL_TIME", "INTERN"]
    assert data["identifier"] == {
        "@type": "PropertyValue",
        "name": "Green Harbor",
        "value": str(row.id),
    }
    assert data["directApply"] is True
    assert broken(data, Work.of(["On-site"], application_workflow=row.application_workflow)) == []


def test_direct_apply_is_false_when_people_apply_elsewhere() -> None:
    for workflow in ("email", "link"):
        row, org = _published(application_workflow=workflow)
        data = _posting(row, org, remote=["On-site"], employment=["Full-time"])
        assert data["directApply"] is False
        assert (
            broken(data, Work.of(["On-site"], application_workflow=row.application_workflow)) == []
        )


def test_a_remote_job_is_telecommute_with_the_countries_of_its_locations() -> None:
    row, org = _published(application_workflow="email")
    data = _posting(row, org, remote=["Remote"], employment=["Volunteer"])
    assert data["jobLocationType"] == "TELECOMMUTE"
    assert data["applicantLocationRequirements"] == [{"@type": "Country", "name": "US"}]
    assert data["employmentType"] == "VOLUNTEER"
    assert broken(data, Work.of(["Remote"], application_workflow=row.application_workflow)) == []


def test_a_remote_job_without_a_location_breaks_the_required_country() -> None:
    row, org = _published(locations=[])
    data = _posting(row, org, remote=["Remote"], employment=["Full-time"])
    assert "applicantLocationRequirements" not in data
    assert [
        rule.property
        for rule in broken(data, Work.of(["Remote"], application_workflow=row.application_workflow))
    ] == ["applicantLocationRequirements"]
    # remote and hybrid: a place of work too
    both = Work.of(["Remote", "Hybrid"], application_workflow=row.application_workflow)
    assert [rule.property for rule in broken(data, both, level=Level.REQUIRED)] == [
        "jobLocation",
        "applicantLocationRequirements",
    ]


def test_a_hybrid_job_is_not_telecommute_and_needs_its_place() -> None:
    row, org = _published(locations=[])
    data = _posting(row, org, remote=["Hybrid"], employment=["Full-time"])
    assert "jobLocationType" not in data
    assert [
        rule.property
        for rule in broken(data, Work.of(["Hybrid"], application_workflow=row.application_workflow))
    ] == ["jobLocation"]


def test_only_published_jobs_have_json_ld() -> None:
    for state in ("draft", "awaiting_slot", "needs_review", "scheduled", "archived", "expired"):
        row, org = _published()
        row.state = state
        assert (
            structured_data.json_ld(
                row,
                settings=SETTINGS,
                organization=org,
                employment_labels=[],
                remote_labels=[],
                now=NOW,
            )
            is None
        )


def test_a_draft_is_checked_with_the_dates_it_would_have_if_published_now() -> None:
    org = organization()
    draft = job(org, expiration=None, duration=14)
    posted, valid = structured_data.dates(draft, SETTINGS, NOW)
    assert (posted, valid) == (NOW, NOW + timedelta(days=14))
    ahead = job(org, published=NOW + timedelta(days=2), expiration=NOW + timedelta(days=9))
    assert structured_data.dates(ahead, SETTINGS, NOW) == (
        NOW + timedelta(days=2),
        NOW + timedelta(days=9),
    )


def test_employment_types_map_to_googles_values_by_their_alias() -> None:
    labels = ["Full-time", "Part-time", "Contract", "Temporary", "Internship", "Volunteer"]
    assert structured_data.google_employment_types([*labels, "Freelance", "Apprenticeship"]) == [
        "FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN", "VOLUNTEER", "OTHER",
    ]  # fmt: skip


def test_hints_are_the_rules_the_job_would_break_if_published_now() -> None:
    org = organization(logo_url=None)
    bare = job(
        org,
        description=None,
        locations=[],
        remote_option_tids=[],
        salary_range=None,
        employment_type_tids=[],
    )
    found = hints(
        bare,
        settings=SETTINGS,
        organization=org,
        employment_labels=[],
        remote_labels=[],
        now=NOW,
    )
    assert {(h.property, h.level) for h in found} == {
        ("description", "required"),
        ("jobLocation", "required"),
        ("baseSalary", "recommended"),
        ("employmentType", "recommended"),
        ("hiringOrganization.logo", "recommended"),
    }
    remote = hints(
        job(org, locations=[]),
        settings=SETTINGS,
        organization=org,
        employment_labels=["Full-time"],
        remote_labels=["Remote"],
        now=NOW,
    )
    assert [(h.property, h.level) for h in remote] == [
        ("applicantLocationRequirements", "required"),
        ("hiringOrganization.logo", "recommended"),
    ]
    complete, org = _published(expiration=NOW + timedelta(days=10))
    assert (
        hints(
            complete,
            settings=SETTINGS,
            organization=org,
            employment_labels=["Full-time"],
            remote_labels=["On-site"],
            now=NOW,
        )
        == []
    )
