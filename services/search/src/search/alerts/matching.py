"""Which jobs match which saved searches, with core Elasticsearch queries only (the local
distribution has no percolator; ADR 0029).

- Digests: each due alert's own search (the query the search page sends, built by
  ``search.engine.query.build_query``) restricted to jobs published since the alert was last
  checked and to jobs not yet mailed to its person, newest first, a screenful; many alerts go in
  one ``_msearch``.
- Instant: for the jobs that just became searchable (a round's), the alerts the key cut keeps
  for each (``search.alerts.keys``: those whose every word, selected facet field and place the
  job carries; ADR 0034), then each kept search once, restricted to the ids of the jobs it was
  kept for, in ``_msearch`` requests of a bounded number of searches (ADR 0067).
- At send time: which of a mail's jobs are still findable (published, not expired, not
  archived: the index holds findable jobs only and the query drops expired ones).
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from search.alerts.keys import KEYED_SOURCE
from search.alerts.models import SavedSearch
from search.alerts.searches import valid_search
from search.engine.indexing.store import SearchStore
from search.engine.query import JOB_HIT_FIELDS, UNEXPIRED, build_query
from search.errors import SearchErrors

log = logging.getLogger(__name__)

TEASER_FIELDS = (*JOB_HIT_FIELDS, "site", "findable", "expires_at")


@dataclass(frozen=True)
class Section:
    """The new jobs of one alert: the first ``job_ids`` (newest first) of ``total``."""

    alert_id: str
    job_ids: list[str]
    total: int


def _restricted(
    alert: SavedSearch,
    *,
    size: int,
    since: datetime | None = None,
    exclude: Iterable[str] = (),
    only: list[str] | None = None,
) -> dict[str, Any] | None:
    """The alert's search as one ``_msearch`` body, or None when it no longer validates;
    ``only``: restricted to these jobs."""
    try:
        search = valid_search(alert.query, size=size)
    except SearchErrors as refused:
        log.warning("alert %s no longer validates: %s", alert.id, refused)
        return None
    body = build_query(search, site=alert.site)
    filters: list[dict[str, Any]] = []
    if "post_filter" in body:
        filters.append(body["post_filter"])
    if since is not None:
        filters.append({"range": {"published_at": {"gt": since.isoformat()}}})
    if only is not None:
        filters.append({"ids": {"values": only}})
    excluded = list(exclude)
    query: dict[str, Any] = {"bool": {"must": [body["query"]], "filter": filters}}
    if excluded:
        query["bool"]["must_not"] = [{"ids": {"values": excluded}}]
    return {
        "query": query,
        "size": size,
        "sort": [{"published_at": {"order": "desc", "missing": "_last"}}, "_score"],
        "track_total_hits": True,
        "_source": False,
    }


async def _msearch(store: SearchStore, bodies: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    searches: list[dict[str, Any]] = []
    for body in bodies:
        searches += [{}, body]
    answer = await store.client.msearch(index=store.alias("jobs"), searches=searches)
    responses: list[dict[str, Any]] = list(answer["responses"])
    for response in responses:
        if "error" in response:
            raise RuntimeError(f"an alert search failed: {response['error']}")
    return responses


# A digest search asks for many alerts at once (named clauses) over the jobs published in their
# window; a window of more jobs than this, or a group Elasticsearch refuses (too many clauses),
# is asked alert by alert instead.
WINDOW_JOBS = 10_000
ALERTS_PER_SEARCH = 40


def _named(alert: SavedSearch, body: dict[str, Any]) -> dict[str, Any]:
    query: dict[str, Any] = body["query"]
    return {"bool": {**query["bool"], "_name": str(alert.id)}}


async def _one_by_one(
    store: SearchStore, group: Sequence[tuple[SavedSearch, dict[str, Any]]]
) -> list[Section]:
    sections: list[Section] = []
    responses = await _msearch(store, [body for _, body in group])
    for (alert, _), response in zip(group, responses, strict=True):
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


async def digest_sections(
    store: SearchStore,
    alerts: Sequence[SavedSearch],
    *,
    since: Mapping[str, datetime],
    mailed: Mapping[str, set[str]],
    size: int,
    batch_size: int = 200,
) -> list[Section]:
    """Each alert's new jobs: published after ``since[alert id]`` and not in ``mailed[its
    address]``, the newest ``size`` and how many there are.

    Each alert's clause is its own search (``_restricted``) under its id as a named query, and
    a few dozen alerts go in one search over the jobs published since the earliest of them: a
    hit names every alert whose clause it matched (``matched_queries``), so each alert's newest
    jobs and total come from the hits, newest first, exactly as its own search would give them.
    Several such searches go in one ``_msearch`` (``batch_size`` alerts)."""
    runnable: list[tuple[SavedSearch, dict[str, Any]]] = []
    for alert in alerts:
        body = _restricted(
            alert, size=size, since=since[str(alert.id)], exclude=mailed.get(alert.email, ())
        )
        if body is not None:
            runnable.append((alert, body))
    sections: list[Section] = []
    per_search = max(1, min(ALERTS_PER_SEARCH, batch_size))
    groups = [runnable[i : i + per_search] for i in range(0, len(runnable), per_search)]
    searches_per_call = max(1, batch_size // per_search)
    for start in range(0, len(groups), searches_per_call):
        calls = groups[start : start + searches_per_call]
        searches: list[dict[str, Any]] = []
        for group in calls:
            earliest = min(since[str(alert.id)] for alert, _ in group)
            searches += [
                {},
                {
                    "query": {
                        "bool": {
                            "filter": [{"range": {"published_at": {"gt": earliest.isoformat()}}}],
                            "should": [_named(alert, body) for alert, body in group],
                            "minimum_should_match": 1,
                        }
                    },
                    "size": WINDOW_JOBS,
                    "sort": [{"published_at": {"order": "desc", "missing": "_last"}}],
                    "track_total_hits": True,
                    "_source": False,
                },
            ]
        answer = await store.client.msearch(index=store.alias("jobs"), searches=searches)
        for group, response in zip(calls, answer["responses"], strict=True):
            if "error" in response or response["hits"]["total"]["value"] > len(
                response["hits"]["hits"]
            ):
                sections += await _one_by_one(store, group)
                continue
            found: dict[str, list[str]] = {}
            for hit in response["hits"]["hits"]:
                for name in hit.get("matched_queries") or ():
                    found.setdefault(str(name), []).append(str(hit["_id"]))
            for alert, _ in group:
                jobs = found.get(str(alert.id))
                if jobs:
                    sections.append(
                        Section(alert_id=str(alert.id), job_ids=jobs[:size], total=len(jobs))
                    )
    return sections


# what planning reads of a new job: whether and when it is findable, its sites, its keys' fields
NEW_JOB_SOURCE = ("findable", "expires_at", "site", *KEYED_SOURCE)


async def job_documents(store: SearchStore, job_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The stored documents of those of ``job_ids`` the index holds (the fields planning reads),
    in one ``_mget`` (real time, as a ``GET``: no refresh needed)."""
    if not job_ids:
        return {}
    found = await store.client.mget(
        index=store.alias("jobs"), ids=list(job_ids), source_includes=list(NEW_JOB_SOURCE)
    )
    return {
        str(document["_id"]): document["_source"]
        for document in found["docs"]
        if document.get("found")
    }


