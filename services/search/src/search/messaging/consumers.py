"""The indexer: idempotent consumers of job and organization-profile events (docs/events.md).

Each event carries the whole aggregate, so applying it is one versioned write of its document
and of its paths in the slug index (``search.messaging.snapshots``); the consumer's
``processed_events`` ledger skips redeliveries, and Elasticsearch's external versioning and the
routes' versions refuse an older version delivered late.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable, Sequence
from contextlib import asynccontextmanager

from elasticsearch import ApiError, ConnectionTimeout
from elasticsearch import ConnectionError as ElasticsearchConnectionError
from jobkit.app import ServiceRuntime
from jobkit.consumer import (
    Batching,
    Handler,
    IdempotentConsumer,
    RunHandler,
    dependency_unavailable,
)
from jobkit.events import EventEnvelope
from jobkit.site_settings import SITE_TOPIC, site_settings_handlers
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.db import processed_events, site_settings
from search.engine.answer_cache import bump_generation
from search.engine.indexing.indexer import apply_subscription, relabel_term
from search.engine.indexing.payloads import (
    JOB_DELETED,
    JOB_EVENTS,
    JOB_SNAPSHOT_EVENTS,
    JOB_TOPIC,
    ORGANIZATION_DELETED,
    ORGANIZATION_TOPIC,
    PROFILE_EVENTS,
    PROFILE_TOPIC,
    RESUME_DELETED,
    RESUME_TOPIC,
    RESUME_UPDATED,
    RESUME_VISIBILITY_CHANGED,
    SUBSCRIPTION_CHANGED,
    SUBSCRIPTION_TOPIC,
    JobDeletedPayload,
    JobPayload,
    OrganizationDeletedPayload,
    ProfilePayload,
    ResumeDeletedPayload,
    ResumePayload,
    ResumeVisibilityPayload,
    SubscriptionPayload,
    TermPayload,
)
from search.engine.indexing.resumes import delete_resume, hide_resume, index_resume
from search.engine.indexing.store import SearchStore, store_for
from search.messaging.snapshots import apply_job, apply_jobs, apply_profile, delete_job
from search.settings import SearchSettings
from search.site.routes import ORGANIZATION_PROFILE, gathered_paths, retire_content
from search.taxonomy.events import VOCABULARY_TOPIC, TermDeleted, TermUpserted
from search.taxonomy.vocabulary import TERM_LABELS

INDEXER_GROUP = "search-indexer"
SITE_CONFIG_GROUP = "search-site-config"
# Elasticsearch answering that it cannot serve now (overloaded, no master, shards not yet
# assigned after a restart): the event waits, as when the connection is refused
ELASTICSEARCH_BUSY = frozenset({429, 502, 503, 504})


def elasticsearch_unavailable(error: BaseException) -> bool:
    """An outage of Elasticsearch or of the group's database, not a bad event: the indexer's
    partition waits for it instead of dead-lettering good events (docs/runbooks/search-down.md)."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, ElasticsearchConnectionError | ConnectionTimeout):
            return True
        if isinstance(current, ApiError) and current.meta.status in ELASTICSEARCH_BUSY:
            return True
        current = current.__cause__ or current.__context__
    return dependency_unavailable(error)


def subscription_handlers(store: SearchStore) -> dict[str, Handler]:
    """billing.subscription.changed: which organizations are featured, and when (ADR 0012)."""

    async def on_subscription(session: AsyncSession, envelope: EventEnvelope) -> None:
        await store.ensure_indices()
        payload = SubscriptionPayload.model_validate(envelope.payload)
        await apply_subscription(store, session, payload, envelope.aggregate_version)

    return {SUBSCRIPTION_CHANGED: on_subscription}


def organization_handlers() -> dict[str, Handler]:
    """organizations.organization.deleted: the profile's paths answer 410 (ADR 0025); its
    document went with the profile's unpublished event, its jobs with their archived events."""

    async def on_deleted(session: AsyncSession, envelope: EventEnvelope) -> None:
        payload = OrganizationDeletedPayload.model_validate(envelope.payload)
        organization_id = uuid.UUID(payload.organization_id)
        # a profile's id is its organization's id
        await retire_content(session, ORGANIZATION_PROFILE, organization_id)

    return {ORGANIZATION_DELETED: on_deleted}


