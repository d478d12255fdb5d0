"""The instant matcher's index of the saved searches' terms (ADR 0034): a cut that drops the
alerts a new job cannot match before each remaining one is verified with its real query.

An alert's search is a conjunction, so it is stored as *groups* of keys, and a job can match it
only when the job carries a key of every group (``alert_keys``; ``saved_searches.key_groups``
says how many groups an alert has):

- each analysed word of its full text is a group of its own (``w:<token>``): the search is a
  ``cross_fields`` ``multi_match`` with ``operator: and`` over the ``*_stem`` fields, which all
  use one analyzer, so every token must be in one of the job's fields. The tokens come from
  Elasticsearch's ``_analyze`` with the index's own ``stemmed`` analyzer (the search's stems
  and stop words exactly); the job's come from its term vectors over the same fields;
- each facet field it selects values of is one group (``f:<field>=<value>``, OR within);
- a place and radius is one group of the grid cells (``g:<lat cell>:<lon cell>``) its circle's
  bounding box touches; a country (``c:XX``) or an administrative area (``a:<name>``) likewise;
- an alert without any of these has the one group ``*`` that every job carries; with no
  criteria at all (``plain``: no text, filters, place or salary) it needs no query either.

Salary conditions are not keyed (the verification checks them). The cut is a necessary
condition only: the final word stays with the alert's query on the index, so the cut may keep
too much but never drops an alert that could match.
"""

from __future__ import annotations

import bisect
import math
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from jobkit.db import any_of, unnested
from sqlalchemy import String, Uuid, and_, delete, distinct, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from search.alerts.models import INSTANT, AlertKey, SavedSearch
from search.alerts.searches import valid_search
from search.engine.indexing.store import SearchStore
from search.engine.places import area_names
from search.engine.query import terms_filter
from search.engine.request import JOBS, ValidSearch
from search.errors import SearchErrors

EVERY_JOB = "*"
ANALYZER = "stemmed"
TEXT_FIELDS = ("title_stem", "labels_stem", "organization_stem", "place_stem", "body_stem")
# The grid of the place keys, in degrees; a circle touching more cells than this is not keyed
# by place (its other groups still cut; the query checks the distance).
CELL_DEGREES = 0.5
MAX_CELLS = 400
KM_PER_DEGREE_LATITUDE = 110.57  # the shortest degree of latitude (at the equator)
# _analyze refuses more than index.analyze.max_token_count (10,000) tokens in one call
ANALYZE_WORDS = 5000


@dataclass
class SearchKeys:
    """An alert's groups (a job must carry a key of each), or ``valid`` False when its search no
    longer validates (then it never matches: its query would not run either)."""

    valid: bool
    groups: list[set[str]] = field(default_factory=list)
    text: str = ""
    plain: bool = False


def _cell(lat: float, lon: float) -> str:
    return f"g:{math.floor(lat / CELL_DEGREES)}:{math.floor(lon / CELL_DEGREES)}"


def _circle_cells(lat: float, lon: float, radius_km: float) -> set[str] | None:
    """The cells the circle's bounding box touches (a superset of the circle), with a margin;
    None when that is too many or the box reaches a pole or crosses the antimeridian."""
    reach = radius_km * 1.01 + 1.0
    dlat = reach / KM_PER_DEGREE_LATITUDE
    south, north = lat - dlat, lat + dlat
    if south <= -89.0 or north >= 89.0:
        return None
    widest = math.cos(math.radians(max(abs(south), abs(north))))
    dlon = reach / (KM_PER_DEGREE_LATITUDE * widest)
    west, east = lon - dlon, lon + dlon
    if west < -180.0 or east > 180.0:
        return None
    rows = range(math.floor(south / CELL_DEGREES), math.floor(north / CELL_DEGREES) + 1)
    columns = range(math.floor(west / CELL_DEGREES), math.floor(east / CELL_DEGREES) + 1)
    if len(rows) * len(columns) > MAX_CELLS:
        return None
    return {f"g:{row}:{column}" for row in rows for column in columns}


