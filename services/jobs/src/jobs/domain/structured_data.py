"""Google's JobPosting structured data: the JSON-LD a job's page carries, and the ONE rule set
that says whether it is right (ADR 0043).

Each rule is data (the property, whether Google requires or recommends it, how a recruiter
fixes it, the job's field at fault) and a predicate over the rendered posting and the job's
:class:`Work` (what JSON-LD cannot say: a hybrid job, where applying happens). The same rules
serve the wizard's check before publishing (:func:`hints`), every publish path (the broken
required ones refuse the publication: :func:`jobs.domain.publishing.publication_errors`, used by
the wizard, the ATS API and feed imports) and the tests that read a live page's JSON-LD.

Pure functions of the job, its organization (the read model) and the labels of its terms: no
I/O here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from jobs.domain.models import Job, KnownOrganization
from jobs.domain.page import absolute, job_url, profile_url
from jobs.domain.snapshots import logo_url
from jobs.settings import JobsSettings

# Google's employmentType values, by the English URL alias of the employment_types vocabulary
# (services/search/src/search/taxonomy/data/employment_types.json).
EMPLOYMENT_TYPES = {
    "full-time": "FULL_TIME",
    "part-time": "PART_TIME",
    "contract": "CONTRACTOR",
    "freelance": "CONTRACTOR",
    "contractor": "CONTRACTOR",
    "temporary": "TEMPORARY",
    "internship": "INTERN",
    "intern": "INTERN",
    "volunteer": "VOLUNTEER",
    "per-diem": "PER_DIEM",
}
GOOGLE_EMPLOYMENT_TYPES = frozenset({*EMPLOYMENT_TYPES.values(), "OTHER"})
SALARY_UNITS = frozenset({"HOUR", "DAY", "WEEK", "MONTH", "YEAR"})
REMOTE_ALIASES = frozenset({"remote", "fully-remote", "telecommute"})
HYBRID_ALIASES = frozenset({"hybrid"})
ON_SITE_ALIASES = frozenset({"on-site", "onsite", "in-office"})

Posting = Mapping[str, Any]


def alias(label: str) -> str:
    """The English URL alias search derives from a label (``Full-time`` -> ``full-time``)."""
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


def google_employment_types(labels: list[str]) -> list[str]:
    return list(dict.fromkeys(EMPLOYMENT_TYPES.get(alias(label), "OTHER") for label in labels))


def is_remote(remote_labels: list[str]) -> bool:
    return any(alias(label) in REMOTE_ALIASES for label in remote_labels)


@dataclass(frozen=True)
class Work:
    """How the job is done and applied to: what the rules read beside the posting."""

    remote: bool = False  # the Remote option: the posting says TELECOMMUTE
    hybrid: bool = False
    on_site: bool = False
    applies_here: bool = False  # applications happen on this site (directApply)

    @classmethod
    def of(cls, remote_labels: list[str], *, application_workflow: str) -> Work:
        """From the labels of the job's remote options and its application workflow
        (``on_site`` | ``email`` | ``link``)."""
        aliases = {alias(label) for label in remote_labels}
        return cls(
            remote=bool(aliases & REMOTE_ALIASES),
            hybrid=bool(aliases & HYBRID_ALIASES),
            on_site=bool(aliases & ON_SITE_ALIASES),
            applies_here=application_workflow == "on_site",
        )

    @property
    def fully_remote(self) -> bool:
        """Remote only: no place of work to name (a hybrid or also on-site job has one)."""
        return self.remote and not (self.hybrid or self.on_site)


# --- the posting ------------------------------------------------------------------------------


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def dates(job: Job, settings: JobsSettings, now: datetime) -> tuple[datetime, datetime]:
    """(datePosted, validThrough): a published job's own; for any other job, the ones it would
    have if it went public now (or at its publish date ahead)."""
    if job.state == "published" and job.published_at is not None:
        posted = job.published_at
    elif job.published is not None and job.published > now:
        posted = job.published
    else:
        posted = now
    if job.state == "published" and job.expires_at is not None:
        return posted, job.expires_at
    days = job.duration or settings.default_duration_days
    return posted, job.expiration or posted + timedelta(days=days)


def posting(
    job: Job,
    *,
    settings: JobsSettings,
    organization: KnownOrganization | None,
    employment_labels: list[str],
    remote_labels: list[str],
    now: datetime,
) -> dict[str, Any]:
    """The schema.org JobPosting of the job as it is (or would be, once public)."""
    hiring: dict[str, Any] = {
        "@type": "Organization",
        "name": job.organization_assignment or job.organization_name,
    }
    same_as = profile_url(settings, organization)
    if same_as:
        hiring["sameAs"] = same_as
    logo = absolute(settings, logo_url(settings, job, organization))
    if logo:
        hiring["logo"] = logo
    posted, valid_through = dates(job, settings, now)
    data: dict[str, Any] = {
        "@context": "https://schema.org/",
        "@type": "JobPosting",
        "title": job.title,
        "datePosted": _iso(posted),
        "validThrough": _iso(valid_through),
        "hiringOrganization": hiring,
        "identifier": {
            "@type": "PropertyValue",
            "name": job.organization_name,
            "value": str(job.id),
        },
        "url": job_url(settings, job),
        # false as well as true: Google reads a missing one as unknown
        "directApply": job.application_workflow == "on_site",
    }
    description = job.description or _fallback_description(job)
    if description:
        data["description"] = description
    if job.locations:
        data["jobLocation"] = [_place(item["address"]) for item in job.locations]
    if is_remote(remote_labels):
        data["jobLocationType"] = "TELECOMMUTE"
        # a remote job's locations name the countries its applicants must live in
        countries = list(dict.fromkeys(item["address"]["country_code"] for item in job.locations))
        if countries:
            data["applicantLocationRequirements"] = [
                {"@type": "Country", "name": code} for code in countries
            ]
    salary = job.salary_range
    if salary and (salary.get("min_salary") is not None or salary.get("max_salary") is not None):
        value: dict[str, Any] = {
            "@type": "QuantitativeValue",
            "unitText": str(salary.get("salary_unit") or "year").upper(),
        }
        if salary.get("min_salary") is not None:
            value["minValue"] = salary["min_salary"]
        if salary.get("max_salary") is not None:
            value["maxValue"] = salary["max_salary"]
        data["baseSalary"] = {
            "@type": "MonetaryAmount",
            "currency": salary.get("currency_code"),
            "value": value,
        }
    employment = google_employment_types(employment_labels)
    if employment:
        data["employmentType"] = employment if len(employment) > 1 else employment[0]
    return data


def json_ld(
    job: Job,
    *,
    settings: JobsSettings,
    organization: KnownOrganization | None,
    employment_labels: list[str],
    remote_labels: list[str],
    now: datetime,
) -> str | None:
    """The page's JSON-LD: the posting of a PUBLISHED job (None in any other state)."""
    if job.state != "published":
        return None
    return json.dumps(
        posting(
            job,
            settings=settings,
            organization=organization,
            employment_labels=employment_labels,
            remote_labels=remote_labels,
            now=now,
        ),
        ensure_ascii=False,
    )