def vocabulary_handlers(store: SearchStore) -> dict[str, Handler]:
    """A term upserted or deleted: the documents carrying it get its label as the ``terms``
    table has it now (the loader commits before it publishes), and this process's answers stop
    using the cached label."""

    async def on_term(session: AsyncSession, envelope: EventEnvelope) -> None:
        tid = TermPayload.model_validate(envelope.payload).tid
        TERM_LABELS.forget([tid])
        await store.ensure_indices()
        await relabel_term(store, session, tid)

    return {TermUpserted.event_type: on_term, TermDeleted.event_type: on_term}


def resume_handlers(store: SearchStore) -> dict[str, Handler]:
    """The resumes service's events: the resume at its version, out of the results when it is
    not searchable (hidden or incomplete), gone for good when deleted
    (search.engine.indexing.resumes)."""

    async def on_updated(session: AsyncSession, envelope: EventEnvelope) -> None:
        await store.ensure_indices()
        await index_resume(store, session, ResumePayload.model_validate(envelope.payload))

    async def on_visibility(session: AsyncSession, envelope: EventEnvelope) -> None:
        await store.ensure_indices()
        await hide_resume(store, ResumeVisibilityPayload.model_validate(envelope.payload))

    async def on_deleted(session: AsyncSession, envelope: EventEnvelope) -> None:
        await store.ensure_indices()
        await delete_resume(store, ResumeDeletedPayload.model_validate(envelope.payload))

    return {
        RESUME_UPDATED: on_updated,
        RESUME_VISIBILITY_CHANGED: on_visibility,
        RESUME_DELETED: on_deleted,
    }


def indexer_handlers(store: SearchStore) -> tuple[dict[str, Handler], dict[str, Handler]]:
    async def on_job(session: AsyncSession, envelope: EventEnvelope) -> None:
        await store.ensure_indices()
        payload = JobPayload.model_validate(envelope.payload)
        await apply_job(store, session, payload, envelope)

    async def on_job_deleted(session: AsyncSession, envelope: EventEnvelope) -> None:
        await store.ensure_indices()
        await delete_job(store, session, JobDeletedPayload.model_validate(envelope.payload))

    async def on_profile(session: AsyncSession, envelope: EventEnvelope) -> None:
        await store.ensure_indices()
        payload = ProfilePayload.model_validate(envelope.payload)
        await apply_profile(store, session, payload, envelope)

    return (
        {**dict.fromkeys(JOB_SNAPSHOT_EVENTS, on_job), JOB_DELETED: on_job_deleted},
        dict.fromkeys(PROFILE_EVENTS, on_profile),
    )


def indexer_run_handlers(store: SearchStore) -> dict[str, RunHandler]:
    """A run of job snapshot events in a batch, applied at once: their terms' labels read in
    one statement and their documents built in one trip off the event loop, instead of each
    job's (ADR 0053). The effect of :func:`indexer_handlers`' ``on_job`` on each in turn."""

    async def on_jobs(session: AsyncSession, envelopes: Sequence[EventEnvelope]) -> None:
        await store.ensure_indices()
        run = [(JobPayload.model_validate(envelope.payload), envelope) for envelope in envelopes]
        await apply_jobs(store, session, run)

    return dict.fromkeys(JOB_SNAPSHOT_EVENTS, on_jobs)


def indexer_topics(settings: SearchSettings, store: SearchStore) -> dict[str, dict[str, Handler]]:
    """The indexer's handlers by topic (event type -> handler)."""
    job_handlers, profile_handlers = indexer_handlers(store)
    return {
        settings.topic(PROFILE_TOPIC): profile_handlers,
        settings.topic(JOB_TOPIC): job_handlers,
        # the same consumer, so one event at a time touches an organization's documents
        settings.topic(SUBSCRIPTION_TOPIC): subscription_handlers(store),
        # search's own vocabulary events: one at a time with the job and profile events,
        # so a document indexed from the old label is relabelled after it
        settings.topic(VOCABULARY_TOPIC): vocabulary_handlers(store),
        # an organization's deletion (its other events are skipped)
        settings.topic(ORGANIZATION_TOPIC): organization_handlers(),
        # resumes (versioned documents, public fields only)
        settings.topic(RESUME_TOPIC): resume_handlers(store),
    }


