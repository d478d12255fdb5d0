"""Events' payloads -> the denormalized documents the indices keep (no I/O here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from search.engine.indexing.analysis import stem_document
from search.engine.indexing.payloads import JOB_GONE_EVENTS, JobPayload, ProfilePayload
from search.engine.indexing.store import Kind
from search.engine.places import area_names

# Salary units -> periods per year, so every salary is comparable as a yearly figure (per
# currency: amounts in different currencies are never compared).
YEARLY_FACTORS: dict[str, float] = {
    "hour": 2080.0,
    "day": 260.0,
    "week": 52.0,
    "month": 12.0,
    "year": 1.0,
}
DESCRIPTION_LIMIT = 20_000  # characters of the description that are searchable
SNIPPET_LENGTH = 240

Labels = Mapping[int, str]


def _labels(tids: Sequence[int | None], labels: Labels) -> list[str]:
    return [labels[tid] for tid in tids if tid is not None and tid in labels]


def _snippet(text: str) -> str:
    text = " ".join(text.split())
    if len(text) <= SNIPPET_LENGTH:
        return text
    return text[:SNIPPET_LENGTH].rsplit(" ", 1)[0] + "…"


def job_is_findable(payload: JobPayload, event_type: str, *, now: datetime) -> bool:

    if event_type in JOB_GONE_EVENTS or payload.state.lower() != "published":
        return False
    if payload.expires_at:
        expires = datetime.fromisoformat(payload.expires_at)
        if expires.tzinfo is None:
            expires = expires.replace(tzinfo=UTC)
        if expires <= now:
            return False
    return True


# Where a document's term labels come from: ``term_labels`` key -> the field with the term id(s).
# The labels are denormalized (``term_labels`` for teasers, ``labels_stem`` for full text), so a
# label change rewrites the documents carrying the term
# (search.engine.indexing.indexer.relabel_term).
LABEL_FIELDS: dict[Kind, dict[str, str]] = {
    "jobs": {
        "employment_types": "employment_type_tids",
        "occupational_fields": "occupational_field_tids",
        "remote_options": "remote_option_tids",
        "years_of_experience": "years_of_experience_tid",
        "skills": "skill_tids",
        "industry": "industry_tid",
    },
    "organizations": {
        "industry": "industry_tid",
        "occupational_fields": "occupation_tids",
        "fields_of_study": "fields_of_study_tids",
        "benefits": "benefit_tids",
    },
    # a resume's skills and occupations are searchable by their labels (ADR 0010's analysis)
    "resumes": {
        "skills": "skill_tids",
        "occupational_fields": "occupation_tids",
    },
}


def _tids(value: object) -> list[int]:
    if isinstance(value, list):
        return [int(tid) for tid in value if tid is not None]
    return [int(value)] if isinstance(value, int) else []


def document_tids(kind: Kind, document: Mapping[str, Any]) -> set[int]:
    """The ids of the terms whose labels ``document`` carries."""
    return {tid for field in LABEL_FIELDS[kind].values() for tid in _tids(document.get(field))}


def label_fields(kind: Kind, document: Mapping[str, Any], labels: Labels) -> dict[str, Any]:
    """``term_labels`` and ``labels_stem`` of a document from its term ids and ``labels``."""
    term_labels = {
        key: _labels(_tids(document.get(field)), labels)
        for key, field in LABEL_FIELDS[kind].items()
    }
    all_labels = " ".join(label for values in term_labels.values() for label in values)
    return {"term_labels": term_labels, "labels_stem": stem_document(all_labels)}


def job_sites(payload: JobPayload) -> list[str]:
    """The sites a job is listed on: its own, then those it is shared with."""
    return [payload.site, *sorted(set(payload.shared_sites) - {payload.site})]


def document_sites(document: Mapping[str, Any]) -> list[str]:
    """The sites of a stored job document (one site, as a string, before ADR 0057)."""
    value = document.get("site")
    if isinstance(value, str):
        return [value]
    return [str(site) for site in value or []]


def job_document(
    payload: JobPayload,
    *,
    findable: bool,
    labels: Labels,
    industry_tid: int | None = None,
    organization_slug: str | None = None,
    organization_stem: str | None = None,
) -> dict[str, Any]:
    """A job's document; ``organization_stem``: the stemmed name of its organization's profile,
    which the caller puts over the job's copy of the name (stemmed here when not given)."""
    locations = [
        {
            "locality": loc.locality,
            "country_code": loc.country_code.upper(),
            "administrative_area": loc.administrative_area,
        }
        for loc in payload.locations
    ]
    place_text = " ".join(
        f"{loc.locality} {loc.administrative_area or ''} {loc.country_code}"
        for loc in payload.locations
    )
    salary: dict[str, Any] = {}
    if payload.salary is not None:
        factor = YEARLY_FACTORS.get(payload.salary.salary_unit, 1.0)
        salary = {
            "salary_currency": payload.salary.currency_code.upper(),
            "salary_unit": payload.salary.salary_unit,
            "salary_min": payload.salary.min_salary,
            "salary_max": payload.salary.max_salary,
            "salary_yearly_min": (
                payload.salary.min_salary * factor if payload.salary.min_salary else None
            ),
            "salary_yearly_max": (
                payload.salary.max_salary * factor if payload.salary.max_salary else None
            ),
        }
    document: dict[str, Any] = {
        "id": payload.job_id,
        # every site that lists it: its own first, then those it is shared with (ADR 0057); a
        # keyword of several values, so the term filter on a site finds it on each
        "site": job_sites(payload),
        "slug": payload.slug,
        "type": payload.type,
        "state": payload.state,
        "version": payload.version,
        "findable": findable,
        "title": payload.title,
        "title_stem": stem_document(payload.title),
        "organization_stem": (
            stem_document(payload.organization_name)
            if organization_stem is None
            else organization_stem
        ),
        "body_stem": stem_document(payload.description_text[:DESCRIPTION_LIMIT]),
        "place_stem": stem_document(place_text),
        "snippet": _snippet(payload.description_text),
        "organization_id": payload.organization_id,
        "organization_name": payload.organization_name,
        "organization_slug": organization_slug,
        "logo_url": payload.logo_url,
        "own_logo": payload.own_logo,
        "link_url": payload.link_url,
        "industry_tid": industry_tid,
        "employment_type_tids": payload.employment_type_tids,
        "occupational_field_tids": payload.occupational_field_tids,
        "remote_option_tids": payload.remote_option_tids,
        "years_of_experience_tid": payload.years_of_experience_tid,
        "fields_of_study_tids": payload.fields_of_study_tids,
        "degree_level_tid": payload.degree_level_tid,
        "skill_tids": payload.skill_tids,
        "language_tids": payload.language_tids,
        "locations": locations,
        "location_points": [
            {"lat": loc.lat, "lon": loc.lon}
            for loc in payload.locations
            if loc.lat is not None and loc.lon is not None
        ],
        "countries": sorted({loc.country_code.upper() for loc in payload.locations}),
        "administrative_areas": sorted(
            {
                name
                for loc in payload.locations
                if loc.administrative_area
                for name in area_names(loc.country_code, loc.administrative_area)
            }
        ),
        "published_at": payload.published_at,
        "expires_at": payload.expires_at,
        "created_at": payload.created_at,
        "featured_until": payload.featured_until,
        "has_video": bool(payload.video_url),
        **salary,
    }
    return document | label_fields("jobs", document, labels)