def search_groups(search: ValidSearch) -> SearchKeys:
    """The groups of everything but the text (whose tokens need the analyzer)."""
    groups: list[set[str]] = []
    for facet_filter in [*search.facet_filters, *search.other_filters]:
        # the values as the query sends them (term ids as integers: "07" is 7)
        [(name, values)] = terms_filter(search.kind, facet_filter)["terms"].items()
        groups.append({f"f:{name}={value}" for value in values})
    geo = search.request.geo_location
    if geo is not None:
        location_type = geo.location_type or "locality"
        if location_type == "country":
            groups.append({f"c:{(geo.country or '').upper()}"})
        elif location_type == "administrative_area_level_1":
            if geo.country:
                groups.append({f"c:{geo.country.upper()}"})
            groups.append(
                {f"a:{name}" for name in area_names(geo.country, geo.administrative_area or "")}
            )
        elif geo.lat is not None and geo.lon is not None:
            radius_km = geo.radius_km()
            cells = _circle_cells(geo.lat, geo.lon, radius_km)
            if cells is not None:
                groups.append(cells)
    plain = not groups and not search.query_text and search.salary is None and geo is None
    return SearchKeys(valid=True, groups=groups, text=search.query_text, plain=plain)


async def analyzed(store: SearchStore, texts: Sequence[str]) -> list[list[str]]:
    """Each text's tokens by the index's own analyzer, in few ``_analyze`` calls: the texts
    are joined by line breaks (a word boundary) and each token goes back to its text by its
    offset."""
    result: list[list[str]] = [[] for _ in texts]
    start = 0
    while start < len(texts):
        end, words = start, 0
        while end < len(texts) and (
            end == start or words + len(texts[end].split()) <= ANALYZE_WORDS
        ):
            words += len(texts[end].split())
            end += 1
        chunk = texts[start:end]
        offsets: list[int] = []
        position = 0
        for text in chunk:
            offsets.append(position)
            position += len(text) + 1
        if any(text.strip() for text in chunk):
            answer = await store.client.indices.analyze(
                index=store.alias("jobs"), analyzer=ANALYZER, text="\n".join(chunk)
            )
            for token in answer.get("tokens", []):
                which = bisect.bisect_right(offsets, int(token["start_offset"])) - 1
                result[start + which].append(str(token["token"]))
        start = end
    return result


async def keys_of(store: SearchStore, alerts: Sequence[SavedSearch]) -> dict[uuid.UUID, SearchKeys]:
    """The groups of each alert, its text's tokens first."""
    found: dict[uuid.UUID, SearchKeys] = {}
    for alert in alerts:
        try:
            found[alert.id] = search_groups(valid_search(alert.query))
        except SearchErrors:
            found[alert.id] = SearchKeys(valid=False)
    texts = sorted({keys.text for keys in found.values() if keys.text})
    tokens = dict(zip(texts, await analyzed(store, texts), strict=True))
    for keys in found.values():
        if keys.valid:
            words = [{f"w:{token}"} for token in dict.fromkeys(tokens.get(keys.text, []))]
            keys.groups = [*words, *keys.groups] or [{EVERY_JOB}]
    return found


def _stale() -> Any:
    return or_(
        SavedSearch.keyed_version.is_(None), SavedSearch.keyed_version != SavedSearch.version
    )


def _instant_running() -> Any:
    return and_(
        SavedSearch.frequency == INSTANT,
        SavedSearch.confirmed_at.is_not(None),
        SavedSearch.paused.is_(False),
        SavedSearch.unsubscribed_at.is_(None),
    )


