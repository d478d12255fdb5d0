"""Video jobs (spec 9: featured, video and top jobs fill positions 0-6): the newest findable,
unexpired jobs of a site whose page plays a video, for the home page's row of them."""

from __future__ import annotations

from typing import Any

from search.engine.query import UNEXPIRED
from search.errors import check_limit

MAX_VIDEO_JOBS = 7  # positions 0 to 6


def validate_limit(limit: int) -> int:
    return check_limit(limit, MAX_VIDEO_JOBS, "video jobs")


def video_jobs_query(*, site: str | None, limit: int) -> dict[str, Any]:
    """The request body: the site's findable, unexpired jobs with a video, newest first."""
    filters: list[dict[str, Any]] = [
        {"term": {"findable": True}},
        {"term": {"has_video": True}},
        UNEXPIRED,
    ]
    if site:
        filters.append({"term": {"site": site}})
    return {
        "query": {"bool": {"filter": filters}},
        "size": limit,
        "sort": [{"published_at": {"order": "desc", "missing": "_last"}}, {"id": "asc"}],
        "track_total_hits": False,
        "_source": {"excludes": ["*_stem"]},
    }


async def find_video_jobs(store: Any, *, site: str | None, limit: int) -> list[dict[str, Any]]:
    """The stored documents of up to ``limit`` video jobs of ``site``, newest first (raises
    :class:`SearchErrors` for a bad limit)."""
    validate_limit(limit)
    await store.ensure_indices()
    response = await store.client.search(
        index=store.alias("jobs"), body=video_jobs_query(site=site, limit=limit)
    )
    return [hit["_source"] for hit in response["hits"]["hits"]]
