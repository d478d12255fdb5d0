"""Analytics consumers: domain events become server-side analytics events (recorded, counted
for the dashboards and, when the site's flags say so, relayed upstream; ADR 0014), and the read
models the service needs: identity's site settings, organizations' members and organizations,
and each job's organization."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from typing import cast as cast_type

from jobkit import contracts
from jobkit.app import ServiceRuntime
from jobkit.consumer import Batching, Handler, IdempotentConsumer, RunHandler
from jobkit.contracts import EXPORT_REQUEST_TOPIC, EXPORT_REQUESTED, USER_DELETED
from jobkit.db import any_bound, unnested, unnested_parameters
from jobkit.erasure import ErasureReport, ErasureRequest, erasure_handler
from jobkit.events import EventEnvelope
from jobkit.export import ExportPart, ExportRequest, export_handler
from jobkit.known_organizations import apply_organization as apply_known_organization
from jobkit.memberships import MEMBER_TOPIC, membership_handlers
from jobkit.site_settings import SITE_TOPIC, site_settings_handlers
from sqlalchemy import String, Table, delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.types import TypeEngine

from analytics.db import known_organizations, memberships, outbox, processed_events, site_settings
from analytics.domain.erasure import erase_person
from analytics.domain.events import ErasureCompleted, ExportCompleted
from analytics.domain.export import export_person
from analytics.domain.models import DailyCount, KnownJob, VisitMark, WebhookEndpoint
from analytics.domain.relays import RelayConfig, relay_server_event
from analytics.domain.service import record_event
from analytics.domain.stats import JOB, count_event
from analytics.domain.webhooks import enqueue_deliveries
from analytics.messaging.contracts import (
    APPLICATION_STATUS_CHANGED,
    APPLICATION_SUBMITTED,
    APPLICATION_TOPIC,
    BOOKMARK_ADDED,
    BOOKMARK_REMOVED,
    BOOKMARK_TOPIC,
    CONTACT_MESSAGE_SENT,
    CONTACT_TOPIC,
    JOB_DELETED,
    JOB_SNAPSHOT_EVENTS,
    JOB_TOPIC,
    ORGANIZATION_CREATED,
    USER_REGISTERED,
    USER_TOPIC,
    ApplicationStatusChangedV1,
    ApplicationSubmittedV1,
    BookmarkV1,
    ContactMessageSentV1,
    JobDeletedV1,
    JobSnapshotV1,
    OrganizationCreatedV1,
    OrganizationDeletedV1,
    UserRegisteredV1,
)
from analytics.relay.workers import relay_config
from analytics.settings import AnalyticsSettings

GROUP_ID = "analytics"
SITE_CONFIG_GROUP = "analytics-site-config"
ORGANIZATIONS_GROUP = "analytics-organizations"
JOBS_GROUP = "analytics-jobs"
ERASURE_GROUP = "analytics-erasure"


def erasure_handlers(settings: AnalyticsSettings) -> dict[str, Handler]:
    """identity.user.deleted: the person's events anonymized, the rest erased, and confirmed
    (ADR 0036)."""

    async def erase(session: AsyncSession, request: ErasureRequest) -> ErasureReport:
        return await erase_person(session, user_id=request.user_id)

    return {
        USER_DELETED: erasure_handler(
            service="analytics",
            settings=settings,
            outbox=outbox,
            completed=ErasureCompleted,
            erase=erase,
        )
    }


def export_handlers(settings: AnalyticsSettings) -> dict[str, Handler]:
    """identity.export.requested: the person's events, cookie consent and relay forwards, as
    this service's part (ADR 0038); what the erasure touches is what the person gets a copy of."""

    async def collect(session: AsyncSession, request: ExportRequest) -> ExportPart:
        return await export_person(session, user_id=request.user_id)

    return {
        EXPORT_REQUESTED: export_handler(
            service="analytics",
            settings=settings,
            outbox=outbox,
            completed=ExportCompleted,
            collect=collect,
        )
    }