def profile_document(
    payload: ProfilePayload,
    *,
    labels: Labels,
    featured_periods: Sequence[Mapping[str, str]] = (),
) -> dict[str, Any]:
    document: dict[str, Any] = {
        "id": payload.profile_id,
        "organization_id": payload.organization_id,
        "organization_number": payload.organization_number,
        "site": payload.site,
        "slug": payload.slug,
        "version": payload.version,
        "findable": payload.published,
        "name": payload.name,
        "name_stem": stem_document(f"{payload.name} {payload.alternative_name or ''}"),
        "body_stem": stem_document(payload.presentation_text[:DESCRIPTION_LIMIT]),
        "snippet": _snippet(payload.presentation_text),
        "logo_url": payload.logo_url,
        "industry_tid": payload.industry_tid,
        "size_tid": payload.size_tid,
        "occupation_tids": payload.occupation_tids,
        "fields_of_study_tids": payload.fields_of_study_tids,
        "benefit_tids": payload.benefit_tids,
        "location_points": [
            {"lat": loc.lat, "lon": loc.lon}
            for loc in payload.locations
            if loc.lat is not None and loc.lon is not None
        ],
        "countries": sorted({loc.country_code.upper() for loc in payload.locations}),
        "featured_periods": [dict(period) for period in featured_periods],
    }
    return document | label_fields("organizations", document, labels)


def job_tids(payload: JobPayload) -> set[int]:
    return {
        *payload.employment_type_tids,
        *payload.occupational_field_tids,
        *payload.remote_option_tids,
        *payload.skill_tids,
        *([payload.years_of_experience_tid] if payload.years_of_experience_tid else []),
    }


def profile_tids(payload: ProfilePayload) -> set[int]:
    return {
        *payload.occupation_tids,
        *payload.fields_of_study_tids,
        *payload.benefit_tids,
        *([payload.industry_tid] if payload.industry_tid else []),
    }
