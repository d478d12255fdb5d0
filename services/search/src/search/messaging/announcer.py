"""The announcer's consumer (group ``search-announcer``) and sender, run by the service.

The consumer applies every job snapshot event once (jobkit's processed-event ledger) and records
the notifications it asks for; the sender, beside it, sends them (ADR 0013). It applies a fetched
batch in one transaction, a run of job events recorded together (ADR 0060): it only writes its
own tables, the sending is the sender's.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

import httpx
from jobkit.app import ServiceRuntime
from jobkit.consumer import Batching, Handler, IdempotentConsumer, RunHandler
from jobkit.events import EventEnvelope
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.db import processed_events
from search.engine.indexing.payloads import JOB_SNAPSHOT_EVENTS, JOB_TOPIC
from search.settings import SearchSettings
from search.site.announce.google import GoogleIndexingNotifier, ServiceAccount
from search.site.announce.indexnow import IndexNowNotifier
from search.site.announce.notifiers import Notifier
from search.site.announce.planner import AnnouncedJobPayload
from search.site.announce.recording import record_job_events
from search.site.announce.sender import AnnouncementSender

log = logging.getLogger(__name__)

ANNOUNCER_GROUP = "search-announcer"


def enabled_endpoints(settings: SearchSettings) -> list[str]:
    names = []
    if settings.google_service_account_file is not None:
        names.append(GoogleIndexingNotifier.name)
    if settings.indexnow_key:
        names.append(IndexNowNotifier.name)
    return names


def announcer_run_handlers(
    settings: SearchSettings, *, clock: Callable[[], datetime] = lambda: datetime.now(UTC)
) -> dict[str, RunHandler]:
    """A run of job snapshot events of one type in a batch recorded at once
    (``record_job_events``: the run's jobs read in one statement); the effect of each event
    recorded in turn."""
    endpoints = enabled_endpoints(settings)
    update_delay = timedelta(seconds=settings.announce_update_delay_seconds)

    async def on_jobs(session: AsyncSession, envelopes: Sequence[EventEnvelope]) -> None:
        await record_job_events(
            session,
            events=[
                (AnnouncedJobPayload.model_validate(envelope.payload), envelope.type)
                for envelope in envelopes
            ],
            endpoints=endpoints,
            job_url=settings.job_url,
            now=clock(),
            update_delay=update_delay,
        )

    return dict.fromkeys(JOB_SNAPSHOT_EVENTS, on_jobs)


def announcer_handlers(
    settings: SearchSettings, *, clock: Callable[[], datetime] = lambda: datetime.now(UTC)
) -> dict[str, Handler]:
    """One job snapshot event recorded (a run of one: ``record_job_event``)."""
    runs = announcer_run_handlers(settings, clock=clock)

    def one(run: RunHandler) -> Handler:
        async def on_job(session: AsyncSession, envelope: EventEnvelope) -> None:
            await run(session, [envelope])

        return on_job

    return {event_type: one(run) for event_type, run in runs.items()}


def announcer_consumer(
    sessions: async_sessionmaker[AsyncSession], settings: SearchSettings, *, batched: bool = True
) -> IdempotentConsumer:
    """The announcer's group (``batched=False``: one event per transaction, as before ADR 0060,
    for ``bench.job_groups``)."""
    return IdempotentConsumer(
        group_id=settings.topic(ANNOUNCER_GROUP),
        handlers={settings.topic(JOB_TOPIC): announcer_handlers(settings)},
        sessions=sessions,
        processed=processed_events,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        batching=Batching(runs=announcer_run_handlers(settings)) if batched else None,
    )


def notifiers(settings: SearchSettings, http: httpx.AsyncClient) -> list[Notifier]:
    found: list[Notifier] = []
    if settings.google_service_account_file is not None:
        found.append(
            GoogleIndexingNotifier(
                ServiceAccount.from_file(settings.google_service_account_file),
                batch_url=settings.google_indexing_batch_url,
                http=http,
            )
        )
    if settings.indexnow_key:
        found.append(
            IndexNowNotifier(
                endpoint=settings.indexnow_endpoint, key=settings.indexnow_key, http=http
            )
        )
    return found


def sender_for(
    runtime: ServiceRuntime, settings: SearchSettings, http: httpx.AsyncClient
) -> AnnouncementSender:
    return AnnouncementSender(
        sessions=runtime.sessions,
        engine=runtime.engine,
        notifiers=notifiers(settings, http),
        daily_quota=settings.announce_daily_quota,
        batch_size=settings.announce_batch_size,
        interval=settings.announce_interval_seconds,
        retry_seconds=settings.announce_retry_seconds,
        max_attempts=settings.announce_max_attempts,
        deletion_reserve=settings.announce_deletion_reserve,
    )


async def _run_sender(runtime: ServiceRuntime, settings: SearchSettings) -> None:
    async with httpx.AsyncClient(timeout=settings.announce_timeout_seconds) as http:
        await sender_for(runtime, settings, http).run_forever()


def announcer_consumers(runtime: ServiceRuntime) -> list[IdempotentConsumer]:
    """The consumer; it runs even with no endpoint enabled, so the jobs' states stay current."""
    settings = runtime.settings
    assert isinstance(settings, SearchSettings)
    return [announcer_consumer(runtime.sessions, settings)]


async def run_announcement_sender(runtime: ServiceRuntime) -> None:
    """The service's announcement-sender worker: sends while an endpoint is enabled."""
    settings = runtime.settings
    assert isinstance(settings, SearchSettings)
    if not enabled_endpoints(settings):
        log.info("no search engine endpoint configured: jobs are not announced")
        return
    await _run_sender(runtime, settings)
