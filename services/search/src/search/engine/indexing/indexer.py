"""Applies job, profile, subscription and term events to the indices (the consumers' and the
reindex's one path; :mod:`search.messaging.snapshots` adds the slug index to job and profile
events)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from search.engine.indexing.analysis import stem_document
from search.engine.indexing.documents import (
    LABEL_FIELDS,
    document_tids,
    job_document,
    job_is_findable,
    job_tids,
    label_fields,
    profile_document,
    profile_tids,
)
from search.engine.indexing.payloads import JobPayload, ProfilePayload, SubscriptionPayload
from search.engine.indexing.store import KINDS, Kind, SearchStore
from search.engine.models import FeaturedSubscription
from search.taxonomy.vocabulary import english_labels

log = logging.getLogger(__name__)
BATCH = 500


def organization_fields(
    profile: dict[str, Any], *, own_logo: bool, job_logo_url: str | None
) -> dict[str, Any]:
    """What a job document copies from its organization's profile document: the name, slug,
    industry and logo (unless the job has its own), and the profile version they come from."""
    return {
        "industry_tid": profile.get("industry_tid"),
        "organization_name": profile["name"],
        "organization_stem": stem_document(str(profile["name"])),
        "organization_slug": profile.get("slug"),
        "logo_url": job_logo_url if own_logo else profile.get("logo_url"),
        "organization_version": profile.get("version"),
    }


# a job event to index: its payload, its type and when the job changed (the sitemaps' lastmod)
JobChange = tuple[JobPayload, str, datetime | None]


async def job_documents_for(
    store: SearchStore, session: AsyncSession, changes: Sequence[JobChange]
) -> list[dict[str, Any]]:
    """The documents of job events, in order: their organizations' profiles read in one
    request, the labels of every term they name in one statement, and the documents built in
    one trip off the event loop (stemming and folding are CPU work)."""
    profiles = await store.get_many(
        "organizations", [payload.organization_id for payload, _, _ in changes]
    )
    industries = [
        profile.get("industry_tid") if profile else None
        for profile in (profiles[payload.organization_id] for payload, _, _ in changes)
    ]
    tids = {tid for payload, _, _ in changes for tid in job_tids(payload)}
    labels = await english_labels(session, tids | {tid for tid in industries if tid})
    now = datetime.now(UTC)
    return await asyncio.to_thread(
        build_job_documents, changes, profiles=profiles, labels=labels, now=now
    )


def build_job_documents(
    changes: Sequence[JobChange],
    *,
    profiles: Mapping[str, dict[str, Any] | None],
    labels: Mapping[int, str],
    now: datetime,
) -> list[dict[str, Any]]:
    """The documents of job events, in order, from their organizations' profile documents
    (by organization id; None where there is none) and their terms' labels (no I/O)."""
    documents = []
    for payload, event_type, changed_at in changes:
        profile = profiles[payload.organization_id]
        # what the profile gives the document, its stemmed name first: the job's own copy of
        # the name would be stemmed for nothing (ADR 0073)
        organization = (
            organization_fields(profile, own_logo=payload.own_logo, job_logo_url=payload.logo_url)
            if profile
            else None
        )
        document = job_document(
            payload,
            findable=job_is_findable(payload, event_type, now=now),
            labels=labels,
            industry_tid=profile.get("industry_tid") if profile else None,
            organization_slug=profile.get("slug") if profile else None,
            organization_stem=organization["organization_stem"] if organization else None,
        )
        if organization:
            document |= organization
        if changed_at is not None:
            document["changed_at"] = changed_at.isoformat()
        documents.append(document)
    return documents


async def job_document_for(
    store: SearchStore,
    session: AsyncSession,
    payload: JobPayload,
    event_type: str,
    *,
    changed_at: datetime | None = None,
) -> dict[str, Any]:
    (document,) = await job_documents_for(store, session, [(payload, event_type, changed_at)])
    return document


