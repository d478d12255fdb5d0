"""The feeds' formats (no I/O): Indeed's XML job feed and a JSON Feed 1.1 with a ``_job``
extension (docs: services/search/README.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from email.utils import format_datetime
from typing import Any
from xml.sax.saxutils import escape

JSON_FEED_VERSION = "https://jsonfeed.org/version/1.1"
# Characters XML 1.0 does not allow at all (not even escaped or in CDATA).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_UNIT_WORDS = {"hour": "hour", "day": "day", "week": "week", "month": "month", "year": "year"}

Job = Mapping[str, Any]


def _clean(text: object) -> str:
    return _NOT_XML.sub("", "" if text is None else str(text))


def cdata(text: object) -> str:
    """Text as CDATA; a ``]]>`` inside is split across two sections."""
    return "<![CDATA[" + _clean(text).replace("]]>", "]]]]><![CDATA[>") + "]]>"


def _date(value: str | None) -> datetime | None:
    if not value:
        return None
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _labels(job: Job, vocabulary: str) -> list[str]:
    return list((job.get("term_labels") or {}).get(vocabulary) or [])


def _amount(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}"


def salary_text(job: Job) -> str:
    low, high, currency = job.get("salary_min"), job.get("salary_max"), job.get("salary_currency")
    amounts = [float(value) for value in (low, high) if value is not None]
    if not currency or not amounts:
        return ""
    if len(amounts) == 2 and amounts[0] != amounts[1]:
        amount = f"{_amount(amounts[0])} - {_amount(amounts[1])}"
    else:
        amount = _amount(amounts[0])
    unit = _UNIT_WORDS.get(job.get("salary_unit") or "year", "year")
    return f"{amount} {currency} per {unit}"


def _first_location(job: Job) -> Mapping[str, Any]:
    locations = job.get("locations") or []
    return locations[0] if locations else {}


def indeed_xml(
    jobs: Iterable[Job], *, publisher: str, site_url: str, job_url: str, built: datetime
) -> str:
    """Indeed's XML feed; ``job_url`` has a ``{slug}`` placeholder."""
    out = [
        '<?xml version="1.0" encoding="utf-8"?>\n<source>\n',
        f"<publisher>{escape(_clean(publisher))}</publisher>\n",
        f"<publisherurl>{escape(_clean(site_url))}</publisherurl>\n",
        f"<lastBuildDate>{format_datetime(built, usegmt=True)}</lastBuildDate>\n",
    ]
    for job in jobs:
        location = _first_location(job)
        published = _date(job.get("published_at") or job.get("created_at"))
        fields = {
            "title": job.get("title"),
            "date": format_datetime(published, usegmt=True) if published else "",
            "referencenumber": job.get("id"),
            "url": job_url.format(slug=job.get("slug")),
            "company": job.get("organization_name"),
            "city": location.get("locality"),
            "state": location.get("administrative_area"),
            "country": location.get("country_code"),
            "postalcode": location.get("zip"),
            "description": job.get("description") or job.get("snippet"),
            "salary": salary_text(job),
            "jobtype": ", ".join(_labels(job, "employment_types")),
            "category": ", ".join(_labels(job, "occupational_fields")),
            "experience": ", ".join(_labels(job, "years_of_experience")),
        }
        out.append("<job>\n")
        out.extend(f"<{name}>{cdata(value)}</{name}>\n" for name, value in fields.items())
        out.append("</job>\n")
    out.append("</source>\n")
    return "".join(out)


def json_feed(
    jobs: Iterable[Job], *, title: str, site_url: str, feed_url: str, job_url: str
) -> str:
    """JSON Feed 1.1; each item's ``_job`` extension carries what aggregators need."""
    items = []
    for job in jobs:
        published = _date(job.get("published_at") or job.get("created_at"))
        item: dict[str, Any] = {
            "id": job.get("id"),
            "url": job_url.format(slug=job.get("slug")),
            "title": job.get("title"),
            "content_text": job.get("description") or job.get("snippet") or "",
            "date_published": published.isoformat() if published else None,
            "tags": _labels(job, "occupational_fields") + _labels(job, "employment_types"),
            "_job": {
                "organization": job.get("organization_name"),
                "locations": [
                    {
                        "locality": loc.get("locality"),
                        "administrative_area": loc.get("administrative_area"),
                        "country_code": loc.get("country_code"),
                        "postal_code": loc.get("zip"),
                    }
                    for loc in job.get("locations") or []
                ],
                "salary": (
                    {
                        "min": job.get("salary_min"),
                        "max": job.get("salary_max"),
                        "currency": job.get("salary_currency"),
                        "unit": job.get("salary_unit"),
                    }
                    if job.get("salary_currency")
                    else None
                ),
                "employment_types": _labels(job, "employment_types"),
                "categories": _labels(job, "occupational_fields"),
                "experience": _labels(job, "years_of_experience"),
                "expires_at": job.get("expires_at"),
            },
        }
        if job.get("logo_url"):
            logo = str(job["logo_url"])
            item["image"] = logo if "://" in logo else f"{site_url}/{logo.lstrip('/')}"
        items.append({key: value for key, value in item.items() if value is not None})
    feed = {
        "version": JSON_FEED_VERSION,
        "title": title,
        "home_page_url": site_url,
        "feed_url": feed_url,
        "items": items,
    }
    return json.dumps(feed, ensure_ascii=False)
