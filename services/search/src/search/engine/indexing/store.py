"""The indices behind their aliases, and the writes the indexer makes.

Each kind (``jobs``, ``organizations``, ``resumes``) has an alias ``{prefix}-{kind}`` pointing at
one versioned index ``{prefix}-{kind}-{timestamp}``. Documents are written with external versioning
by the aggregate's ``version`` (``external_gte``: a redelivery of the same version rewrites the
same document), so a late older event is refused by Elasticsearch and never overwrites a newer
document. Unfindable jobs and profiles stay as documents with ``findable: false`` (a delete's
tombstone would be forgotten after ``index.gc_deletes`` and let an older event resurrect them);
a job or resume deleted for good keeps a stub at :data:`DELETED_VERSION`.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, ClassVar, Literal

import orjson
from elasticsearch import AsyncElasticsearch, BadRequestError, ConflictError, NotFoundError
from elasticsearch.serializer import JsonSerializer, NdjsonSerializer

log = logging.getLogger(__name__)

Kind = Literal["jobs", "organizations", "resumes"]
# Elasticsearch's largest external version: a deleted job's or resume's stub outranks every event.
DELETED_VERSION = 2**62
KINDS: tuple[Kind, ...] = ("jobs", "organizations", "resumes")
# the kinds whose writes :meth:`SearchStore.bulk_writes` gathers: many of them come at once, and
# nothing the indexer does between two of them reads them (an organization's profile is written
# at once: its jobs' documents are rebuilt from it by a search over the jobs index)
BUFFERED_KINDS: frozenset[Kind] = frozenset({"jobs", "resumes"})

# Elasticsearch refuses document ids longer than this (in UTF-8 bytes).
MAX_ID_BYTES = 512

_STEM = {"type": "text", "analyzer": "stemmed"}
_TIDS = {"type": "integer"}
_KEYWORD = {"type": "keyword"}

INDEX_SETTINGS: dict[str, Any] = {
    "number_of_shards": 1,
    "number_of_replicas": 0,
    "analysis": {
        # Core analyzers only (ADR 0002); stemming, folding and synonyms happen in Python.
        "analyzer": {"stemmed": {"type": "standard", "stopwords": "_english_"}},
    },
}

MAPPINGS: dict[Kind, dict[str, Any]] = {
    "jobs": {
        "dynamic": False,
        "properties": {
            "id": _KEYWORD,
            "site": _KEYWORD,
            "slug": _KEYWORD,
            "type": _KEYWORD,
            "state": _KEYWORD,
            "version": {"type": "long"},
            "findable": {"type": "boolean"},
            "title": {"type": "text", "fields": {"raw": _KEYWORD}},
            "title_stem": _STEM,
            "organization_stem": _STEM,
            "labels_stem": _STEM,
            "body_stem": _STEM,
            "place_stem": _STEM,
            "snippet": {"type": "text", "index": False},
            "organization_id": _KEYWORD,
            "organization_name": _KEYWORD,
            "organization_slug": _KEYWORD,
            "logo_url": {"type": "keyword", "index": False},
            "own_logo": {"type": "boolean"},
            "link_url": {"type": "keyword", "index": False},
            "industry_tid": _TIDS,
            "employment_type_tids": _TIDS,
            "occupational_field_tids": _TIDS,
            "remote_option_tids": _TIDS,
            "years_of_experience_tid": _TIDS,
            "fields_of_study_tids": _TIDS,
            "degree_level_tid": _TIDS,
            "skill_tids": _TIDS,
            "language_tids": _TIDS,
            "term_labels": {"type": "object", "enabled": False},
            "locations": {"type": "object", "enabled": False},
            "location_points": {"type": "geo_point"},
            "countries": _KEYWORD,
            "administrative_areas": _KEYWORD,
            "published_at": {"type": "date"},
            "expires_at": {"type": "date"},
            "created_at": {"type": "date"},
            "featured_until": {"type": "date"},
            "has_video": {"type": "boolean"},  # the home page's video jobs (spec 9)
            # when the job last changed (its event's occurred_at): the sitemaps' lastmod
            "changed_at": {"type": "date"},
            "organization_version": {"type": "long"},
            "salary_currency": _KEYWORD,
            "salary_unit": _KEYWORD,
            "salary_min": {"type": "double"},
            "salary_max": {"type": "double"},
            "salary_yearly_min": {"type": "double"},
            "salary_yearly_max": {"type": "double"},
        },
    },
    "organizations": {
        "dynamic": False,
        "properties": {
            "id": _KEYWORD,
            "organization_id": _KEYWORD,
            "organization_number": {"type": "integer"},
            "site": _KEYWORD,
            "slug": _KEYWORD,
            "version": {"type": "long"},
            "findable": {"type": "boolean"},
            "name": {"type": "text", "fields": {"raw": _KEYWORD}},
            "name_stem": _STEM,
            "labels_stem": _STEM,
            "body_stem": _STEM,
            "snippet": {"type": "text", "index": False},
            "logo_url": {"type": "keyword", "index": False},
            "industry_tid": _TIDS,
            "size_tid": _TIDS,
            "occupation_tids": _TIDS,
            "fields_of_study_tids": _TIDS,
            "benefit_tids": _TIDS,
            "term_labels": {"type": "object", "enabled": False},
            "location_points": {"type": "geo_point"},
            "countries": _KEYWORD,
            # The periods the organization is featured (its featured subscriptions, ADR 0012).
            "featured_periods": {"type": "date_range"},
            "changed_at": {"type": "date"},
        },
    },
    # Resumes hold public, searchable fields only (search.engine.indexing.resumes): the
    # document is built field by field from the event's public view, so nothing private (names,
    # phone, birthday, home, email) can reach the index, even if an event carried it.
    "resumes": {
        "dynamic": False,
        "properties": {
            "id": _KEYWORD,
            "site": _KEYWORD,
            "version": {"type": "long"},
            "findable": {"type": "boolean"},
            "title": {"type": "text", "fields": {"raw": _KEYWORD}},
            "title_stem": _STEM,
            "summary_stem": _STEM,
            "experience_stem": _STEM,
            "skills_stem": _STEM,
            "labels_stem": _STEM,
            "snippet": {"type": "text", "index": False},
            "career_status": _KEYWORD,
            "occupation_tids": _TIDS,
            "skill_tids": _TIDS,
            "skills_free": {"type": "keyword", "index": False},
            "language_tids": _TIDS,
            "field_of_study_tids": _TIDS,
            "term_labels": {"type": "object", "enabled": False},
            "city": {"type": "keyword", "index": False},
            "region": _KEYWORD,
            "location_points": {"type": "geo_point"},
            "countries": _KEYWORD,
            "administrative_areas": _KEYWORD,
            "updated_at": {"type": "date"},
        },
    },
}


@dataclass
class _Buffer:
    """The writes gathered by :meth:`SearchStore.bulk_writes`, and the documents read there."""

    store: SearchStore
    operations: list[dict[str, Any]] = field(default_factory=list)
    pending: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    read: dict[tuple[Kind, str], dict[str, Any] | None] = field(default_factory=dict)


# the open buffer of the task that is applying a batch (other tasks write at once)
_BUFFER: ContextVar[_Buffer | None] = ContextVar("search_write_buffer", default=None)


class BulkWriteError(Exception):
    """Elasticsearch refused a buffered write for another reason than a newer version."""


class SearchStore:
    """One Elasticsearch client and the aliases of one prefix (tests use their own prefix)."""

    def __init__(self, client: AsyncElasticsearch, *, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self._ensured = False

    def alias(self, kind: Kind) -> str:
        return f"{self.prefix}-{kind}"

    def new_index_name(self, kind: Kind) -> str:
        return f"{self.alias(kind)}-{datetime.now(UTC).strftime('%Y%m%d%H%M%S%f')}"

    async def create_index(self, kind: Kind) -> str:
        name = self.new_index_name(kind)
        await self.client.indices.create(
            index=name, settings=INDEX_SETTINGS, mappings=MAPPINGS[kind]
        )
        return name

    def first_index_name(self, kind: Kind) -> str:
        """The name of a kind's first index, the same in every process (sorts before any
        reindex's, which are named by their time)."""
        return f"{self.alias(kind)}-{'0' * 20}"

    async def ensure_indices(self) -> None:
        """Create each kind's first index behind its alias, unless the alias exists; an existing
        index gets the fields added to its mapping since it was made (adding is allowed;
        documents indexed before carry the new fields after a reindex).

        Every consumer and the alert mailer ask for this when they start, several processes at
        once on a fresh cluster: the first index has one name for all of them and is created
        with its alias in one request, so one of them makes it and the others find it. (Each
        making its own index and then adding the alias left the alias on two indices, where no
        document can be written.)"""
        if self._ensured:
            return
        for kind in KINDS:
            alias = self.alias(kind)
            if not await self.client.indices.exists_alias(name=alias):
                first = self.first_index_name(kind)
                try:
                    await self.client.indices.create(
                        index=first,
                        settings=INDEX_SETTINGS,
                        mappings=MAPPINGS[kind],
                        aliases={alias: {}},
                    )
                except BadRequestError as error:
                    if "resource_already_exists_exception" not in str(error):
                        raise
                    # made by another process just now (with its alias), or left without one
                    if not await self.client.indices.exists_alias(name=alias):
                        await self.client.indices.put_alias(index=first, name=alias)
            else:
                await self.client.indices.put_mapping(
                    index=alias, properties=MAPPINGS[kind]["properties"]
                )
        self._ensured = True

    async def indices_of(self, kind: Kind) -> list[str]:
        try:
            answer = await self.client.indices.get_alias(name=self.alias(kind))
        except NotFoundError:
            return []
        return sorted(answer.body)

    async def switch_alias(self, kind: Kind, index: str) -> list[str]:
        """Point the alias at ``index`` in one atomic step; return the indices it left."""
        old = await self.indices_of(kind)
        actions: list[dict[str, Any]] = [
            {"remove": {"index": i, "alias": self.alias(kind)}} for i in old
        ]
        actions.append({"add": {"index": index, "alias": self.alias(kind)}})
        await self.client.indices.update_aliases(actions=actions)
        return [i for i in old if i != index]

    async def write(
        self, kind: Kind, document: dict[str, Any], *, index: str | None = None
    ) -> bool:
        """Index ``document`` at its ``version``; False when a newer version is already there.
        Inside :meth:`bulk_writes` a job's or resume's document is gathered instead (True), and
        sent with the others when the scope ends."""
        target = index or self.alias(kind)
        buffer = _BUFFER.get()
        if buffer is not None and buffer.store is self and kind in BUFFERED_KINDS:
            buffer.operations.append(
                {
                    "index": {
                        "_index": target,
                        "_id": document["id"],
                        "version": document["version"],
                        "version_type": "external_gte",
                    }
                }
            )
            buffer.operations.append(document)
            buffer.pending[(target, document["id"])] = document
            return True
        try:
            await self.client.index(
                index=target,
                id=document["id"],
                document=document,
                version=document["version"],
                version_type="external_gte",
            )
        except ConflictError:
            log.info(
                "%s %s: version %s is older than the indexed one",
                kind,
                document["id"],
                document["version"],
            )
            return False
        return True

    @asynccontextmanager
    async def bulk_writes(self) -> AsyncIterator[None]:
        """Gather the jobs' and resumes' writes made inside (by this task) and send them as
        one ``_bulk`` request on the way out; an older version is refused per document as
        :meth:`write` refuses it, any other refusal raises :class:`BulkWriteError`. Nothing is
        sent when the scope ends with an error. Documents read inside (an organization's
        profile for each of its jobs) are read once."""
        buffer = _Buffer(self)
        token = _BUFFER.set(buffer)
        try:
            yield
        finally:
            _BUFFER.reset(token)
        await self._send(buffer.operations)

    async def _send(self, operations: list[dict[str, Any]]) -> None:
        if not operations:
            return
        answer = await self.client.bulk(operations=operations)
        if not answer.get("errors"):
            return
        refused = []
        for item in answer["items"]:
            result = next(iter(item.values()))
            error = result.get("error")
            if error is None:
                continue
            if error.get("type") == "version_conflict_engine_exception":
                log.info("%s: a newer version is already indexed", result.get("_id"))
            else:
                refused.append(f"{result.get('_id')}: {error.get('type')}: {error.get('reason')}")
        if refused:
            raise BulkWriteError(f"{len(refused)} documents refused; first: {refused[0]}")

    async def get(self, kind: Kind, document_id: str) -> dict[str, Any] | None:
        """The stored document, or None when there is none; an id Elasticsearch could never
        have stored (empty, or longer than its 512 bytes) is simply not there."""
        return (await self.get_many(kind, [document_id]))[document_id]

    async def get_many(
        self, kind: Kind, document_ids: Iterable[str]
    ) -> dict[str, dict[str, Any] | None]:
        """:meth:`get` for several ids in one request (``_mget``): each id's stored document or
        None. Inside :meth:`bulk_writes` a document written or read there before is not asked
        for again, and what is read is kept for the rest of the scope."""
        found: dict[str, dict[str, Any] | None] = {}
        asked: list[str] = []
        buffer = _BUFFER.get()
        if buffer is not None and buffer.store is not self:
            buffer = None
        for document_id in dict.fromkeys(document_ids):
            if not document_id.strip() or len(document_id.encode()) > MAX_ID_BYTES:
                found[document_id] = None
                continue
            if buffer is not None:
                pending = buffer.pending.get((self.alias(kind), document_id))
                if pending is not None:
                    found[document_id] = pending
                    continue
                if (kind, document_id) in buffer.read:
                    found[document_id] = buffer.read[(kind, document_id)]
                    continue
            found[document_id] = None
            asked.append(document_id)
        if asked:
            read = await self._get_many(kind, asked)
            found |= read
            if buffer is not None:
                buffer.read |= {(kind, document_id): read[document_id] for document_id in asked}
        return found

    async def _get_many(
        self, kind: Kind, document_ids: list[str]
    ) -> dict[str, dict[str, Any] | None]:
        if len(document_ids) == 1:  # a job alone (a person publishing): a plain GET
            return {document_ids[0]: await self._get(kind, document_ids[0])}
        answer = await self.client.mget(index=self.alias(kind), ids=document_ids)
        read: dict[str, dict[str, Any] | None] = dict.fromkeys(document_ids)
        for doc in answer["docs"]:
            if doc.get("found"):
                read[doc["_id"]] = doc["_source"]
            elif "error" in doc:
                # a shard that cannot answer: asked alone, its error is GET's (an outage the
                # consumer waits out, or a missing index: not there)
                read[doc["_id"]] = await self._get(kind, doc["_id"])
        return read

    async def _get(self, kind: Kind, document_id: str) -> dict[str, Any] | None:
        try:
            answer = await self.client.get(index=self.alias(kind), id=document_id)
        except NotFoundError:
            return None
        source: dict[str, Any] = answer["_source"]
        return source

    async def refresh(self, kind: Kind) -> None:
        await self.client.indices.refresh(index=self.alias(kind))

    async def refresh_all(self) -> None:
        """Make every write so far searchable (every alias, one request)."""
        await self.client.indices.refresh(
            index=",".join(self.alias(kind) for kind in KINDS), ignore_unavailable=True
        )

    async def drop(self) -> None:
        """Delete every index of this prefix (tests)."""
        for kind in KINDS:
            for index in await self.indices_of(kind):
                await self.client.indices.delete(index=index)
        self._ensured = False