def event_handlers(relay: RelayConfig) -> dict[str, dict[str, Handler]]:
    """The handlers of the ``analytics`` group, by topic and event type."""

    async def record(
        session: AsyncSession,
        event: EventEnvelope,
        key: str,
        dimensions: dict[str, Any],
        *,
        user_id: str | None,
    ) -> None:
        kept = {k: v for k, v in dimensions.items() if v is not None}
        await record_event(
            session,
            source_event_id=event.id,
            key=key,
            site=event.site,
            occurred_at=event.occurred_at,
            dimensions=kept,
        )
        await relay_server_event(
            session,
            source_event_id=event.id,
            key=key,
            site=event.site,
            dimensions=kept,
            user_id=user_id,
            relay=relay,
        )

    async def on_user_registered(session: AsyncSession, event: EventEnvelope) -> None:
        payload = UserRegisteredV1.model_validate(event.payload)
        dimensions = {
            "current_user_id": payload.user_id,
            "signup_method": payload.signup_method,
            "user_role": ",".join(payload.roles),
        }
        await record(session, event, "sign_up", dimensions, user_id=payload.user_id)

    async def on_application_submitted(session: AsyncSession, event: EventEnvelope) -> None:
        payload = ApplicationSubmittedV1.model_validate(event.payload)
        dimensions = {
            "entity_id": payload.job_id,
            "entity_type": "job",
            "organization_id": payload.organization_id,
            "current_user_id": payload.applicant_id,
            "application_id": payload.application_id,
            "application_workflow": payload.workflow,
        }
        await record(session, event, "job_apply_complete", dimensions, user_id=payload.applicant_id)
        await enqueue_deliveries(
            session,
            organization_id=payload.organization_id,
            event_type="application.received",
            source_event_id=event.id,
            occurred_at=event.occurred_at,
            data={"application_id": payload.application_id, "job_id": payload.job_id},
        )
        await count_event(
            session,
            key="job_apply_complete",
            day=event.occurred_at.date(),
            entity_id=payload.job_id,
            organization_id=payload.organization_id,
        )

    async def on_application_status_changed(session: AsyncSession, event: EventEnvelope) -> None:
        payload = ApplicationStatusChangedV1.model_validate(event.payload)
        dimensions = {
            "entity_id": payload.job_id,
            "entity_type": "job",
            "organization_id": payload.organization_id,
            "application_id": payload.application_id,
            "request_status": payload.status,
            "previous_status": payload.previous_status,
        }
        await record(session, event, "job_application_status", dimensions, user_id=None)
        await enqueue_deliveries(
            session,
            organization_id=payload.organization_id,
            event_type="application.status_changed",
            source_event_id=event.id,
            occurred_at=event.occurred_at,
            data={
                "application_id": payload.application_id,
                "job_id": payload.job_id,
                "status": payload.status.upper(),
                "previous_status": payload.previous_status.upper(),
            },
        )

    def bookmark(key: str) -> Handler:
        async def handle(session: AsyncSession, event: EventEnvelope) -> None:
            payload = BookmarkV1.model_validate(event.payload)
            dimensions = {
                "entity_id": payload.job_id,
                "entity_type": "job",
                "organization_id": payload.organization_id,
                "current_user_id": payload.user_id,
            }
            await record(session, event, key, dimensions, user_id=payload.user_id)
            await count_event(
                session,
                key=key,
                day=event.occurred_at.date(),
                entity_id=payload.job_id,
                organization_id=payload.organization_id,
            )

        return handle

    async def on_contact_message_sent(session: AsyncSession, event: EventEnvelope) -> None:
        payload = ContactMessageSentV1.model_validate(event.payload)
        dimensions = {
            "entity_id": payload.organization_id,
            "entity_type": "organization",
            "organization_id": payload.organization_id,
            "current_user_id": payload.sender_id,
            "attachments_count": payload.attachments_count,
        }
        await record(session, event, "orgprofile_contact", dimensions, user_id=None)

    return {
        USER_TOPIC: {USER_REGISTERED: on_user_registered},
        APPLICATION_TOPIC: {
            APPLICATION_SUBMITTED: on_application_submitted,
            APPLICATION_STATUS_CHANGED: on_application_status_changed,
        },
        BOOKMARK_TOPIC: {
            BOOKMARK_ADDED: bookmark("job_bookmark"),
            BOOKMARK_REMOVED: bookmark("job_unbookmark"),
        },
        CONTACT_TOPIC: {CONTACT_MESSAGE_SENT: on_contact_message_sent},
    }


