"""The job scheduler, a background task of every jobs replica (ADR 0008): every
``scheduler_interval_seconds`` it publishes scheduled jobs whose time came and expires published
jobs past ``expires_at``; every ``retention_interval_seconds`` it applies the sites' retention
rule for applications (jobs.domain.retention, one replica at a time). Replicas run it at once
safely: each step locks the rows it takes with ``FOR UPDATE SKIP LOCKED`` and writes the state
and its outbox event in one transaction."""

from __future__ import annotations

import asyncio
import logging
import time

from jobkit.uploads.storage import Storage
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobs.domain.retention import anonymize_old_applications
from jobs.domain.scheduler import expire_jobs, publish_due_jobs
from jobs.settings import JobsSettings

log = logging.getLogger(__name__)


async def run_scheduler_once(
    sessions: async_sessionmaker[AsyncSession], settings: JobsSettings
) -> tuple[int, int]:
    """One pass: (jobs published, jobs expired); a full batch is followed by another."""
    published = expired = 0
    while True:
        count = await publish_due_jobs(sessions, settings)
        published += count
        if count < settings.scheduler_batch_size:
            break
    while True:
        count = await expire_jobs(sessions, settings)
        expired += count
        if count < settings.scheduler_batch_size:
            break
    return published, expired


async def run_scheduler_forever(
    sessions: async_sessionmaker[AsyncSession], settings: JobsSettings, *, storage: Storage
) -> None:
    retention_due = time.monotonic()
    while True:
        try:
            published, expired = await run_scheduler_once(sessions, settings)
            if published or expired:
                log.info("scheduler published %d and expired %d jobs", published, expired)
            if time.monotonic() >= retention_due:
                retention_due = time.monotonic() + settings.retention_interval_seconds
                await anonymize_old_applications(sessions, storage)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("job scheduler step failed")
        await asyncio.sleep(settings.scheduler_interval_seconds)
