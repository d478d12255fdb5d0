"""What search engines read on a job's page: schema.org ``JobPosting`` JSON-LD, the metatags,
and the structured-data check (what Google requires or recommends that the job still lacks).

Pure functions of the job, its organization (the read model) and the labels of its terms: no
I/O here, so the GraphQL layer loads what they need in batches and tests call them directly.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from jobkit.html import plain_text
from jobkit.site_settings import DEFAULT_SITE_NAME, page_title
from jobkit.uploads.files import file_url

from jobs.domain.models import Job, KnownOrganization
from jobs.domain.snapshots import LOGO_STYLE, logo_url
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
REMOTE_ALIASES = frozenset({"remote", "fully-remote", "telecommute"})


def alias(label: str) -> str:
    """The English URL alias search derives from a label (``Full-time`` -> ``full-time``)."""
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


def google_employment_types(labels: list[str]) -> list[str]:
    return list(dict.fromkeys(EMPLOYMENT_TYPES.get(alias(label), "OTHER") for label in labels))


def is_remote(remote_labels: list[str]) -> bool:
    return any(alias(label) in REMOTE_ALIASES for label in remote_labels)


def absolute(settings: JobsSettings, url: str | None) -> str | None:
    if not url:
        return None
    if url.startswith(("http://", "https://")):
        return url
    return settings.site_url.rstrip("/") + "/" + url.lstrip("/")


def profile_url(settings: JobsSettings, organization: KnownOrganization | None) -> str | None:
    if organization is None or not organization.profile_slug:
        return None
    return absolute(settings, f"/organization/{organization.profile_slug}")


def job_url(settings: JobsSettings, job: Job) -> str:
    return absolute(settings, f"/job/{job.slug}") or f"/job/{job.slug}"


def _iso(moment: Any) -> str | None:
    return moment.isoformat() if moment is not None else None


def json_ld(
    job: Job,
    *,
    settings: JobsSettings,
    organization: KnownOrganization | None,
    employment_labels: list[str],
    remote_labels: list[str],
) -> str | None:
    """The schema.org JobPosting of a PUBLISHED job (None in any other state)."""
    if job.state != "published":
        return None
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
    posting: dict[str, Any] = {
        "@context": "https://schema.org/",
        "@type": "JobPosting",
        "title": job.title,
        "description": job.description or _fallback_description(job),
        "datePosted": _iso(job.published_at),
        "hiringOrganization": hiring,
        "identifier": {
            "@type": "PropertyValue",
            "name": job.organization_name,
            "value": str(job.id),
        },
        "url": job_url(settings, job),
    }
    if job.expires_at is not None:
        posting["validThrough"] = _iso(job.expires_at)
    if job.locations:
        posting["jobLocation"] = [_place(item["address"]) for item in job.locations]
    if is_remote(remote_labels):
        posting["jobLocationType"] = "TELECOMMUTE"
        countries = list(dict.fromkeys(item["address"]["country_code"] for item in job.locations))
        if countries:
            posting["applicantLocationRequirements"] = [
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
        posting["baseSalary"] = {
            "@type": "MonetaryAmount",
            "currency": salary["currency_code"],
            "value": value,
        }
    employment = google_employment_types(employment_labels)
    if employment:
        posting["employmentType"] = employment if len(employment) > 1 else employment[0]
    if job.application_workflow == "on_site":
        posting["directApply"] = True
    return json.dumps(posting, ensure_ascii=False)


def _fallback_description(job: Job) -> str:
    if job.type == "job_per_link" and job.link_url:
        return f"<p>{job.title}: see the original ad at {job.link_url}.</p>"
    return f"<p>{job.title}</p>"


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


@dataclass(frozen=True)
class Hint:
    property: str
    level: str  # required | recommended
    message: str


def structured_data_hints(
    job: Job,
    *,
    organization: KnownOrganization | None,
    settings: JobsSettings,
    remote_labels: list[str],
) -> list[Hint]:
    """What Google requires or recommends for a JobPosting that the job still lacks."""
    hints: list[Hint] = []
    if not job.description and job.type == "job_per_template":
        hints.append(Hint("description", "required", "Describe the job."))
    if not job.locations and not is_remote(remote_labels):
        hints.append(
            Hint(
                "jobLocation",
                "required",
                "Add a location, or mark the job as remote (with the country applicants must "
                "live in).",
            )
        )
    if is_remote(remote_labels) and not job.locations:
        hints.append(
            Hint(
                "applicantLocationRequirements",
                "required",
                "Add a location so remote applicants know which country they must live in.",
            )
        )
    salary = job.salary_range or {}
    if salary.get("min_salary") is None and salary.get("max_salary") is None:
        hints.append(Hint("baseSalary", "recommended", "Give a salary range with numbers."))
    if job.expiration is None and job.duration is None:
        hints.append(
            Hint(
                "validThrough",
                "recommended",
                f"Set a closing date (otherwise the job expires after "
                f"{settings.default_duration_days} days).",
            )
        )
    if not job.employment_type_tids:
        hints.append(Hint("employmentType", "recommended", "Choose the employment type."))
    if logo_url(settings, job, organization) is None:
        hints.append(
            Hint(
                "hiringOrganization.logo",
                "recommended",
                "Add a logo to the job or to the organization's profile.",
            )
        )
    return hints


@dataclass(frozen=True)
class Tag:
    meta: str
    value: str


def metatags(
    job: Job,
    *,
    settings: JobsSettings,
    organization: KnownOrganization | None,
    site_name: str = DEFAULT_SITE_NAME,
) -> list[Tag]:
    """Title (then the site's name), description, canonical, og:* and robots (noindex unless
    PUBLISHED)."""
    description = (
        plain_text(job.description or "")[:300] or f"{job.title} at {job.organization_name}."
    )
    title = f"{job.title} | {job.organization_assignment or job.organization_name}"
    tags = [
        Tag("title", page_title(title, site_name)),
        Tag("description", description),
        Tag("canonical", f"/job/{job.slug}"),
        Tag("og:title", title),
        Tag("og:description", description),
        Tag("og:type", "website"),
        Tag("og:url", job_url(settings, job)),
        Tag("robots", "index, follow" if job.state == "published" else "noindex, nofollow"),
    ]
    image = (
        file_url(settings, job.logo_upload_id, LOGO_STYLE)
        if job.logo_upload_id
        else (organization.logo_url if organization else None)
    )
    if image:
        tags.append(Tag("og:image", absolute(settings, image) or image))
    return tags
