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
from jobkit.tasks import stop_if_asked
from jobkit.wakeup import Wakeup
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from search.alerts.bounces import serve_bounces
from search.alerts.erasure import erase_person
from search.alerts.events import ErasureCompleted, ExportCompleted
from search.alerts.export import export_person
from search.alerts.mailer import forget_new_job, next_work, record_new_job, run_once
from search.alerts.models import MAILER_CHANNEL
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
            # applied per poll, every partition's, in one transaction (ADRs 0042, 0068)
            batching=Batching(across_partitions=True),
            unavailable=elasticsearch_unavailable,
        )
    ]


async def run_alert_mailer(runtime: ServiceRuntime) -> None:
    """The mailer's loop: a round (instant matches, due digests, sends), the retention rules
    every ``alert_retention_seconds``; a failed round is logged and retried (its work is in the
    database, so nothing is lost). Between rounds it waits for a notification of new work
    (``MAILER_CHANNEL``, heard on a connection of its own), the next digest or retry due, or
    ``alert_idle_poll_seconds``, whichever comes first (ADR 0054)."""
    settings = runtime.settings
    assert isinstance(settings, SearchSettings)
    store = store_for(settings.elasticsearch_url, settings.index_prefix)
    loop = asyncio.get_running_loop()
    retention_due = loop.time()
    wakeup = Wakeup(MAILER_CHANNEL)

    async def round_() -> None:
        nonlocal retention_due
        try:
            async with unit_of_work(runtime.sessions) as session:
                name = (await site_names(session, site_settings, [settings.site]))[settings.site]
            await store.ensure_indices()
            await run_once(runtime.sessions, store, settings, site_name=name)
            if loop.time() >= retention_due:
                retention_due = loop.time() + settings.alert_retention_seconds
                await drop_unconfirmed(runtime.sessions)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("an alert mailer round failed")

    try:
        while True:
            try:
                async with runtime.engine.connect() as connection:
                    stop_listening = await wakeup.listen(connection)
                    try:
                        while True:
                            wakeup.clear()
                            await round_()
                            await wakeup.wait(
                                await _idle_seconds(
                                    runtime, settings, wakeup, retention_due - loop.time()
                                )
                            )
                            # a connection that went away hears nothing: fail, and listen anew
                            await connection.execute(text("SELECT 1"))
                            await connection.commit()
                    finally:
                        await stop_listening()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the listening connection went away: a new one
                stop_if_asked()
                log.warning("the alert mailer lost its database connection: %s", error)
                await asyncio.sleep(settings.alert_poll_seconds)
    finally:
        await store.client.close()


async def _idle_seconds(
    runtime: ServiceRuntime, settings: SearchSettings, wakeup: Wakeup, retention_in: float
) -> float:
    """How long the mailer may wait for a notification: until the next work due without one
    (``next_work``: a new job's retry, a digest) or the retention rules, at most
    ``alert_idle_poll_seconds``. Work already due that the round left (mails a relay did not
    take, more than a round takes) comes round every ``alert_poll_seconds``, as does
    everything where notifications are not heard."""
    if not wakeup.listening:
        return settings.alert_poll_seconds
    try:
        due = await next_work(runtime.sessions)
    except Exception:
        log.warning("could not read when the alert mailer has work next", exc_info=True)
        return settings.alert_poll_seconds
    waits = [settings.alert_idle_poll_seconds, retention_in]
    if due is not None:
        waits.append((due - datetime.now(UTC)).total_seconds())
    wait = min(waits)
    # work already due is what the round left (it failed, a relay did not take the mails, there
    # was more than a round takes): again at the polling pace, never at once
    return wait if wait > 0 else settings.alert_poll_seconds


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