def _webhook_data(settings: AnalyticsSettings, payload: JobSnapshotV1) -> dict[str, Any]:
    return {
        "job_id": payload.job_id,
        "title": payload.title,
        "state": payload.state.upper(),
        "version": payload.version,
        "url": f"{settings.site_url.rstrip('/')}/job/{payload.slug}",
        "published_at": payload.published_at,
        "expires_at": payload.expires_at,
    }


def job_snapshot_handler(settings: AnalyticsSettings) -> Handler:
    async def on_job_snapshot(session: AsyncSession, event: EventEnvelope) -> None:
        payload = JobSnapshotV1.model_validate(event.payload)
        values = {"organization_id": payload.organization_id, "site": payload.site}
        await session.execute(
            insert(KnownJob)
            .values(job_id=payload.job_id, **values)
            .on_conflict_do_update(index_elements=["job_id"], set_=values)
        )
        hook = JOB_WEBHOOKS.get(event.type)
        if hook is not None:
            await enqueue_deliveries(
                session,
                organization_id=payload.organization_id,
                event_type=hook,
                source_event_id=event.id,
                occurred_at=event.occurred_at,
                data=_webhook_data(settings, payload),
            )

    return on_job_snapshot


# The run's read-model upsert, built once: its rows bound as arrays when it runs
# (jobkit.db.unnested), so it is compiled and prepared once whatever the run's length; a
# multi-row VALUES was built, compiled and prepared anew for each run (ADR 0074). It names the
# table: given its rows as one dictionary, an ORM INSERT would be taken for a bulk insert.
_KNOWN_JOB_COLUMNS: Mapping[str, TypeEngine[Any]] = {
    "job_id": String(),
    "organization_id": String(),
    "site": String(),
}
_known = insert(cast_type(Table, KnownJob.__table__)).from_select(
    list(_KNOWN_JOB_COLUMNS), select(unnested("known", _KNOWN_JOB_COLUMNS))
)
_KNOWN_JOBS_UPSERT = _known.on_conflict_do_update(
    index_elements=["job_id"],
    set_={"organization_id": _known.excluded.organization_id, "site": _known.excluded.site},
)

# the organizations among a run's with an enabled webhook endpoint (one array parameter)
_LISTENING = (
    select(WebhookEndpoint.organization_id)
    .where(
        WebhookEndpoint.organization_id == any_bound("organization_ids", String()),
        WebhookEndpoint.enabled.is_(True),
    )
    .distinct()
)


def job_snapshot_run_handler(settings: AnalyticsSettings) -> RunHandler:
    """A run of job snapshots of one type in a batch at once, the effect of
    :func:`job_snapshot_handler` on each in turn (ADR 0060): the read model's rows in one
    upsert (a job's last snapshot of the run wins, as it would one by one; ascending ids), the
    webhook deliveries enqueued in order, only for the organizations with an enabled endpoint
    (read in one statement) instead of a lookup per publication."""

    async def on_job_snapshots(session: AsyncSession, events: Sequence[EventEnvelope]) -> None:
        payloads = [(JobSnapshotV1.model_validate(event.payload), event) for event in events]
        last = {
            payload.job_id: {
                "job_id": payload.job_id,
                "organization_id": payload.organization_id,
                "site": payload.site,
            }
            for payload, _ in payloads
        }
        await session.execute(
            _KNOWN_JOBS_UPSERT,
            unnested_parameters(
                "known", _KNOWN_JOB_COLUMNS, [last[job_id] for job_id in sorted(last)]
            ),
        )
        hooks = [(payload, event) for payload, event in payloads if event.type in JOB_WEBHOOKS]
        if not hooks:
            return
        listening = set(
            await session.scalars(
                _LISTENING,
                {"organization_ids": sorted({payload.organization_id for payload, _ in hooks})},
            )
        )
        for payload, event in hooks:
            if payload.organization_id in listening:
                await enqueue_deliveries(
                    session,
                    organization_id=payload.organization_id,
                    event_type=JOB_WEBHOOKS[event.type],
                    source_event_id=event.id,
                    occurred_at=event.occurred_at,
                    data=_webhook_data(settings, payload),
                )

    return on_job_snapshots


