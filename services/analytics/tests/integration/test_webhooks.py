"""Signed outbound webhooks (ADR 0040) against a real database, a real local receiver and a real
SMTP server: endpoints managed through GraphQL by the organization's recruiters only, one
delivery per event and endpoint (a redelivered event adds none), signatures the Standard
Webhooks reference library accepts (during a rotation, with either secret), retries on the
schedule, 410 and a day of failures disabling the endpoint with a mail, replay with the same
webhook-id, and private targets refused unless allowed."""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractContextManager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from analytics.db import memberships
from analytics.domain.models import KnownJob, WebhookDelivery
from analytics.domain.webhooks import RETRY_SCHEDULE, TargetCheck, target_refusal
from analytics.main import create_app
from analytics.messaging.consumers import (
    event_handlers,
    job_snapshot_handler,
    job_snapshot_run_handler,
    organization_handlers,
)
from analytics.messaging.contracts import APPLICATION_STATUS_CHANGED, APPLICATION_TOPIC
from analytics.relay.webhooks import WebhookSender
from analytics.relay.workers import relay_config
from analytics.settings import AnalyticsSettings
from fastapi import FastAPI, Request, Response
from jobkit.contracts import ORGANIZATION_DELETED
from jobkit.db import make_engine
from jobkit.events import EventEnvelope
from jobkit.memberships import apply_member_added
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.smtp import Inbox, smtp_inbox
from jobkit.testing.statements import StatementLog
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from standardwebhooks.webhooks import Webhook

pytestmark = pytest.mark.integration

ENDPOINTS = "query($o: ID!) { webhookEndpoints(organizationId: $o) { id url secret enabled } }"
CREATE = """mutation($o: ID!, $u: String!, $e: [String!]!) {
  createWebhookEndpoint(organizationId: $o, url: $u, eventTypes: $e) {
    __typename ... on WebhookEndpointSaved { endpoint { id secret eventTypes enabled } }
    ... on WebhookErrors { errors { field code message } } } }"""
ROTATE = """mutation($id: ID!) { rotateWebhookSecret(id: $id) {
  __typename ... on WebhookEndpointSaved { endpoint { secret previousSecretUntil } }
  ... on WebhookErrors { errors { code } } } }"""
UPDATE = """mutation($id: ID!, $on: Boolean) { updateWebhookEndpoint(id: $id, enabled: $on) {
  __typename ... on WebhookEndpointSaved { endpoint { enabled } } } }"""
DELIVERIES = """query($id: ID!) { webhookDeliveries(endpointId: $id) {
  id eventType status attempts lastStatusCode } }"""
REPLAY = """mutation($id: ID!, $d: ID) { replayWebhookDeliveries(id: $id, deliveryId: $d) {
  __typename ... on WebhookReplayed { count } ... on WebhookErrors { errors { code } } } }"""


class Receiver:
    """A local endpoint that answers what it is told and keeps what it got."""

    def __init__(self) -> None:
        self.answers: list[int] = []
        self.received: list[tuple[dict[str, str], bytes]] = []
        self.app = FastAPI()

        @self.app.post("/hook")
        async def hook(request: Request) -> Response:
            self.received.append((dict(request.headers), await request.body()))
            return Response(status_code=self.answers.pop(0) if self.answers else 204)


@pytest.fixture(scope="module")
def inbox() -> Iterator[Inbox]:
    with smtp_inbox() as handler:
        yield handler


@pytest.fixture(scope="module")
async def receiver() -> AsyncIterator[tuple[Receiver, str]]:
    found = Receiver()
    async with serve(found.app) as url:
        yield found, f"{url}/hook"


@pytest.fixture(scope="module")
def settings(service_settings: AnalyticsSettings, inbox: Inbox) -> AnalyticsSettings:
    return service_settings.model_copy(
        update={"webhooks_allow_private_targets": True, "smtp_port": inbox.port}
    )