async def index_jobs(
    store: SearchStore,
    session: AsyncSession,
    changes: Sequence[JobChange],
    *,
    index: str | None = None,
) -> list[bool]:
    """Write the jobs' documents (:func:`job_documents_for`), in order; False for each one a
    newer version is already indexed for."""
    documents = await job_documents_for(store, session, changes)
    return [await store.write("jobs", document, index=index) for document in documents]


async def index_job(
    store: SearchStore,
    session: AsyncSession,
    payload: JobPayload,
    event_type: str,
    *,
    index: str | None = None,
    changed_at: datetime | None = None,
) -> bool:
    """Write the job's document; ``changed_at`` is when the job changed (its event's
    ``occurred_at``), the sitemaps' ``lastmod``."""
    (written,) = await index_jobs(store, session, [(payload, event_type, changed_at)], index=index)
    return written


async def featured_periods(session: AsyncSession, organization_number: int) -> list[dict[str, str]]:
    """The periods the organization is featured: its active featured subscriptions' terms."""
    rows = await session.scalars(
        select(FeaturedSubscription)
        .where(
            FeaturedSubscription.organization_number == organization_number,
            FeaturedSubscription.featured.is_(True),
            FeaturedSubscription.status == "active",
        )
        .order_by(FeaturedSubscription.starts_at)
    )
    return [{"gte": row.starts_at.isoformat(), "lt": row.ends_at.isoformat()} for row in rows]


async def index_profile(
    store: SearchStore,
    session: AsyncSession,
    payload: ProfilePayload,
    *,
    index: str | None = None,
    changed_at: datetime | None = None,
) -> bool:
    labels = await english_labels(session, profile_tids(payload))
    document = profile_document(
        payload,
        labels=labels,
        featured_periods=await featured_periods(session, payload.organization_number),
    )
    if changed_at is not None:
        document["changed_at"] = changed_at.isoformat()
    written = await store.write("organizations", document, index=index)
    if written and index is None:  # a reindex builds the jobs after the profiles anyway
        await refresh_organization_jobs(store, session, document)
    return written


async def refresh_organization_jobs(
    store: SearchStore, session: AsyncSession, profile: dict[str, Any], *, index: str | None = None
) -> int:
    """Copy a profile's name, slug, industry and logo into its organization's job documents; a
    document whose industry changed (a job indexed before its organization's first profile
    had none) gets its term labels again, so the industry facet and full text find it.

    Only the documents made from an older profile version (``organization_version``) are
    rewritten, so a late older profile event never overwrites a newer one. Each is written back
    at its own job version (``external_gte``): a job event indexed meanwhile wins (and took
    the same fields from the profile document, written first). The local Elasticsearch has no
    update-by-query, so this reads and writes in batches. Returns how many were rewritten."""
    version = int(profile["version"])
    target = index or store.alias("jobs")
    # a job indexed a moment ago (from the older profile) must be found too: searches see
    # only refreshed writes. Profile events are rare next to searches; the refresh is cheap.
    await store.client.indices.refresh(index=target)
    query = {
        "bool": {
            "filter": [{"term": {"organization_id": profile["organization_id"]}}],
            "must_not": [{"range": {"organization_version": {"gte": version}}}],
        }
    }
    rewritten = 0
    async for hits in _batches(store, target, query):
        relabel = [
            hit for hit in hits if hit["_source"].get("industry_tid") != profile.get("industry_tid")
        ]
        for hit in hits:
            hit["_source"] |= organization_fields(
                profile,
                own_logo=bool(hit["_source"].get("own_logo")),
                job_logo_url=hit["_source"].get("logo_url"),
            )
        if relabel:
            tids = {tid for hit in relabel for tid in document_tids("jobs", hit["_source"])}
            labels = await english_labels(session, tids)
            await asyncio.to_thread(_relabel, "jobs", relabel, labels)
        rewritten += await _write_back(store, hits, "organization fields")
    return rewritten


