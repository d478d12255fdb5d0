"""A saved search as stored (``SavedSearch.query``) and back as the engine's request: the full
text, the condition groups (facets, salary) and the place with its radius. Sorting, paging and
facet counts are not part of an alert: a mail lists the newest matches first."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any
from urllib.parse import urlencode

from search.engine.request import (
    DATE_SORT,
    Condition,
    ConditionGroup,
    GeoLocation,
    SearchRange,
    SearchRequest,
    SortRequest,
    ValidSearch,
)
from search.engine.validation import validate


def stored_query(request: SearchRequest) -> dict[str, Any]:
    """The parts of ``request`` an alert keeps, as JSON."""
    return {
        "language": request.language,
        "fulltext": request.fulltext or None,
        "condition_groups": [asdict(group) for group in request.condition_groups],
        "geo_location": asdict(request.geo_location) if request.geo_location else None,
    }


def request_of(query: dict[str, Any], *, size: int = 10) -> SearchRequest:
    """The stored search as a request for its first ``size`` newest jobs."""
    geo = query.get("geo_location")
    return SearchRequest(
        language=str(query.get("language") or "en"),
        fulltext=query.get("fulltext") or None,
        condition_groups=[
            ConditionGroup(
                conditions=[Condition(**condition) for condition in group["conditions"]],
                conjunction=group.get("conjunction", "OR"),
                tags=list(group.get("tags", [])),
            )
            for group in query.get("condition_groups", [])
        ],
        geo_location=GeoLocation(**geo) if geo else None,
        range=SearchRange(first=0, last=size - 1),
        sorts=[SortRequest(field=DATE_SORT, value="DESC")],
    )


def valid_search(query: dict[str, Any], *, size: int = 10) -> ValidSearch:
    """The stored search validated (raises ``SearchErrors`` when the vocabulary changed so
    much that it no longer is)."""
    return validate(request_of(query, size=size))


def facet_values(search: ValidSearch) -> dict[str, set[str]]:
    """The search's selected values per indexed field (facet filters and the others), for the
    instant matcher's first cut."""
    values: dict[str, set[str]] = {}
    for facet_filter in [*search.facet_filters, *search.other_filters]:
        field = search.kind.facets[facet_filter.facet]
        values.setdefault(field, set()).update(str(value) for value in facet_filter.values)
    return values


def _page_params(query: dict[str, Any]) -> list[tuple[str, str]]:
    """A saved search as the search pages' own query parameters (web's job-search-params and
    resume-search-params): ``search``, the place as the page keeps it (label, coordinates or
    country and area, radius), and each facet's values comma-separated under its field."""
    params: list[tuple[str, str]] = []
    if query.get("fulltext"):
        params.append(("search", str(query["fulltext"])))
    geo = query.get("geo_location") or {}
    if geo.get("label"):
        params.append(("geo_location", str(geo["label"])))
    if geo.get("lat") is not None and geo.get("lon") is not None:
        params += [("lat", str(geo["lat"])), ("lon", str(geo["lon"]))]
    elif geo.get("country"):
        params.append(("country", str(geo["country"])))
        if geo.get("administrative_area"):
            params.append(("administrative_area_level_1", str(geo["administrative_area"])))
    if geo.get("radius") and geo.get("lat") is not None:
        params.append(("radius", f"{float(geo['radius']):g}"))
    for group in query.get("condition_groups", []):
        values = [str(condition["value"]) for condition in group["conditions"]]
        fields = {str(condition["field"]) for condition in group["conditions"]}
        if len(fields) == 1 and values:
            params.append((fields.pop(), ",".join(values)))
    return params


def resume_search_path(query: dict[str, Any]) -> str:
    """The site's resume search page for a saved resume search (``/resumes?search=...``)."""
    params = _page_params(query)
    return "/resumes" + (f"?{urlencode(params)}" if params else "")


def search_path(query: dict[str, Any]) -> str:
    """The site's job search page for an alert (``/jobs?search=...``), the link of "See all"
    in the mails and of "See the jobs" on the manage page."""
    params = _page_params(query)
    return "/jobs" + (f"?{urlencode(params)}" if params else "")
