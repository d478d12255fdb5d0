"""A job or organization-profile snapshot event applied: its paths in the slug index
(:mod:`search.site.routes`, in the consumer's transaction) and its document
(:mod:`search.engine.indexing.indexer`); and a job's deletion. The indexer's consumer and the
reindex share them."""

from __future__ import annotations

import uuid
from datetime import datetime

from jobkit.events import EventEnvelope
from sqlalchemy.ext.asyncio import AsyncSession

from search.engine.indexing.indexer import index_job, index_profile
from search.engine.indexing.payloads import JobDeletedPayload, JobPayload, ProfilePayload
from search.engine.indexing.store import DELETED_VERSION, SearchStore
from search.site.routes import JOB, apply_paths, job_paths, profile_paths, retire_content


async def apply_job(
    store: SearchStore,
    session: AsyncSession,
    payload: JobPayload,
    envelope: EventEnvelope,
    *,
    index: str | None = None,
) -> None:
    """A job snapshot event: its paths (in the transaction) and its document."""
    await apply_paths(
        session,
        job_paths(
            job_id=payload.job_id,
            slug=payload.slug,
            former_slugs=payload.former_slugs,
            version=payload.version,
        ),
    )
    # the sitemaps' lastmod: the job's own last change; snapshots from before the payload
    # carried it are dated by their event
    changed_at = (
        datetime.fromisoformat(payload.updated_at) if payload.updated_at else envelope.occurred_at
    )
    await index_job(store, session, payload, envelope.type, index=index, changed_at=changed_at)


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