@pytest.fixture(scope="module")
async def served(settings: AnalyticsSettings) -> AsyncIterator[str]:
    async with serve(create_app(settings)) as url:
        yield url


class Org:
    def __init__(self, org_id: str, client: GraphQLClient, email: str) -> None:
        self.id, self.client, self.email = org_id, client, email

    async def endpoint(self, url: str, *events: str) -> dict[str, Any]:
        made = (
            await self.client.data(
                CREATE,
                o=self.id,
                u=url,
                e=list(events or ("job.published", "application.received")),
            )
        )["createWebhookEndpoint"]
        assert made["__typename"] == "WebhookEndpointSaved", made
        return dict(made["endpoint"])


@pytest.fixture
async def org(
    served: str, tokens: TokenIssuer, committed_sessions: async_sessionmaker[AsyncSession]
) -> Org:
    org_id, recruiter = str(uuid.uuid4()), str(uuid.uuid4())
    async with committed_sessions() as session, session.begin():
        await apply_member_added(session, memberships, organization_id=org_id, user_id=recruiter)
    email = f"{recruiter[:8]}@ngo.example"
    token = tokens.token(recruiter, ["recruiter"], email=email)
    return Org(org_id, GraphQLClient(f"{served}/graphql", token=token), email)


def _published(org_id: str, *, event_id: uuid.UUID | None = None) -> EventEnvelope:
    job_id = str(uuid.uuid4())
    return EventEnvelope(
        id=event_id or uuid.uuid4(),
        type="jobs.job.published",
        aggregate_id=job_id,
        aggregate_version=3,
        site="jobboard",
        payload={
            "job_id": job_id,
            "organization_id": org_id,
            "site": "jobboard",
            "title": "Field Nurse",
            "slug": "field-nurse",
            "state": "published",
            "version": 3,
            "published_at": "2026-11-29T10:00:00+00:00",
            "expires_at": None,
        },
    )


async def _apply(
    sessions: async_sessionmaker[AsyncSession], settings: AnalyticsSettings, event: EventEnvelope
) -> None:
    async with sessions() as session, session.begin():
        await job_snapshot_handler(settings)(session, event)


def _sender(
    settings: AnalyticsSettings, sessions: async_sessionmaker[AsyncSession], clock: list[datetime]
) -> WebhookSender:
    return WebhookSender(
        sessions=sessions,
        engine=make_engine(settings.database_url),
        settings=settings,
        clock=lambda: clock[0],
    )


async def _deliveries(sessions: async_sessionmaker[AsyncSession]) -> list[WebhookDelivery]:
    async with sessions() as session:
        return list(await session.scalars(select(WebhookDelivery)))