def _search_key(alert: SavedSearch, body: dict[str, Any]) -> str:
    return json.dumps([alert.site, body], sort_keys=True, default=str)


async def instant_matches(
    store: SearchStore,
    candidates: Mapping[str, Sequence[SavedSearch]],
    *,
    batch_size: int = 200,
) -> dict[str, list[SavedSearch]]:
    """Which of each new job's ``candidates`` (job id -> the alerts the key cut kept for it,
    ``search.alerts.keys``) find it now. An alert without criteria (``plain``) finds every
    findable job of its site; the others' searches are asked once for all the jobs they are
    candidates for, restricted to those jobs' ids (alerts with the same search ask once, and a
    search matches each document on its own, so a job is found exactly when the search
    restricted to it alone finds it), ``batch_size`` searches an ``_msearch``. Each job's
    alerts in the order of its candidates, the plain ones first."""
    searches: dict[uuid.UUID, str | None] = {}  # alert -> its search's key (None: invalid)
    askers: dict[str, SavedSearch] = {}  # search key -> an alert that asks it
    jobs_of: dict[str, dict[str, None]] = {}  # search key -> the jobs to restrict it to
    for job_id, alerts in candidates.items():
        for alert in alerts:
            if alert.plain:
                continue
            if alert.id not in searches:
                body = _restricted(alert, size=1)
                searches[alert.id] = None if body is None else _search_key(alert, body)
            if (key := searches[alert.id]) is not None:
                askers.setdefault(key, alert)
                jobs_of.setdefault(key, {})[job_id] = None
    asked = list(jobs_of.items())
    found: set[tuple[str, str]] = set()  # (search key, job id)
    for start in range(0, len(asked), batch_size):
        batch = asked[start : start + batch_size]
        bodies: list[dict[str, Any]] = []
        for key, jobs in batch:
            body = _restricted(askers[key], size=len(jobs), only=list(jobs))
            assert body is not None  # it validated above
            bodies.append(body)
        responses = await _msearch(store, bodies)
        for (key, _), response in zip(batch, responses, strict=True):
            found.update((key, str(hit["_id"])) for hit in response["hits"]["hits"])
    matched: dict[str, list[SavedSearch]] = {}
    for job_id, alerts in candidates.items():
        kept = [alert for alert in alerts if alert.plain]
        by_search: dict[str, list[SavedSearch]] = {}
        for alert in alerts:
            if not alert.plain and (key := searches[alert.id]) is not None:
                by_search.setdefault(key, []).append(alert)
        for key, same in by_search.items():
            if (key, job_id) in found:
                kept += same
        matched[job_id] = kept
    return matched


async def findable_teasers(store: SearchStore, job_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The teasers of those of ``job_ids`` that are findable now (published, unexpired)."""
    if not job_ids:
        return {}
    response = await store.client.search(
        index=store.alias("jobs"),
        query={
            "bool": {
                "filter": [
                    {"ids": {"values": list(job_ids)}},
                    {"term": {"findable": True}},
                    UNEXPIRED,
                ]
            }
        },
        size=len(job_ids),
        source_includes=list(TEASER_FIELDS),
    )
    return {str(hit["_id"]): hit["_source"] for hit in response["hits"]["hits"]}
