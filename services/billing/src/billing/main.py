from collections.abc import Sequence

from fastapi import FastAPI
from jobkit import contracts
from jobkit.app import ServiceRuntime, Worker, create_service_app
from jobkit.consumer import Batching, IdempotentConsumer
from jobkit.memberships import MEMBER_TOPIC, membership_handlers
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from billing.db import memberships, outbox, processed_events, revocations
from billing.domain.events import PUBLISHED_TOPICS
from billing.domain.jobs_events import JOB_TOPIC, JobPublishRequested, JobPublishWithdrawn
from billing.domain.ledger import batched_balances
from billing.domain.resumes_events import CONTACT_TOPIC, ContactRequested
from billing.graphql.schema import schema
from billing.messaging.consumers import (
    ORGANIZATION_TOPIC,
    contact_handlers,
    erasure_handlers,
    export_handlers,
    organization_handlers,
    slot_handlers,
    slot_run_handlers,
)
from billing.messaging.contracts import (
    ERASURE_GROUP,
    MEMBERSHIPS_GROUP,
    ORGANIZATIONS_GROUP,
    SLOTS_GROUP,
)
from billing.messaging.expiry import run_expiry_forever
from billing.settings import SERVICE_DIR, BillingSettings, get_settings


def slot_consumer(
    settings: BillingSettings,
    sessions: async_sessionmaker[AsyncSession],
    *,
    runs: bool = True,
) -> IdempotentConsumer:
    """The slot saga's group: jobs' publish requests and withdrawals, resumes' contact requests.
    A burst of publication requests (an ATS batch, a feed run) is answered per fetched batch in
    one transaction (ADR 0042, ADR 0051). ``runs=False``: each request's reads and outbox rows
    as before ADR 0051 (``bench.slot_saga`` compares the two)."""
    return IdempotentConsumer(
        group_id=settings.topic(SLOTS_GROUP),
        handlers={
            settings.topic(JOB_TOPIC): slot_handlers(settings),
            settings.topic(CONTACT_TOPIC): contact_handlers(settings),
        },
        sessions=sessions,
        processed=processed_events,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        # the ledger's grants read once per organization and one balance event per
        # organization and batch; a run of publication requests answered from state read once;
        # the batch's answers and balances in one outbox INSERT
        batching=Batching(
            scope=lambda: batched_balances(settings),
            outbox=outbox if runs else None,
            runs=slot_run_handlers(settings) if runs else {},
            scoped=frozenset(
                {
                    JobPublishRequested.event_type,
                    JobPublishWithdrawn.event_type,
                    ContactRequested.event_type,
                }
            ),
            # every effect is a row in the transaction; a poll's partitions in one batch take
            # their organizations' locks in one statement (ascending) instead of one a partition,
            # and hold them for one transaction a poll (ADR 0074)
            across_partitions=runs,
        ),
    )


def build_consumers(runtime: ServiceRuntime) -> Sequence[IdempotentConsumer]:
    """Organizations' member events into the membership read model (keyed by the organization's
    integer number, the id billing's API takes), and its created/updated events into the
    organizations read model; jobs' publish requests and withdrawals into the slot saga, and
    resumes' contact requests into resume contact slots; a deleted account's traces anonymized
    and a person's export collected, in one group (ADR 0036, ADR 0038)."""
    settings = runtime.settings
    assert isinstance(settings, BillingSettings)
    return [
        IdempotentConsumer(
            group_id=settings.topic(MEMBERSHIPS_GROUP),
            handlers={
                settings.topic(MEMBER_TOPIC): membership_handlers(
                    memberships, key="organization_number"
                )
            },
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        ),
        # Its own group, so a deployment that already ran the memberships group still reads
        # every organization from the topic's beginning.
        IdempotentConsumer(
            group_id=settings.topic(ORGANIZATIONS_GROUP),
            handlers={settings.topic(ORGANIZATION_TOPIC): organization_handlers()},
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        ),
        slot_consumer(settings, runtime.sessions),
        IdempotentConsumer(
            group_id=settings.topic(ERASURE_GROUP),
            handlers={
                settings.topic(contracts.USER_TOPIC): erasure_handlers(settings),
                settings.topic(contracts.EXPORT_REQUEST_TOPIC): export_handlers(settings),
            },
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        ),
    ]


async def _credit_expiry(runtime: ServiceRuntime) -> None:
    """Writes expiry entries for grants past their expiry, every expiry_interval_seconds."""
    settings = runtime.settings
    assert isinstance(settings, BillingSettings)
    await run_expiry_forever(runtime.sessions, settings)


def create_app(settings: BillingSettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    return create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        published_topics=[settings.topic(topic) for topic in PUBLISHED_TOPICS],
        memberships=memberships,
        consumers=build_consumers,
        workers=[Worker("credit-expiry", _credit_expiry)],
        revocations=revocations,
    )