async def _batches(
    store: SearchStore, index: str, query: dict[str, Any]
) -> AsyncIterator[list[dict[str, Any]]]:
    """Every document ``query`` matches, with its version, ``BATCH`` at a time (the local
    Elasticsearch has no update-by-query: the reindex module is missing, ADR 0002)."""
    after = None
    while True:
        body: dict[str, Any] = {
            "query": query,
            "size": BATCH,
            "sort": [{"id": "asc"}],
            "version": True,
        }
        if after is not None:
            body["search_after"] = after
        hits: list[dict[str, Any]] = (await store.client.search(index=index, body=body))["hits"][
            "hits"
        ]
        if not hits:
            return
        yield hits
        after = hits[-1]["sort"]


async def _write_back(store: SearchStore, hits: list[dict[str, Any]], what: str) -> int:
    """Write changed documents back in one bulk request, each at the version it was read at
    (``external_gte``): an event indexed meanwhile (a newer version) wins. Returns how many
    were written."""
    operations: list[dict[str, Any]] = []
    for hit in hits:
        operations += [
            {
                "index": {
                    "_index": hit["_index"],
                    "_id": hit["_id"],
                    "version": hit["_version"],
                    "version_type": "external_gte",
                }
            },
            hit["_source"],
        ]
    answer = await store.client.bulk(operations=operations)
    written = 0
    for item in answer["items"]:
        status = item["index"].get("status", 500)
        if status < 300:
            written += 1
        elif status != 409:  # 409: a newer version came meanwhile, and wins
            log.error("%s kept its %s: %s", item["index"]["_id"], what, item)
    return written


async def relabel_term(store: SearchStore, session: AsyncSession, tid: int) -> int:
    """A term's label changed or the term was deleted: rewrite the labels (``term_labels`` and
    the searchable ``labels_stem``) of every job and profile document carrying it, from the
    ``terms`` table as it is now. Returns how many documents were rewritten."""
    rewritten = 0
    for kind in KINDS:
        fields = LABEL_FIELDS[kind].values()
        query = {
            "bool": {
                "should": [{"term": {field: tid}} for field in fields],
                "minimum_should_match": 1,
            }
        }
        async for hits in _batches(store, store.alias(kind), query):
            tids = {t for hit in hits for t in document_tids(kind, hit["_source"])}
            labels = await english_labels(session, tids)
            # stemming is CPU work: off the event loop
            await asyncio.to_thread(_relabel, kind, hits, labels)
            rewritten += await _write_back(store, hits, "term labels")
    return rewritten


def _relabel(kind: Kind, hits: list[dict[str, Any]], labels: dict[int, str]) -> None:
    for hit in hits:
        hit["_source"] |= label_fields(kind, hit["_source"], labels)


async def apply_subscription(
    store: SearchStore,
    session: AsyncSession,
    payload: SubscriptionPayload,
    version: int,
) -> None:
    """billing.subscription.changed: keep the subscription (a newer change is never replaced by
    an older one) and put the organization's featured periods on its profile document."""
    values = {
        "subscription_id": payload.subscription_id,
        "organization_number": payload.organization_number,
        "featured": payload.featured_organization,
        "status": payload.status,
        "starts_at": datetime.fromisoformat(payload.start_date),
        "ends_at": datetime.fromisoformat(payload.end_date),
        "version": version,
    }
    statement = insert(FeaturedSubscription).values(**values)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[FeaturedSubscription.subscription_id],
            set_={key: statement.excluded[key] for key in values if key != "subscription_id"},
            where=FeaturedSubscription.version < statement.excluded.version,
        )
    )
    await session.flush()
    await refresh_featured(store, session, payload.organization_number)


async def refresh_featured(
    store: SearchStore, session: AsyncSession, organization_number: int
) -> None:
    """Rewrite the organization's profile document with its current featured periods, at the
    document's own version (a profile event indexed meanwhile reads the same table)."""
    periods = await featured_periods(session, organization_number)
    answer = await store.client.search(
        index=store.alias("organizations"),
        body={
            "query": {"term": {"organization_number": organization_number}},
            "size": 10,
            "version": True,
        },
    )
    for hit in answer["hits"]["hits"]:
        document = hit["_source"] | {"featured_periods": periods, "version": hit["_version"]}
        await store.write("organizations", document, index=hit["_index"])