def _fallback_description(job: Job) -> str | None:
    """A linked or uploaded ad's text is elsewhere; a job written here has its own or none."""
    if job.type == "job_per_link" and job.link_url:
        return f"<p>{job.title}: see the original ad at {job.link_url}.</p>"
    if job.type == "job_per_file":
        return f"<p>{job.title}</p>"
    return None


def _place(address: dict[str, Any]) -> dict[str, Any]:
    postal: dict[str, Any] = {"@type": "PostalAddress", "addressCountry": address["country_code"]}
    for key, name in (
        ("address_line1", "streetAddress"),
        ("locality", "addressLocality"),
        ("administrative_area", "addressRegion"),
        ("zip", "postalCode"),
    ):
        if address.get(key):
            postal[name] = address[key]
    place: dict[str, Any] = {"@type": "Place", "address": postal}
    if address.get("lat") is not None and address.get("lon") is not None:
        place["geo"] = {
            "@type": "GeoCoordinates",
            "latitude": address["lat"],
            "longitude": address["lon"],
        }
    return place


# --- the rules --------------------------------------------------------------------------------


class Level(StrEnum):
    REQUIRED = "required"  # refuses the publication
    RECOMMENDED = "recommended"  # a hint


@dataclass(frozen=True)
class Rule:
    """One property Google asks for, with its condition (inside ``holds``)."""

    property: str
    level: Level
    holds: Callable[[Posting, Work], bool]
    message: str  # how the recruiter fixes it, in their words
    field: str | None  # the job's field at fault (snake_case), for the refusal
    # the page always satisfies it whatever the job holds: a broken one is our bug
    always: bool = False