class OrjsonBodies(JsonSerializer):
    """JSON bodies written and read by orjson: a search's ``_msearch`` lines (about 3.5 KB) and
    its answer (about 27 KB) took the standard library about 0.12 ms more of the client's CPU a
    search (ADR 0077). Written as the client's own serializer writes them (compact, UTF-8 as it
    is: the same bytes for every body search sends, held by a test; keys that are not strings
    written as strings, as the standard library does); values neither writes natively go to
    the client's ``default``, as before."""

    def json_dumps(self, data: Any) -> bytes:
        return orjson.dumps(data, default=self.default, option=orjson.OPT_NON_STR_KEYS)

    def json_loads(self, data: bytes) -> Any:
        return orjson.loads(data)


class OrjsonNdjsonBodies(OrjsonBodies, NdjsonSerializer):
    """``_msearch`` and ``_bulk`` bodies, line by line (the client's NDJSON framing), each line
    as ``OrjsonBodies`` writes and reads it."""

    mimetype: ClassVar[str] = NdjsonSerializer.mimetype


def client_serializers() -> dict[str, JsonSerializer]:
    """The client's JSON and NDJSON serializers (its compatibility-mode media types take the
    same ones: the client maps them from these)."""
    return {
        OrjsonBodies.mimetype: OrjsonBodies(),
        OrjsonNdjsonBodies.mimetype: OrjsonNdjsonBodies(),
    }


_STORES: dict[tuple[str, str], SearchStore] = {}


def store_for(url: str, prefix: str) -> SearchStore:
    """The process's store for an Elasticsearch URL and prefix (one client, reused)."""
    key = (url, prefix)
    if key not in _STORES:
        _STORES[key] = SearchStore(
            AsyncElasticsearch(
                url,
                request_timeout=10,
                retry_on_timeout=True,
                max_retries=2,
                serializers=client_serializers(),
            ),
            prefix=prefix,
        )
    return _STORES[key]
