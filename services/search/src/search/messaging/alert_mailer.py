"""The alert mailer's wiring (ADR 0029): its consumer of the job events (group
``search-alert-mailer``: a job that became searchable is queued for the instant alerts; a
deleted account's alerts go; a person's alerts are copied into their export) and its loop
(instant matches, due digests, sends), run by the mailer process (``search.mailer``), not by
the API's."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime

from jobkit import contracts
from jobkit.app import ServiceRuntime
from jobkit.consumer import Batching, Handler, IdempotentConsumer
from jobkit.contracts import JOB_CREATED
from jobkit.db import unit_of_work
from jobkit.erasure import ErasureReport, ErasureRequest, erasure_handler
from jobkit.events import EventEnvelope
from jobkit.export import ExportPart, ExportRequest, export_handler
from jobkit.site_settings import site_names
from sqlalchemy.ext.asyncio import AsyncSession

from search.alerts.bounces import serve_bounces
from search.alerts.erasure import erase_person
from search.alerts.events import ErasureCompleted, ExportCompleted
from search.alerts.export import export_person
from search.alerts.mailer import forget_new_job, record_new_job, run_once
from search.alerts.retention import drop_unconfirmed
from search.db import outbox, processed_events, site_settings
from search.engine.indexing.documents import job_is_findable
from search.engine.indexing.payloads import (
    JOB_DELETED,
    JOB_SNAPSHOT_EVENTS,
    JOB_TOPIC,
    JobDeletedPayload,
    JobPayload,
)
from search.engine.indexing.store import store_for
from search.messaging.consumers import elasticsearch_unavailable
from search.settings import SearchSettings

log = logging.getLogger(__name__)

ALERT_MAILER_GROUP = "search-alert-mailer"


def alert_job_handlers(
    *, clock: Callable[[], datetime] = lambda: datetime.now(UTC)
) -> dict[str, Handler]:
    async def on_job(session: AsyncSession, envelope: EventEnvelope) -> None:
        payload = JobPayload.model_validate(envelope.payload)
        if job_is_findable(payload, envelope.type, now=clock()):
            await record_new_job(session, job_id=payload.job_id, site=payload.site)
        elif envelope.type != JOB_CREATED:  # a job's first event: nothing recorded before it
            # no longer findable before the instant alerts were matched against it
            await forget_new_job(session, job_id=payload.job_id)

    async def on_job_deleted(session: AsyncSession, envelope: EventEnvelope) -> None:
        payload = JobDeletedPayload.model_validate(envelope.payload)
        await forget_new_job(session, job_id=payload.job_id)

    return {**dict.fromkeys(JOB_SNAPSHOT_EVENTS, on_job), JOB_DELETED: on_job_deleted}


def user_handlers(settings: SearchSettings) -> dict[str, Handler]:
    """identity.user.deleted: the person's alerts and what the mailer kept about them erased,
    and confirmed (ADR 0036)."""

    async def erase(session: AsyncSession, request: ErasureRequest) -> ErasureReport:
        return await erase_person(session, user_id=request.user_id, email=request.email)

    return {
        contracts.USER_DELETED: erasure_handler(
            service="search",
            settings=settings,
            outbox=outbox,
            completed=ErasureCompleted,
            erase=erase,
        )
    }


def export_handlers(settings: SearchSettings) -> dict[str, Handler]:
    """identity.export.requested: the person's alerts and what the mailer kept about their
    address, as this service's part (ADR 0038); what the erasure deletes is what the person
    gets a copy of."""

    async def collect(session: AsyncSession, request: ExportRequest) -> ExportPart:
        return await export_person(session, user_id=request.user_id, email=request.email)

    return {
        contracts.EXPORT_REQUESTED: export_handler(
            service="search",
            settings=settings,
            outbox=outbox,
            completed=ExportCompleted,
            collect=collect,
        )
    }


def alert_mailer_consumers(runtime: ServiceRuntime) -> list[IdempotentConsumer]:
    settings = runtime.settings
    assert isinstance(settings, SearchSettings)
    return [
        IdempotentConsumer(
            group_id=settings.topic(ALERT_MAILER_GROUP),
            handlers={
                settings.topic(JOB_TOPIC): alert_job_handlers(),
                settings.topic(contracts.USER_TOPIC): user_handlers(settings),
                settings.topic(contracts.EXPORT_REQUEST_TOPIC): export_handlers(settings),
            },
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
            # new jobs noted for the instant alerts (rows the mailer's rounds read): a burst
            # applied per fetched batch in one transaction (ADR 0042)
            batching=Batching(),
            unavailable=elasticsearch_unavailable,
        )
    ]


async def run_alert_mailer(runtime: ServiceRuntime) -> None:
    """The mailer's loop: a round every ``alert_poll_seconds``, the retention rules every
    ``alert_retention_seconds``; a failed round is logged and retried (its work is in the
    database, so nothing is lost)."""
    settings = runtime.settings
    assert isinstance(settings, SearchSettings)
    store = store_for(settings.elasticsearch_url, settings.index_prefix)
    loop = asyncio.get_running_loop()
    retention_due = loop.time()
    try:
        while True:
            try:
                async with unit_of_work(runtime.sessions) as session:
                    name = (await site_names(session, site_settings, [settings.site]))[
                        settings.site
                    ]
                await store.ensure_indices()
                await run_once(runtime.sessions, store, settings, site_name=name)
                if loop.time() >= retention_due:
                    retention_due = loop.time() + settings.alert_retention_seconds
                    await drop_unconfirmed(runtime.sessions)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("an alert mailer round failed")
            await asyncio.sleep(settings.alert_poll_seconds)
    finally:
        await store.client.close()


async def run_bounce_receiver(runtime: ServiceRuntime) -> None:
    """The bounce notices' SMTP receiver (ADR 0034) on ``alert_bounce_port``; nothing to do
    without one."""
    settings = runtime.settings
    assert isinstance(settings, SearchSettings)
    if settings.alert_bounce_port is None:
        return
    server = await serve_bounces(runtime.sessions, settings, port=settings.alert_bounce_port)
    async with server:
        await server.serve_forever()
