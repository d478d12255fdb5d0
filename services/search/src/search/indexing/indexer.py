"""Applies job and profile snapshots to the indices (the consumers' and reindex's one path)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from search.domain.vocabulary import terms_by_tid
from search.indexing.documents import (
    job_document,
    job_is_findable,
    job_tids,
    profile_document,
    profile_tids,
)
from search.indexing.payloads import JobPayload, ProfilePayload
from search.indexing.store import SearchStore


async def _english_labels(session: AsyncSession, tids: set[int]) -> dict[int, str]:
    return {tid: term.label for tid, term in (await terms_by_tid(session, tids)).items()}


async def job_document_for(
    store: SearchStore, session: AsyncSession, payload: JobPayload, event_type: str
) -> dict[str, Any]:
    profile = await store.get("organizations", payload.organization_id)
    industry_tid = profile.get("industry_tid") if profile else None
    tids = job_tids(payload) | ({industry_tid} if industry_tid else set())
    return job_document(
        payload,
        findable=job_is_findable(payload, event_type, now=datetime.now(UTC)),
        labels=await _english_labels(session, tids),
        industry_tid=industry_tid,
        organization_slug=profile.get("slug") if profile else None,
    )


async def index_job(
    store: SearchStore,
    session: AsyncSession,
    payload: JobPayload,
    event_type: str,
    *,
    index: str | None = None,
) -> bool:
    document = await job_document_for(store, session, payload, event_type)
    return await store.write("jobs", document, index=index)


async def index_profile(
    store: SearchStore, session: AsyncSession, payload: ProfilePayload, *, index: str | None = None
) -> bool:
    labels = await _english_labels(session, profile_tids(payload))
    return await store.write("organizations", profile_document(payload, labels=labels), index=index)