async def on_job_deleted(session: AsyncSession, event: EventEnvelope) -> None:
    """A job deleted for good: its read model, its daily counts and today's visit marks go (the
    organization's own counts keep what the job added while it lived)."""
    job_id = JobDeletedV1.model_validate(event.payload).job_id
    await session.execute(delete(KnownJob).where(KnownJob.job_id == job_id))
    for model in (DailyCount, VisitMark):
        await session.execute(
            delete(model).where(model.subject_type == JOB, model.subject_id == job_id)
        )


# The job events organizations' webhooks hear (ADR 0040), by the event that says so.
JOB_WEBHOOKS = {
    contracts.JOB_PUBLISHED: "job.published",
    contracts.JOB_EXPIRED: "job.expired",
    contracts.JOB_ARCHIVED: "job.archived",
}


async def on_organization_created(session: AsyncSession, event: EventEnvelope) -> None:
    payload = OrganizationCreatedV1.model_validate(event.payload)
    await apply_known_organization(
        session, known_organizations, organization_id=payload.organization_id
    )


async def on_organization_deleted(session: AsyncSession, event: EventEnvelope) -> None:
    """A deleted organization's webhook endpoints go, with their delivery logs (ADR 0040)."""
    payload = OrganizationDeletedV1.model_validate(event.payload)
    await session.execute(
        delete(WebhookEndpoint).where(WebhookEndpoint.organization_id == payload.organization_id)
    )


def organization_handlers() -> dict[str, Handler]:
    return {
        **membership_handlers(memberships),
        ORGANIZATION_CREATED: on_organization_created,
        contracts.ORGANIZATION_DELETED: on_organization_deleted,
    }


def jobs_consumer(
    sessions: async_sessionmaker[AsyncSession], settings: AnalyticsSettings, *, runs: bool = True
) -> IdempotentConsumer:
    """The job read model's group (``runs=False``: each snapshot of a batch on its own, as
    before ADR 0060, for ``bench.job_groups``' baseline)."""
    return IdempotentConsumer(
        group_id=settings.topic(JOBS_GROUP),
        handlers={
            settings.topic(JOB_TOPIC): {
                **dict.fromkeys(JOB_SNAPSHOT_EVENTS, job_snapshot_handler(settings)),
                JOB_DELETED: on_job_deleted,
            }
        },
        sessions=sessions,
        processed=processed_events,
        bootstrap_servers=settings.kafka_bootstrap_servers,
        batching=Batching(
            runs=dict.fromkeys(JOB_SNAPSHOT_EVENTS, job_snapshot_run_handler(settings))
            if runs
            else {},
            # every effect is a row of the read model in the transaction: a poll's partitions
            # are applied as one batch, one commit (ADR 0068)
            across_partitions=runs,
        ),
    )


def build_consumers(runtime: ServiceRuntime) -> list[IdempotentConsumer]:
    """The events group (each recorded event is keyed by its source event id, and each forward
    by source event and destination, so a redelivery or a replay never counts or sends twice)
    and the read models' groups; the erasure group also collects exports (ADR 0038)."""
    settings = runtime.settings
    assert isinstance(settings, AnalyticsSettings)

    def consumer(group: str, handlers: dict[str, dict[str, Handler]]) -> IdempotentConsumer:
        return IdempotentConsumer(
            group_id=settings.topic(group),
            handlers={settings.topic(topic): by_type for topic, by_type in handlers.items()},
            sessions=runtime.sessions,
            processed=processed_events,
            bootstrap_servers=settings.kafka_bootstrap_servers,
        )

    return [
        consumer(GROUP_ID, event_handlers(relay_config(settings))),
        consumer(SITE_CONFIG_GROUP, {SITE_TOPIC: site_settings_handlers(site_settings)}),
        consumer(ORGANIZATIONS_GROUP, {MEMBER_TOPIC: organization_handlers()}),
        # the job read model and the webhook deliveries (rows the sender sends later): a burst
        # of job events applied per fetched batch in one transaction (ADR 0042), a run of
        # snapshots at once (ADR 0060)
        jobs_consumer(runtime.sessions, settings),
        consumer(
            ERASURE_GROUP,
            {
                USER_TOPIC: erasure_handlers(settings),
                EXPORT_REQUEST_TOPIC: export_handlers(settings),
            },
        ),
    ]