def _text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _iso_8601(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def _items(value: object) -> list[Any]:
    return value if isinstance(value, list) else [value] if value is not None else []


def _valid_through(data: Posting, _: Work) -> bool:
    posted, valid = _iso_8601(data.get("datePosted")), _iso_8601(data.get("validThrough"))
    if valid is None:
        return False
    return posted is None or posted.tzinfo is None or valid.tzinfo is None or valid > posted


def _place_with_address(place: object) -> bool:
    if not isinstance(place, dict) or place.get("@type") != "Place":
        return False
    address = place.get("address")
    return (
        isinstance(address, dict)
        and address.get("@type") == "PostalAddress"
        and _text(address.get("addressLocality"))
        and isinstance(address.get("addressCountry"), str)
        and len(address["addressCountry"]) == 2
    )


def _job_location(data: Posting, work: Work) -> bool:
    if work.fully_remote:
        return True
    places = _items(data.get("jobLocation"))
    return bool(places) and all(_place_with_address(place) for place in places)


def _job_location_type(data: Posting, work: Work) -> bool:
    return (data.get("jobLocationType") == "TELECOMMUTE") == work.remote


def _applicant_countries(data: Posting, _: Work) -> bool:
    if data.get("jobLocationType") != "TELECOMMUTE":
        return True
    countries = _items(data.get("applicantLocationRequirements"))
    return bool(countries) and all(
        isinstance(country, dict)
        and country.get("@type") == "Country"
        and _text(country.get("name"))
        for country in countries
    )


def _organization(key: str) -> Callable[[Posting, Work], bool]:
    def holds(data: Posting, _: Work) -> bool:
        hiring = data.get("hiringOrganization")
        return isinstance(hiring, dict) and _text(hiring.get(key))

    return holds


def _identifier(data: Posting, _: Work) -> bool:
    identifier = data.get("identifier")
    return (
        isinstance(identifier, dict)
        and identifier.get("@type") == "PropertyValue"
        and _text(identifier.get("name"))
        and _text(identifier.get("value"))
    )


def _base_salary(data: Posting, _: Work) -> bool:
    salary = data.get("baseSalary")
    if not isinstance(salary, dict):
        return False
    currency, value = salary.get("currency"), salary.get("value")
    if not (isinstance(currency, str) and re.fullmatch(r"[A-Z]{3}", currency)):
        return False
    if not isinstance(value, dict) or value.get("unitText") not in SALARY_UNITS:
        return False
    return any(isinstance(value.get(key), int | float) for key in ("value", "minValue", "maxValue"))


def _employment_type(data: Posting, _: Work) -> bool:
    types = _items(data.get("employmentType"))
    return bool(types) and all(kind in GOOGLE_EMPLOYMENT_TYPES for kind in types)


R, H = Level.REQUIRED, Level.RECOMMENDED

RULES: tuple[Rule, ...] = (
    Rule(
        "title",
        R,
        lambda data, _: _text(data.get("title")),
        "Give the job a title.",
        "title",
    ),
    Rule(
        "description",
        R,
        lambda data, _: _text(data.get("description")),
        "Describe the job.",
        "description",
    ),
    Rule(
        "datePosted",
        R,
        lambda data, _: _iso_8601(data.get("datePosted")) is not None,
        "Give the job a valid publish date.",
        "published",
        always=True,
    ),
    Rule(
        "validThrough",
        R,
        _valid_through,
        "Set an expiration date after the publish date.",
        "expiration",
    ),
    Rule(
        "hiringOrganization",
        R,
        _organization("name"),
        "Choose the organization the job is for.",
        "organization_id",
    ),
    Rule(
        "jobLocation",
        R,
        _job_location,
        "Add where the job is (at least the town and country), or mark it as remote.",
        "locations",
    ),
    Rule(
        "jobLocationType",
        R,
        _job_location_type,
        "Mark a remote job as remote.",
        "remote_option_tids",
        always=True,
    ),
    Rule(
        "applicantLocationRequirements",
        R,
        _applicant_countries,
        "A remote job needs the country its applicants must live in: add a location in that "
        "country (a town is enough).",
        "locations",
    ),
    Rule(
        "directApply",
        H,
        lambda data, work: data.get("directApply") is work.applies_here,
        "Choose how people apply: on this site, by email or on your own site.",
        "application_workflow",
        always=True,
    ),
    Rule(
        "identifier",
        H,
        _identifier,
        "Save the job again so it gets its reference.",
        None,
        always=True,
    ),
    Rule(
        "baseSalary",
        H,
        _base_salary,
        "Give a salary range with numbers, its currency and whether it is per hour, day, week, "
        "month or year.",
        "salary_range",
    ),
    Rule(
        "employmentType",
        H,
        _employment_type,
        "Choose the employment type.",
        "employment_type_tids",
    ),
    Rule(
        "hiringOrganization.sameAs",
        H,
        _organization("sameAs"),
        "Publish the organization's profile, so search engines link the job to it.",
        "organization_id",
    ),
    Rule(
        "hiringOrganization.logo",
        H,
        _organization("logo"),
        "Add a logo to the job or to the organization's profile.",
        "logo_upload_id",
    ),
)


def broken(data: Posting, work: Work, *, level: Level | None = None) -> list[Rule]:
    """The rules ``data`` breaks (of one level, or all), in the rule set's order."""
    return [
        rule
        for rule in RULES
        if (level is None or rule.level is level) and not rule.holds(data, work)
    ]


def hints(
    job: Job,
    *,
    settings: JobsSettings,
    organization: KnownOrganization | None,
    employment_labels: list[str],
    remote_labels: list[str],
    now: datetime,
) -> list[Rule]:
    """What the job's posting breaks as it would go public now: the wizard's check, and (its
    required ones) what refuses the publication."""
    data = posting(
        job,
        settings=settings,
        organization=organization,
        employment_labels=employment_labels,
        remote_labels=remote_labels,
        now=now,
    )
    return broken(data, Work.of(remote_labels, application_workflow=job.application_workflow))
