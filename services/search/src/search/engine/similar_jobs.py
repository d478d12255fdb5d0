"""Similar jobs (spec 9's recommender matching, 10 items): the findable jobs most like one job.

The text similarity is Elasticsearch's ``more_like_this`` (server core, ADR 0002) over the
Python-analysed ``*_stem`` fields (ADR 0010), fed the job's own stemmed text as an artificial
document, so the job need not be findable itself: an expired job's page offers similar open jobs.
Shared categories (occupational fields, employment types, industry) and the place add to the
score: a job within ``NEARBY_KM`` of one of the job's locations, or in the same city when the
job has no coordinates. Only findable, unexpired jobs of the same site answer; never the job.
"""

from __future__ import annotations

from typing import Any

from search.engine.indexing.documents import document_sites
from search.engine.query import UNEXPIRED
from search.errors import check_limit

MAX_SIMILAR = 10  # spec 9: recommender matching, 10 items
NEARBY_KM = 50

# Each stemmed field as its own more_like_this, so a field can weigh more than another (the
# query's `fields` list takes no boosts); the title counts most, the body least.
TEXT_FIELDS: tuple[tuple[str, float], ...] = (
    ("title_stem", 3.0),
    ("labels_stem", 2.0),
    ("body_stem", 1.0),
)
CATEGORY_FIELDS: tuple[tuple[str, float], ...] = (
    ("occupational_field_tids", 2.0),
    ("industry_tid", 1.0),
    ("employment_type_tids", 0.5),
)


def validate_limit(limit: int) -> int:
    return check_limit(limit, MAX_SIMILAR, "similar jobs")


def _more_like_this(field: str, text: str, boost: float) -> dict[str, Any]:
    return {
        "more_like_this": {
            "fields": [field],
            "like": [{"doc": {field: text}}],
            # A small index (a new site, a test) has few documents per term: count every term.
            "min_term_freq": 1,
            "min_doc_freq": 1,
            "max_query_terms": 25,
            "minimum_should_match": "10%",
            "boost": boost,
        }
    }


def _tids(value: object) -> list[int]:
    if isinstance(value, list):
        return [int(v) for v in value if v is not None]
    return [int(value)] if isinstance(value, int) else []


def _place_clauses(job: dict[str, Any]) -> list[dict[str, Any]]:
    points = [p for p in job.get("location_points") or [] if isinstance(p, dict)]
    if points:
        return [
            {
                "constant_score": {
                    "filter": {
                        "geo_distance": {
                            "distance": f"{NEARBY_KM}km",
                            "location_points": {"lat": point["lat"], "lon": point["lon"]},
                        }
                    },
                    "boost": 2.0,
                }
            }
            for point in points[:5]
        ]
    place = str(job.get("place_stem") or "").strip()
    return [{"match": {"place_stem": {"query": place, "boost": 1.0}}}] if place else []


def similar_jobs_query(
    job: dict[str, Any], *, limit: int, site: str | None = None
) -> dict[str, Any]:
    """The request body for the jobs most like ``job`` (its stored document, ``*_stem`` fields
    included) listed on ``site`` (the asking one; else any of the job's sites). At least one
    text field must be alike; categories and place only rank."""
    text = [
        _more_like_this(field, str(job[field]), boost)
        for field, boost in TEXT_FIELDS
        if str(job.get(field) or "").strip()
    ]
    ranking: list[dict[str, Any]] = []
    for field, boost in CATEGORY_FIELDS:
        tids = _tids(job.get(field))
        if tids:
            ranking.append({"terms": {field: tids, "boost": boost}})
    ranking += _place_clauses(job)
    filters: list[dict[str, Any]] = [{"term": {"findable": True}}, UNEXPIRED]
    if site:
        filters.append({"term": {"site": site}})
    elif sites := document_sites(job):
        filters.append({"terms": {"site": sites}})
    return {
        "query": {
            "bool": {
                "must": [{"bool": {"should": text, "minimum_should_match": 1}}],
                "should": ranking,
                "filter": filters,
                "must_not": [{"ids": {"values": [str(job["id"])]}}],
            }
        },
        "size": limit,
        "sort": ["_score", {"published_at": {"order": "desc", "missing": "_last"}}],
        "track_total_hits": False,
        "_source": {"excludes": ["*_stem"]},
    }


async def find_similar_jobs(
    store: Any, *, job_id: str, limit: int, site: str | None = None
) -> list[dict[str, Any]]:
    """The stored documents of up to ``limit`` findable jobs like ``job_id``, best first; none
    when the job is not in the index or has no text (raises :class:`SearchErrors` for a bad
    limit)."""
    validate_limit(limit)
    await store.ensure_indices()
    job = await store.get("jobs", job_id)
    if job is None:
        return []
    body = similar_jobs_query(job, limit=limit, site=site)
    if not body["query"]["bool"]["must"][0]["bool"]["should"]:
        return []
    response = await store.client.search(index=store.alias("jobs"), body=body)
    return [hit["_source"] for hit in response["hits"]["hits"]]
