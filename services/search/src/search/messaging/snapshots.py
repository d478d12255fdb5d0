"""A job or organization-profile snapshot event applied: its paths in the slug index
(:mod:`search.site.routes`, in the consumer's transaction) and its document
(:mod:`search.engine.indexing.indexer`); and a job's deletion. The indexer's consumer and the
reindex share them."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from jobkit.events import EventEnvelope
from sqlalchemy.ext.asyncio import AsyncSession

from search.engine.indexing.indexer import index_job, index_jobs, index_profile
from search.engine.indexing.payloads import JobDeletedPayload, JobPayload, ProfilePayload
from search.engine.indexing.store import DELETED_VERSION, SearchStore
from search.site.routes import (
    JOB,
    ContentPaths,
    apply_paths,
    job_paths,
    profile_paths,
    retire_content,
)


def _job_paths(payload: JobPayload) -> ContentPaths:
    return job_paths(
        job_id=payload.job_id,
        slug=payload.slug,
        former_slugs=payload.former_slugs,
        version=payload.version,
    )


def _changed_at(payload: JobPayload, envelope: EventEnvelope) -> datetime:
    """The sitemaps' lastmod: the job's own last change; snapshots from before the payload
    carried it are dated by their event."""
    if payload.updated_at:
        return datetime.fromisoformat(payload.updated_at)
    return envelope.occurred_at


async def apply_job(
    store: SearchStore,
    session: AsyncSession,
    payload: JobPayload,
    envelope: EventEnvelope,
    *,
    index: str | None = None,
) -> None:
    """A job snapshot event: its paths (in the transaction) and its document."""
    await apply_paths(session, _job_paths(payload))
    changed_at = _changed_at(payload, envelope)
    await index_job(store, session, payload, envelope.type, index=index, changed_at=changed_at)


async def apply_jobs(
    store: SearchStore,
    session: AsyncSession,
    run: Sequence[tuple[JobPayload, EventEnvelope]],
) -> None:
    """A run of job snapshot events at once (the indexer's run handler): each one's paths, in
    order, then their documents, in order, built from what the run reads once
    (:func:`search.engine.indexing.indexer.index_jobs`). The paths and the documents go to
    separate stores, so this is :func:`apply_job` applied to each event in turn."""
    for payload, _ in run:
        await apply_paths(session, _job_paths(payload))
    await index_jobs(
        store,
        session,
        [(payload, envelope.type, _changed_at(payload, envelope)) for payload, envelope in run],
    )


async def delete_job(
    store: SearchStore,
    session: AsyncSession,
    payload: JobDeletedPayload,
    *,
    index: str | None = None,
) -> None:
    """``jobs.job.deleted``: every path of the job answers 410 Gone and leaves the sitemaps, and
    its document becomes a stub nobody finds, final (no late snapshot outranks it)."""
    await retire_content(session, JOB, uuid.UUID(payload.job_id))
    stub = {"id": payload.job_id, "version": DELETED_VERSION, "findable": False}
    await store.write("jobs", stub, index=index)


async def apply_profile(
    store: SearchStore,
    session: AsyncSession,
    payload: ProfilePayload,
    envelope: EventEnvelope,
    *,
    index: str | None = None,
) -> None:
    """A profile event: its paths (404 while unpublished) and its document."""
    await apply_paths(
        session,
        profile_paths(
            profile_id=payload.profile_id,
            slug=payload.slug,
            former_slugs=payload.former_slugs,
            version=payload.version,
            published=payload.published,
        ),
    )
    await index_profile(store, session, payload, index=index, changed_at=envelope.occurred_at)
