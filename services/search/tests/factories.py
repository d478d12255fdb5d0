"""Factories for search's tests: valid objects by default, any field overridable."""

import uuid
from typing import Any

from jobkit.events import EventEnvelope
from jobkit.site_settings import SITE_CONFIG_CHANGED, site_settings_handlers
from search.db import site_settings
from search.engine.indexing.payloads import JobPayload, ProfilePayload
from search.site.models import LandingPage, Route


def landing_page(**overrides: Any) -> LandingPage:
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "title": "Nursing jobs",
        "path": f"/jobs/nursing-{uuid.uuid4().hex[:6]}",
        "language": "en",
        "intro": "<p>Care work near you.</p>",
        "description": "Nursing jobs at non-profits.",
    }
    return LandingPage(**(fields | overrides))


def route(**overrides: Any) -> Route:
    fields: dict[str, Any] = {"slug": f"/jobs/page-{uuid.uuid4().hex[:6]}", "language": "en"}
    return Route(**(fields | overrides))


def resume_page_input(keys: str, *, skills: list[int] | None = None) -> dict[str, Any]:
    """``ResumeSearchInput`` as the /resumes page sends it (web's buildResumeSearchInput, as
    bench.scenarios._resume_search sends it): keywords, career statuses and skills selected, 100
    mi around Berlin, newest change first, the facets counted."""
    groups: list[dict[str, Any]] = [
        {
            "conditions": [
                {"field": "careerStatus", "value": s, "operator": "="}
                for s in ("graduate", "professional")
            ],
            "conjunction": "OR",
            "tags": ["facet:careerStatus"],
        }
    ]
    if skills:
        groups.append(
            {
                "conditions": [{"field": "skills", "value": str(t)} for t in skills],
                "tags": ["facet:skills"],
            }
        )
    return {
        "language": "en",
        "facets": [
            {"field": f, "limit": 100, "operator": "or", "minCount": 1, "missing": False}
            for f in ("careerStatus", "languages", "skills", "occupations", "region")
        ],
        "conditionGroups": groups,
        "fulltext": {"keys": keys},
        "geoLocation": {
            "locationType": "locality",
            "label": "Berlin",
            "lat": 52.52,
            "lon": 13.405,
            "radius": 100,
            "unit": "mi",
        },
        "range": None,
        "page": 1,
        "sorts": [{"field": "changed", "value": "DESC"}],
    }


def job_payload(**overrides: Any) -> JobPayload:
    job_id = str(uuid.uuid4())
    fields: dict[str, Any] = {
        "job_id": job_id,
        "site": "jobboard",
        "slug": f"job-{job_id[:8]}",
        "title": "Program Officer",
        "description_text": "A job at a non-profit.",
        "type": "job_per_template",
        "state": "published",
        "version": 1,
        "organization_id": str(uuid.uuid4()),
        "organization_number": 1,
        "organization_name": "Helping Hands",
        "locations": [
            {
                "locality": "Boston",
                "country_code": "US",
                "administrative_area": "MA",
                "lat": 42.3601,
                "lon": -71.0589,
            }
        ],
        "published_at": "2026-11-01T10:00:00+00:00",
        "expires_at": None,
        "created_at": "2026-10-30T10:00:00+00:00",
    }
    return JobPayload.model_validate(fields | overrides)


def profile_payload(**overrides: Any) -> ProfilePayload:
    organization_id = str(uuid.uuid4())
    fields: dict[str, Any] = {
        "profile_id": organization_id,
        "organization_id": organization_id,
        "organization_number": 1,
        "site": "jobboard",
        "slug": f"org-{organization_id[:8]}",
        "name": "Helping Hands",
        "published": True,
        "version": 1,
        "presentation_text": "We help.",
    }
    return ProfilePayload.model_validate(fields | overrides)


async def configure_site(sessions: Any, site: str, key: str, **values: Any) -> None:
    """Settings of one group of a site, as identity's config event carries them to search's
    read model (the site-config consumer's own handler)."""
    changes = [{"key": key, "name": name, "value": value} for name, value in values.items()]
    event = EventEnvelope(
        type=SITE_CONFIG_CHANGED,
        aggregate_id=site,
        site=site,
        payload={"site": site, "changes": changes},
    )
    async with sessions() as session, session.begin():
        await site_settings_handlers(site_settings)[SITE_CONFIG_CHANGED](session, event)