def indexer_consumer(
    sessions: async_sessionmaker[AsyncSession],
    settings: SearchSettings,
    store: SearchStore,
    *,
    runs: bool = True,
) -> IdempotentConsumer:
    """The indexer's group (``runs=False``: each job snapshot of a batch built on its own, as
    before ADR 0053, for ``bench.indexer --per-event``)."""
    return IdempotentConsumer(
        group_id=settings.topic(INDEXER_GROUP),
        handlers=indexer_topics(settings, store),
        sessions=sessions,
        processed=processed_events,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        # what a batch wrote is made searchable, and kept search answers of before it are
        # dropped, at once after a quiet interval, else by one refresh at most
        # ``indexer_refresh_seconds`` later for every batch of the interval (ADR 0062)
        after_batch=searchable_now(sessions, store),
        after_batch_every=settings.indexer_refresh_seconds,
        # job and profile events carry the whole aggregate: a batch's last one per aggregate
        # is all that needs indexing (the documents are versioned)
        coalesce=snapshot_coalesce(settings),
        # a poll's records, every partition's, in one transaction, its jobs' and resumes'
        # documents in one _bulk and its jobs' paths in a few statements (ADR 0068), and a
        # run of job snapshots built from what the run reads once
        batching=Batching(
            scope=lambda: bulk_scope(store),
            scoped=BULK_INDEXED_EVENTS,
            runs=indexer_run_handlers(store) if runs else {},
            across_partitions=True,
        ),
        unavailable=elasticsearch_unavailable,
    )


def searchable_now(
    sessions: async_sessionmaker[AsyncSession], store: SearchStore
) -> Callable[[], Awaitable[None]]:
    """After a batch: refresh the indices, then bump their generation (in that order, so an
    answer read at the new generation already sees the batch; ADR 0047). The consumer runs it
    at most once per ``indexer_refresh_seconds`` (ADR 0062): a refresh makes visible every
    write before it began, so the bump after it covers every batch that asked before."""

    async def after_batch() -> None:
        await store.refresh_all()
        async with sessions() as session:
            await bump_generation(session, store.prefix)
            await session.commit()

    return after_batch


@asynccontextmanager
async def bulk_scope(store: SearchStore) -> AsyncIterator[None]:
    """A batch's documents sent in one ``_bulk`` and its paths written together (both on the
    way out, before the transaction commits; neither when the batch fails)."""
    async with store.bulk_writes(), gathered_paths():
        yield


# the events whose documents the indexer sends together (SearchStore.bulk_writes)
BULK_INDEXED_EVENTS = frozenset(JOB_EVENTS) | {
    RESUME_UPDATED,
    RESUME_VISIBILITY_CHANGED,
    RESUME_DELETED,
}


def snapshot_coalesce(settings: SearchSettings) -> Callable[[str, str, str], Hashable | None]:
    snapshots = {
        # a deletion is a job's last event: nothing after it needs applying
        settings.topic(JOB_TOPIC): frozenset(JOB_EVENTS),
        settings.topic(PROFILE_TOPIC): frozenset(PROFILE_EVENTS),
        # an updated resume is whole, a deleted one gone: the last of them is enough (not a
        # visibility change, which says nothing of the content when it makes a resume findable)
        settings.topic(RESUME_TOPIC): frozenset({RESUME_UPDATED, RESUME_DELETED}),
        # a term's handler reads the term as it is now: its last event in a batch is enough
        settings.topic(VOCABULARY_TOPIC): frozenset(
            {TermUpserted.event_type, TermDeleted.event_type}
        ),
    }

    def coalesce(topic: str, key: str, event_type: str) -> Hashable | None:
        return (topic, key) if event_type in snapshots.get(topic, ()) else None

    return coalesce


def consumers(runtime: ServiceRuntime) -> Sequence[IdempotentConsumer]:
    settings = runtime.settings
    assert isinstance(settings, SearchSettings)
    store = store_for(settings.elasticsearch_url, settings.index_prefix)
    return [
        indexer_consumer(runtime.sessions, settings, store),
        # identity's site settings (the site's name in page titles)
        IdempotentConsumer(
            group_id=settings.topic(SITE_CONFIG_GROUP),
            handlers={settings.topic(SITE_TOPIC): site_settings_handlers(site_settings)},
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        ),
    ]