async def key_stale_alerts(session: AsyncSession, store: SearchStore, *, limit: int = 2000) -> int:
    """(Re)write the keys of running instant alerts saved or changed since they were keyed
    (their ``version`` moved on); answers how many. Rows another mailer is keying are skipped."""
    alerts = list(
        await session.scalars(
            select(SavedSearch)
            .where(_instant_running(), _stale())
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
    )
    if not alerts:
        return 0
    found = await keys_of(store, alerts)
    ids = [alert.id for alert in alerts]
    await session.execute(delete(AlertKey).where(AlertKey.alert_id.in_(ids)))
    rows = [
        {"alert_id": alert_id, "grp": number, "key": key[:300]}
        for alert_id, keys in found.items()
        for number, group in enumerate(keys.groups)
        for key in sorted(group)
    ]
    for start in range(0, len(rows), 5000):
        await session.execute(
            insert(AlertKey).values(rows[start : start + 5000]).on_conflict_do_nothing()
        )
    for alert in alerts:
        keys = found[alert.id]
        await session.execute(
            update(SavedSearch)
            .where(SavedSearch.id == alert.id)
            .values(
                keyed_version=alert.version,
                key_groups=len(keys.groups) if keys.valid else 0,
                plain=keys.plain,
            )
            .execution_options(synchronize_session=False)
        )
    return len(alerts)


_VECTORS: dict[str, Any] = {
    "fields": list(TEXT_FIELDS),
    "positions": False,
    "offsets": False,
    "payloads": False,
    "term_statistics": False,
    "field_statistics": False,
}
# what the keys of a job are read from besides its term vectors
KEYED_SOURCE = (
    *sorted(set(JOBS.facets.values())),
    "location_points",
    "countries",
    "administrative_areas",
    "published_at",
)


async def job_keys(
    store: SearchStore, documents: Mapping[str, Mapping[str, Any]]
) -> dict[str, set[str]]:
    """Every key each job carries (``documents``: job id -> its stored document): its indexed
    tokens (term vectors of the ``*_stem`` fields, computed from the stored document by the same
    analyzer), its facet values, the cells of its places, its countries and areas, and ``*``.
    The term vectors of all of them in one ``_mtermvectors``."""
    if not documents:
        return {}
    vectors = await store.client.mtermvectors(
        index=store.alias("jobs"), ids=list(documents), **_VECTORS
    )
    by_id = {str(doc["_id"]): doc for doc in vectors.get("docs", [])}
    return {
        job_id: _document_keys(by_id.get(job_id, {}), document)
        for job_id, document in documents.items()
    }


def _document_keys(vectors: Mapping[str, Any], document: Mapping[str, Any]) -> set[str]:
    keys = {EVERY_JOB}
    for vector in (vectors.get("term_vectors") or {}).values():
        keys.update(f"w:{term}" for term in vector.get("terms", {}))
    for name in set(JOBS.facets.values()):
        value = document.get(name)
        for item in value if isinstance(value, list) else [value]:
            if item is not None:
                keys.add(f"f:{name}={item}")
    for point in document.get("location_points") or []:
        keys.add(_cell(float(point["lat"]), float(point["lon"])))
    keys.update(f"c:{country}" for country in document.get("countries") or [])
    keys.update(f"a:{area}" for area in document.get("administrative_areas") or [])
    return keys


@dataclass(frozen=True)
class NewJob:
    """A new job as the instant cut takes it: the sites whose alerts may get it (its own and
    those it is shared with), when it was published and the keys it carries."""

    job_id: str
    sites: Sequence[str]
    published: datetime
    keys: set[str]


def _oldest_first(alert: SavedSearch) -> tuple[datetime, uuid.UUID]:
    return (alert.created_at, alert.id)


async def candidates(session: AsyncSession, jobs: Sequence[NewJob]) -> dict[str, list[SavedSearch]]:
    """For each of ``jobs``, the running instant alerts of its sites started before it was
    published that it may match: those with a key of each of their groups, and those not keyed
    since they changed (a change between keying and matching is verified rather than missed).
    Each job's keyed alerts first, oldest first.

    Every job's in three statements whatever their number: which keyed alerts each job hits
    a key of every group of (the jobs' keys as rows against ``alert_keys``), the stale alerts,
    and the hit alerts themselves; the sites and start times are compared here. Joined in SQL
    to the alerts and the jobs' rows, the planner could not tell how few alerts pass the state
    filters and paired every alert with every job's hits (half a minute for 50 jobs against
    2,000 alerts)."""
    if not jobs:
        return {}
    sites = sorted({site for job in jobs for site in job.sites})
    carried = unnested(
        "carried",
        {"job_id": String(), "key": String()},
        [{"job_id": job.job_id, "key": key} for job in jobs for key in job.keys],
    )
    running = and_(_instant_running(), SavedSearch.site == any_of(sites, String()))
    # each alert's number of groups looked up by its id for each (job, alert) hit: a subquery
    # per hit the planner cannot turn into a join (see above)
    groups = (
        select(SavedSearch.key_groups)
        .where(
            SavedSearch.id == AlertKey.alert_id,
            running,
            SavedSearch.keyed_version == SavedSearch.version,
        )
        .scalar_subquery()
    )
    keyed: dict[str, set[uuid.UUID]] = {}
    for job_id, alert_id in await session.execute(
        select(carried.c.job_id, AlertKey.alert_id)
        .join(AlertKey, AlertKey.key == carried.c.key)
        .group_by(carried.c.job_id, AlertKey.alert_id)
        .having(func.count(distinct(AlertKey.grp)) == groups)
    ):
        keyed.setdefault(job_id, set()).add(alert_id)
    stale = list(
        await session.scalars(
            select(SavedSearch)
            .where(running, _stale())
            .order_by(SavedSearch.created_at, SavedSearch.id)
        )
    )
    hit = {alert_id for alert_ids in keyed.values() for alert_id in alert_ids}
    alerts = {
        alert.id: alert
        for alert in await session.scalars(
            select(SavedSearch).where(SavedSearch.id == any_of(sorted(hit), Uuid()))
        )
    }
    found: dict[str, list[SavedSearch]] = {}
    for job in jobs:
        mine = keyed.get(job.job_id, set())
        hit_first = [
            *sorted((alerts[alert_id] for alert_id in mine), key=_oldest_first),
            *(alert for alert in stale if alert.id not in mine),
        ]
        # an alert started after the job was published never gets it (a replayed event of an
        # older job never reaches an alert made after it)
        kept = [
            alert
            for alert in hit_first
            if alert.site in job.sites and alert.checked_until <= job.published
        ]
        found[job.job_id] = kept
    return found


# The digest cut (ADR 0034): the instant cut applied to a digest's window. A due alert is asked
# only when some job of its window (published since it was last checked, not yet mailed to its
# person) carries a key of each of its groups; the others could not match any job of it.
# A window of more jobs than this is not cut (every alert is asked).
WINDOW_JOBS = 10_000
# one millisecond: the index keeps dates to the millisecond; the cut takes a job at the edge in
_EDGE = timedelta(milliseconds=1)


@dataclass
class Window:
    """The jobs published after ``since``, each as a bit, and for each key the bits of the jobs
    that carry it. A job rewritten since it was read gets a new bit (its old one is no longer
    live); one gone from the index is no longer live."""

    since: datetime
    bits: dict[str, int] = field(default_factory=dict)  # live job id -> its bit
    seq: dict[str, tuple[int, int]] = field(default_factory=dict)  # id -> (_seq_no, term)
    published: dict[str, datetime] = field(default_factory=dict)
    carriers: dict[str, int] = field(default_factory=dict)
    used: int = 0  # bits handed out, live or not
    _newer: dict[datetime, int] = field(default_factory=dict)

    def add(self, job_id: str, seq: tuple[int, int], published: datetime, keys: set[str]) -> None:
        bit = 1 << self.used
        self.used += 1
        self.bits[job_id] = bit
        self.seq[job_id] = seq
        self.published[job_id] = published
        self._newer.clear()
        for key in keys:
            self.carriers[key] = self.carriers.get(key, 0) | bit

    def drop(self, job_id: str) -> None:
        self.bits.pop(job_id, None)
        self.seq.pop(job_id, None)
        self.published.pop(job_id, None)
        self._newer.clear()

    def newer_than(self, since: datetime) -> int:
        """The live jobs published after ``since`` (alerts checked in one run share it)."""
        if (mask := self._newer.get(since)) is None:
            edge = since - _EDGE
            mask = 0
            for job_id, published in self.published.items():
                if published > edge:
                    mask |= self.bits[job_id]
            self._newer[since] = mask
        return mask

    def of(self, job_ids: Iterable[str]) -> int:
        mask = 0
        for job_id in job_ids:
            mask |= self.bits.get(job_id, 0)
        return mask

    def carrying(self, keys: SearchKeys, jobs: int) -> int:
        """Of ``jobs``, those that carry a key of each of the alert's groups."""
        for group in keys.groups:
            if not jobs:
                break
            if EVERY_JOB in group:
                continue
            any_of = 0
            for key in group:
                any_of |= self.carriers.get(key, 0)
            jobs &= any_of
        return jobs


def _date(value: Any) -> datetime | None:
    if not value:
        return None
    found = datetime.fromisoformat(str(value))
    return found if found.tzinfo else found.replace(tzinfo=UTC)


# the mailer's windows, by jobs alias: kept from one round to the next and brought up to date
# at the start of each (reading every job's keys again each round would cost more than the cut
# saves)
_windows: dict[str, Window] = {}


def forget_windows() -> None:
    """Drop the windows kept (an index dropped and made again under the same alias, as the
    tests do, would otherwise start from the old one's jobs)."""
    _windows.clear()


async def digest_window(store: SearchStore, since: datetime) -> Window | None:
    """The jobs published after ``since`` as the index holds them now, or None when they are more
    than ``WINDOW_JOBS`` (then nothing is cut). The window kept from the last round is brought up
    to date: its jobs are listed with their ``_seq_no`` (which every write of a document
    changes), and only the new and rewritten ones are read (term vectors and keyed fields)."""
    alias = store.alias("jobs")
    window = _windows.pop(alias, None)
    if window is None or window.since > since or window.used > 4 * WINDOW_JOBS:
        window = Window(since=since)
    listed = await store.client.search(
        index=alias,
        query={"range": {"published_at": {"gt": (window.since - _EDGE).isoformat()}}},
        size=WINDOW_JOBS,
        source=False,
        seq_no_primary_term=True,
        track_total_hits=True,
    )
    hits = listed["hits"]["hits"]
    if listed["hits"]["total"]["value"] > len(hits):
        return None
    now = {str(hit["_id"]): (int(hit["_seq_no"]), int(hit["_primary_term"])) for hit in hits}
    for job_id in [job_id for job_id in window.bits if now.get(job_id) != window.seq[job_id]]:
        window.drop(job_id)  # gone, or rewritten (read again below)
    fresh = [job_id for job_id in now if job_id not in window.bits]
    for start in range(0, len(fresh), 500):
        chunk = fresh[start : start + 500]
        documents = await store.client.mget(
            index=alias, ids=chunk, source_includes=list(KEYED_SOURCE)
        )
        vectors = await store.client.mtermvectors(index=alias, ids=chunk, **_VECTORS)
        by_id = {str(doc["_id"]): doc for doc in vectors.get("docs", [])}
        for document in documents["docs"]:
            job_id = str(document["_id"])
            source = document.get("_source")
            published = _date(source.get("published_at")) if source else None
            if source is None or published is None:
                continue  # gone since it was listed
            # the sequence number read now: a write after the listing is read again next round
            seq = (int(document["_seq_no"]), int(document["_primary_term"]))
            window.add(job_id, seq, published, _document_keys(by_id.get(job_id, {}), source))
    _windows[alias] = window
    return window


async def digest_candidates(
    store: SearchStore,
    alerts: Sequence[SavedSearch],
    *,
    since: Mapping[str, datetime],
    mailed: Mapping[str, set[str]],
    window: Window,
) -> list[SavedSearch]:
    """The due alerts some job of ``window`` may match (the others' searches would find
    nothing): those with a job published after their ``since``, not in ``mailed`` for their
    address, that carries a key of each of their groups. An alert whose ``since`` is older than
    the window is kept."""
    found = await keys_of(store, alerts)
    unmailed: dict[str, int] = {}
    kept: list[SavedSearch] = []
    for alert in alerts:
        keys = found[alert.id]
        if not keys.valid:
            continue  # its search no longer runs: it finds nothing
        alert_since = since[str(alert.id)]
        if alert_since < window.since:
            kept.append(alert)
            continue
        if alert.email not in unmailed:
            unmailed[alert.email] = ~window.of(mailed.get(alert.email, ()))
        jobs = window.newer_than(alert_since) & unmailed[alert.email]
        if window.carrying(keys, jobs):
            kept.append(alert)
    return kept
