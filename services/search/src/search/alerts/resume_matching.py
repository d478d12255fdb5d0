"""Which resumes a resume alert mails (ADR 0032), with resume search's own query
(``search.engine.resume_search.build_resume_query``), so an alert finds what its search shows:
findable, complete resumes of the alert's site, updated after the alert was last checked, not yet
mailed to its recruiter, newest change first, a screenful. At send time, which of a mail's
resumes are still findable, with the public fields a search hit shows and nothing else."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from search.alerts.matching import Section
from search.alerts.models import ResumeAlert
from search.alerts.searches import request_of
from search.engine.indexing.store import SearchStore
from search.engine.request import SortRequest
from search.engine.resume_search import (
    RESUME_DATE_SORT,
    RESUME_HIT_FIELDS,
    RESUMES,
    build_resume_query,
)
from search.engine.validation import validate
from search.errors import SearchErrors

log = logging.getLogger(__name__)


def _body(
    alert: ResumeAlert, *, size: int, since: datetime, exclude: set[str]
) -> dict[str, Any] | None:
    """The alert's search as one ``_msearch`` body, or None when it no longer validates."""
    request = replace(
        request_of(alert.query, size=size), sorts=[SortRequest(RESUME_DATE_SORT, "DESC")]
    )
    try:
        search = validate(request, RESUMES)
    except SearchErrors as refused:
        log.warning("resume alert %s no longer validates: %s", alert.id, refused)
        return None
    body = build_resume_query(search, site=alert.site)
    filters: list[dict[str, Any]] = [{"range": {"updated_at": {"gt": since.isoformat()}}}]
    if "post_filter" in body:
        filters.append(body["post_filter"])
    query: dict[str, Any] = {"bool": {"must": [body["query"]], "filter": filters}}
    if exclude:
        query["bool"]["must_not"] = [{"ids": {"values": sorted(exclude)}}]
    return {
        "query": query,
        "size": size,
        "sort": [{"updated_at": {"order": "desc", "missing": "_last"}}, {"id": "asc"}],
        "track_total_hits": True,
        "_source": False,
    }


async def digest_sections(
    store: SearchStore,
    alerts: Sequence[ResumeAlert],
    *,
    since: dict[str, datetime],
    mailed: set[str],
    size: int,
    batch_size: int = 200,
) -> list[Section]:
    """Each alert's newly findable or updated resumes (after ``since[alert id]``, not in
    ``mailed``); ``Section.job_ids`` holds the resume ids."""
    sections: list[Section] = []
    for start in range(0, len(alerts), batch_size):
        batch = alerts[start : start + batch_size]
        bodies = [
            (alert, _body(alert, size=size, since=since[str(alert.id)], exclude=mailed))
            for alert in batch
        ]
        runnable = [(alert, body) for alert, body in bodies if body is not None]
        if not runnable:
            continue
        searches: list[dict[str, Any]] = []
        for _, body in runnable:
            searches += [{}, body]
        answer = await store.client.msearch(index=store.alias("resumes"), searches=searches)
        for (alert, _), response in zip(runnable, answer["responses"], strict=True):
            if "error" in response:
                raise RuntimeError(f"a resume alert search failed: {response['error']}")
            hits = response["hits"]["hits"]
            if hits:
                sections.append(
                    Section(
                        alert_id=str(alert.id),
                        job_ids=[str(hit["_id"]) for hit in hits],
                        total=int(response["hits"]["total"]["value"]),
                    )
                )
    return sections


async def findable_resumes(
    store: SearchStore, resume_ids: Sequence[str], *, site: str | None = None
) -> dict[str, dict[str, Any]]:
    """The public fields (a search hit's, ``RESUME_HIT_FIELDS``) of those of ``resume_ids`` that
    are findable now; a hidden or deleted resume's document is a stub with ``findable: false``."""
    if not resume_ids:
        return {}
    filters: list[dict[str, Any]] = [
        {"ids": {"values": list(resume_ids)}},
        {"term": {"findable": True}},
    ]
    if site:
        filters.append({"term": {"site": site}})
    response = await store.client.search(
        index=store.alias("resumes"),
        query={"bool": {"filter": filters}},
        size=len(resume_ids),
        source_includes=list(RESUME_HIT_FIELDS),
    )
    return {str(hit["_id"]): hit["_source"] for hit in response["hits"]["hits"]}
