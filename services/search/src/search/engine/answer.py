"""Elasticsearch's response read back as a :class:`SearchAnswer`: the hits, the total, each
facet's counts, the sorting used, which hits are featured; and a hit's distance to the request's
place."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from search.engine.request import ValidSearch

EARTH_RADIUS_KM = 6371.0


def nearest_km(points: object, lat: float, lon: float) -> float | None:
    """Great-circle kilometres from (lat, lon) to the nearest of a document's points (its
    ``location_points``), rounded to 0.1 km; None when it has none. Computed here from the stored
    points: a page has at most 10 hits with a few points each (no script field needed)."""
    if not isinstance(points, list):
        return None
    best: float | None = None
    for point in points:
        if not isinstance(point, dict) or point.get("lat") is None or point.get("lon") is None:
            continue
        phi1, phi2 = math.radians(lat), math.radians(float(point["lat"]))
        d_phi = phi2 - phi1
        d_lambda = math.radians(float(point["lon"]) - lon)
        a = math.sin(d_phi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(d_lambda / 2) ** 2
        km = 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(a)))
        best = km if best is None else min(best, km)
    return None if best is None else round(best, 1)


@dataclass(frozen=True)
class FacetCount:
    value: str
    count: int
    label: str | None = None


@dataclass(frozen=True)
class FacetResult:
    field: str
    values: list[FacetCount]


@dataclass(frozen=True)
class SearchAnswer:
    total: int
    hits: list[dict[str, Any]]
    facets: list[FacetResult]
    sorting: Literal["relevancy", "publish_date_desc"]
    featured: frozenset[str] = frozenset()  # ids of the hits shown as featured


def read_answer(
    search: ValidSearch, response: dict[str, Any], featured: frozenset[str] = frozenset()
) -> SearchAnswer:
    hits = [hit["_source"] for hit in response["hits"]["hits"]]
    facets: list[FacetResult] = []
    for facet in search.request.facets:
        buckets = response.get("aggregations", {}).get(facet.field, {}).get("values", {})
        values = []
        for bucket in buckets.get("buckets", []):
            names = bucket.get("name", {}).get("buckets", [])
            label = names[0]["key"] if names else None
            values.append(
                FacetCount(value=str(bucket["key"]), count=bucket["doc_count"], label=label)
            )
        facets.append(FacetResult(field=facet.field, values=values))
    return SearchAnswer(
        total=response["hits"]["total"]["value"],
        hits=hits,
        facets=facets,
        sorting="publish_date_desc" if search.by_date else "relevancy",
        featured=featured,
    )
