"""What a job event asks search engines to do (no I/O): the rules of ADR 0013.

- A job that becomes findable (published, not expired), or a findable job whose page changed
  (content or URL), is ``URL_UPDATED`` at ``{site}/job/{slug}``.
- A job that was findable and is no longer (archived, expired, back to draft) is
  ``URL_DELETED`` at its last announced URL and at its former slugs' URLs.
- A job never findable is never announced; an event no newer than the version applied last
  (a redelivery, a replay, a late older event) changes nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from search.engine.indexing.documents import job_is_findable
from search.engine.indexing.payloads import JobPayload
from search.site.announce.models import URL_DELETED, URL_UPDATED

# What does not change the job page (the version and state are judged on their own). The sites
# it is shared with (ADR 0057) are not on its page either, and a payload's fingerprint stays the
# one it had before they were in the event (no job announced again for them).
_NOT_ON_THE_PAGE = frozenset({"version", "state", "former_slugs", "shared_sites"})


class AnnouncedJobPayload(JobPayload):
    """The job snapshot as the announcer reads it (the indexer's fields, ``former_slugs``
    included)."""


@dataclass(frozen=True)
class JobState:
    version: int
    findable: bool
    url: str
    fingerprint: str


@dataclass(frozen=True)
class Wish:
    url: str
    action: str  # URL_UPDATED or URL_DELETED


def fingerprint(payload: AnnouncedJobPayload) -> str:
    content = payload.model_dump(mode="json", exclude=set(_NOT_ON_THE_PAGE))
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


def plan(
    payload: AnnouncedJobPayload,
    event_type: str,
    previous: JobState | None,
    *,
    now: datetime,
    job_url: Callable[[str, str], str],
) -> tuple[JobState | None, list[Wish]]:
    """The job's new state and the notifications wanted; ``(None, [])`` for a stale event."""
    if previous is not None and payload.version <= previous.version:
        return None, []
    findable = job_is_findable(payload, event_type, now=now)
    url = job_url(payload.site, payload.slug)
    state = JobState(
        version=payload.version, findable=findable, url=url, fingerprint=fingerprint(payload)
    )
    was_findable = previous is not None and previous.findable
    if findable:
        unchanged = (
            previous is not None
            and was_findable
            and previous.url == url
            and previous.fingerprint == state.fingerprint
        )
        return state, [] if unchanged else [Wish(url, URL_UPDATED)]
    if not was_findable:
        return state, []
    assert previous is not None
    urls = [previous.url, url, *(job_url(payload.site, slug) for slug in payload.former_slugs)]
    return state, [Wish(u, URL_DELETED) for u in dict.fromkeys(urls)]