async def test_an_event_is_delivered_once_signed_as_the_reference_library_checks(
    org: Org,
    receiver: tuple[Receiver, str],
    settings: AnalyticsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    found, url = receiver
    found.received.clear()
    endpoint = await org.endpoint(url)
    assert endpoint["secret"].startswith("whsec_")
    event = _published(org.id)
    for _ in range(2):  # a redelivered event makes no second delivery
        await _apply(committed_sessions, settings, event)
    clock = [datetime.now(UTC)]
    sender = _sender(settings, committed_sessions, clock)
    try:
        assert await sender.send_once() == 1
        assert await sender.send_once() == 0
    finally:
        await sender.close()
    [(headers, body)] = found.received
    verified = Webhook(endpoint["secret"]).verify(body, headers)
    assert verified["type"] == "job.published"
    assert verified["data"]["title"] == "Field Nurse"
    assert verified["data"]["url"].endswith("/job/field-nurse")
    assert headers["webhook-id"].startswith("msg_")
    log = (await org.client.data(DELIVERIES, id=endpoint["id"]))["webhookDeliveries"]
    assert [(d["status"], d["attempts"], d["lastStatusCode"]) for d in log] == [("SENT", 1, 204)]
    # an event the endpoint did not subscribe to, and another organization's, make none
    other = _published(str(uuid.uuid4()))
    await _apply(committed_sessions, settings, other)
    applied = EventEnvelope(
        type="jobs.application.status_changed",
        aggregate_id=str(uuid.uuid4()),
        site="jobboard",
        payload={
            "application_id": str(uuid.uuid4()),
            "job_id": str(uuid.uuid4()),
            "organization_id": org.id,
            "status": "shortlisted",
            "previous_status": "new",
        },
    )
    handlers = event_handlers(relay_config(settings))
    async with committed_sessions() as session, session.begin():
        await handlers[APPLICATION_TOPIC][APPLICATION_STATUS_CHANGED](session, applied)
    mine = [
        d
        for d in await _deliveries(committed_sessions)
        if d.endpoint_id == uuid.UUID(endpoint["id"])
    ]
    assert len(mine) == 1


async def test_retries_then_gives_up_disables_and_mails_and_replay_sends_again(
    org: Org,
    receiver: tuple[Receiver, str],
    settings: AnalyticsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    inbox: Inbox,
) -> None:
    found, url = receiver
    found.received.clear()
    endpoint = await org.endpoint(url)
    await _apply(committed_sessions, settings, _published(org.id))
    clock = [datetime.now(UTC)]
    sender = _sender(settings, committed_sessions, clock)
    found.answers = [500] * (len(RETRY_SCHEDULE) + 1)
    try:
        for n in range(len(RETRY_SCHEDULE) + 1):
            assert await sender.send_once() == 1, f"try {n + 1}"
            assert await sender.send_once() == 0  # not due before its time
            clock[0] += timedelta(days=1)
    finally:
        await sender.close()
    ids = {headers["webhook-id"] for headers, _ in found.received}
    assert len(found.received) == len(RETRY_SCHEDULE) + 1
    assert len(ids) == 1  # the same webhook-id on every try
    endpoints = (await org.client.data(ENDPOINTS, o=org.id))["webhookEndpoints"]
    assert endpoints[0]["enabled"] is False
    [mail] = await inbox.wait_for(org.email, 1)
    assert "disabled" in str(mail["Subject"])
    # its Message-ID is made from what disabled it (the endpoint, the delivery, its last try's
    # time), so a send tried again is recognisably the same mail
    [delivery_id] = ids
    last_try = int((clock[0] - timedelta(days=1)).timestamp())
    assert str(mail["Message-ID"]) == (
        f"<webhook-disabled.{endpoint['id']}.{delivery_id}.{last_try}@{settings.message_id_domain}>"
    )
    # enabled again, the failed delivery is replayed with its webhook-id
    assert (await org.client.data(UPDATE, id=endpoint["id"], on=True))["updateWebhookEndpoint"][
        "endpoint"
    ]["enabled"]
    [delivery] = (await org.client.data(DELIVERIES, id=endpoint["id"]))["webhookDeliveries"]
    assert delivery["status"] == "FAILED"
    replayed = await org.client.data(REPLAY, id=endpoint["id"], d=delivery["id"])
    assert replayed["replayWebhookDeliveries"]["count"] == 1
    sender = _sender(settings, committed_sessions, clock)
    try:
        assert await sender.send_once() == 1
    finally:
        await sender.close()
    assert found.received[-1][0]["webhook-id"] == delivery["id"]


async def test_the_idle_sender_is_woken_by_a_new_delivery_not_by_its_interval(
    org: Org,
    receiver: tuple[Receiver, str],
    settings: AnalyticsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    """ADR 0054: with nothing due, the active sender waits for the notification the commit of a
    new delivery sends; its intervals here are an hour, so nothing else could wake it."""
    found, url = receiver
    await org.endpoint(url)
    patient = settings.model_copy(
        update={"webhook_interval_seconds": 3600.0, "webhook_idle_poll_seconds": 3600.0}
    )
    engine = make_engine(patient.database_url)
    sender = WebhookSender(sessions=committed_sessions, engine=engine, settings=patient)
    running = asyncio.create_task(sender.run_forever())
    try:
        deadline = asyncio.get_running_loop().time() + 60
        for note in ("first", "woken"):  # the first one is sent with the sender's start
            event = _published(org.id)
            await _apply(committed_sessions, patient, event)
            while not any(event.aggregate_id.encode() in body for _, body in found.received):
                assert asyncio.get_running_loop().time() < deadline, f"{note} not delivered"
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)  # the sender is idle now, for an hour unless woken
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        await sender.close()
        await engine.dispose()


async def test_410_disables_at_once(
    org: Org,
    receiver: tuple[Receiver, str],
    settings: AnalyticsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    found, url = receiver
    endpoint = await org.endpoint(url)
    await _apply(committed_sessions, settings, _published(org.id))
    found.answers = [410]
    sender = _sender(settings, committed_sessions, [datetime.now(UTC)])
    try:
        await sender.send_once()
    finally:
        await sender.close()
    endpoints = (await org.client.data(ENDPOINTS, o=org.id))["webhookEndpoints"]
    assert [e["enabled"] for e in endpoints if e["id"] == endpoint["id"]] == [False]


async def test_a_rotated_secret_signs_beside_the_new_one_for_a_day(
    org: Org,
    receiver: tuple[Receiver, str],
    settings: AnalyticsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    found, url = receiver
    found.received.clear()
    endpoint = await org.endpoint(url)
    rotated = (await org.client.data(ROTATE, id=endpoint["id"]))["rotateWebhookSecret"]["endpoint"]
    assert rotated["secret"] != endpoint["secret"]
    await _apply(committed_sessions, settings, _published(org.id))
    sender = _sender(settings, committed_sessions, [datetime.now(UTC)])
    try:
        await sender.send_once()
    finally:
        await sender.close()
    [(headers, body)] = found.received
    assert len(headers["webhook-signature"].split(" ")) == 2
    for secret in (endpoint["secret"], rotated["secret"]):
        assert json.loads(body) == Webhook(secret).verify(body, headers)


async def test_only_the_organizations_recruiters_manage_its_endpoints(
    org: Org, tokens: TokenIssuer, served: str, receiver: tuple[Receiver, str]
) -> None:
    _, url = receiver
    endpoint = await org.endpoint(url)
    outsider = GraphQLClient(f"{served}/graphql", token=tokens.token(uuid.uuid4(), ["recruiter"]))
    answer = await outsider.execute(ENDPOINTS, o=org.id)
    assert answer["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    refused = (await outsider.data(ROTATE, id=endpoint["id"]))["rotateWebhookSecret"]
    assert refused["errors"][0]["code"] == "FORBIDDEN"
    bad = await org.client.data(CREATE, o=org.id, u="ftp://x.example/", e=["job.published"])
    assert bad["createWebhookEndpoint"]["errors"][0]["field"] == "url"
    unknown = await org.client.data(CREATE, o=org.id, u=url, e=["job.flew"])
    assert unknown["createWebhookEndpoint"]["errors"][0]["field"] == "eventTypes"


@pytest.mark.parametrize(
    "url",
    [
        "https://127.0.0.1/hook",
        "https://10.1.2.3/hook",
        "https://[::1]/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://localhost/hook",
        "http://example.org/hook",
    ],
)
async def test_private_local_and_plain_http_targets_are_refused(url: str) -> None:
    assert await target_refusal(url, TargetCheck(allow_private=False)) is not None
    assert await target_refusal(url, TargetCheck(allow_private=True)) is None


async def test_a_deleted_organizations_endpoints_go(
    org: Org,
    receiver: tuple[Receiver, str],
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    _, url = receiver
    await org.endpoint(url)
    deleted = EventEnvelope(
        type=ORGANIZATION_DELETED,
        aggregate_id=org.id,
        site="jobboard",
        payload={"organization_id": org.id, "number": 1},
    )
    async with committed_sessions() as session, session.begin():
        await organization_handlers()[ORGANIZATION_DELETED](session, deleted)
    assert (await org.client.data(ENDPOINTS, o=org.id))["webhookEndpoints"] == []


async def test_a_run_of_snapshots_is_the_snapshots_applied_one_by_one(
    org: Org,
    receiver: tuple[Receiver, str],
    settings: AnalyticsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    """The group's run handler (ADR 0060): the read model's rows and the deliveries, in order,
    are those of the events applied one at a time; an organization without an endpoint gets
    none, and a redelivered run makes no second delivery."""
    _, url = receiver
    await org.endpoint(url, "job.published", "job.archived")
    quiet = str(uuid.uuid4())  # an organization with no endpoint
    first, second, elsewhere = _published(org.id), _published(org.id), _published(quiet)
    archived = EventEnvelope(
        type="jobs.job.archived",
        aggregate_id=first.aggregate_id,
        aggregate_version=4,
        site="jobboard",
        payload=first.payload | {"state": "archived", "version": 4, "site": "jobboard-us"},
    )
    run = [first, elsewhere, second, archived]

    async def recorded() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        async with committed_sessions() as session:
            jobs = await session.execute(
                select(KnownJob.job_id, KnownJob.organization_id, KnownJob.site)
                .where(KnownJob.job_id.in_([event.aggregate_id for event in run]))
                .order_by(KnownJob.job_id)
            )
            deliveries = await session.execute(
                select(WebhookDelivery.source_event_id, WebhookDelivery.event_type).where(
                    WebhookDelivery.source_event_id.in_([event.id for event in run])
                )
            )
            return [tuple(row) for row in jobs], sorted(tuple(row) for row in deliveries)

    async def forget() -> None:
        async with committed_sessions() as session, session.begin():
            await session.execute(
                delete(WebhookDelivery).where(
                    WebhookDelivery.source_event_id.in_([event.id for event in run])
                )
            )
            await session.execute(
                delete(KnownJob).where(KnownJob.job_id.in_([e.aggregate_id for e in run]))
            )

    for event in run:
        await _apply(committed_sessions, settings, event)
    one_by_one = await recorded()
    # the archived snapshot names another site: the last one wins, as one by one
    assert {row[2] for row in one_by_one[0] if row[0] == first.aggregate_id} == {"jobboard-us"}
    assert {row[1] for row in one_by_one[0]} == {org.id, quiet}
    assert sorted(row[0] for row in one_by_one[1]) == sorted([first.id, second.id, archived.id])
    await forget()
    for _ in range(2):
        async with committed_sessions() as session, session.begin():
            await job_snapshot_run_handler(settings)(session, run)
    assert await recorded() == one_by_one
    await forget()


async def test_a_runs_statements_are_the_same_whatever_its_length(
    settings: AnalyticsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    statements: Callable[[], AbstractContextManager[StatementLog]],
) -> None:
    """A run of snapshots (ADR 0074): its read-model upsert and its endpoints' lookup are one
    text each whatever the run's length (their rows bound as arrays, not a VALUES or an IN list
    of each length), two statements a run."""
    texts = []
    for size in (3, 30):
        run = [_published(str(uuid.uuid4())) for _ in range(size)]
        with statements() as log:
            async with committed_sessions() as session, session.begin():
                await job_snapshot_run_handler(settings)(session, run)
        texts.append([s for s in log.statements if not s.upper().startswith(("BEGIN", "COMMIT"))])
        async with committed_sessions() as session:
            known = await session.scalars(
                select(KnownJob.job_id).where(KnownJob.job_id.in_([e.aggregate_id for e in run]))
            )
            assert sorted(known) == sorted(event.aggregate_id for event in run)
    assert len(texts[0]) == 2
    assert texts[0] == texts[1]
