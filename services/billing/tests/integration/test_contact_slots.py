"""Resume contact requests through the real broker (resumes' ``resumes.contact`` topic, billing's
answers on ``billing.contact``) and raced directly against the database: a subscription's
contact slot first, then contact credits; one debit per request, also when redelivered."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from billing.db import outbox, processed_events
from billing.domain import ledger
from billing.domain.contacts import consume_contact_slot
from billing.domain.models import LedgerEntry, Subscription, SubscriptionUsage
from billing.domain.resumes_events import CONTACT_TOPIC, ContactRequested
from billing.main import create_app
from billing.messaging.consumers import contact_handlers
from billing.settings import BillingSettings
from jobkit.consumer import IdempotentConsumer
from jobkit.db import unit_of_work
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.settings import ServiceSettings
from jobkit.testing.kafka import read_topic
from jobkit.testing.server import serve
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.billing.tests.factories import granted, product

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
async def running(
    service_settings: ServiceSettings, run_prefix: str
) -> AsyncIterator[BillingSettings]:
    assert isinstance(service_settings, BillingSettings)
    settings = service_settings.model_copy(
        update={
            "run_background_workers": True,
            "kafka_topic_prefix": f"{run_prefix}contacts.",
            "outbox_poll_interval_seconds": 0.05,
        }
    )
    await ensure_topics(settings.kafka_bootstrap_servers, [settings.topic(CONTACT_TOPIC)])
    async with serve(create_app(settings)):
        yield settings


def _request(number: int) -> ContactRequested:
    return ContactRequested(
        request_id=f"contact-{uuid.uuid4()}", organization_number=number, resume_id="r-1"
    )


def _envelope(request: ContactRequested) -> EventEnvelope:
    return request.envelope(aggregate_id=request.request_id, site="jobboard")


async def _balance(sessions: async_sessionmaker[AsyncSession], number: int) -> int:
    async with sessions() as session:
        return await ledger.balance(
            session, organization_number=number, kind="contact", now=ledger.now_utc()
        )


async def _subscription(sessions: async_sessionmaker[AsyncSession], number: int) -> None:
    plan = product(
        type="subscription", job_slots=0, contact_slots=1, period_days=30, validity_days=365
    )
    async with unit_of_work(sessions) as session:
        session.add(plan)
        await session.flush()
        session.add(
            Subscription(
                organization_number=number,
                organization_name="Org",
                frontend="jobboard",
                product_id=plan.id,
                label=plan.name,
                job_slots=0,
                contact_slots=1,
                period_days=30,
                start_date=ledger.now_utc() - timedelta(days=1),
                end_date=ledger.now_utc() + timedelta(days=300),
            )
        )


async def test_a_subscription_slot_then_a_credit_then_a_refusal_through_the_broker(
    running: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    settings, number = running, 9321
    await _subscription(committed_sessions, number)
    await granted(committed_sessions, settings, number, 1, kind="contact")
    requests = [_request(number) for _ in range(3)]
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-resumes")
    await producer.start()
    try:
        for request in requests:
            envelope = _envelope(request)
            await producer.send_and_wait(
                settings.topic(CONTACT_TOPIC),
                envelope.to_bytes(),
                key=envelope.aggregate_id.encode(),
            )
            await _answer(settings, request.request_id)  # in order: one partition per key
    finally:
        await producer.stop()
    answers = [await _answer(settings, request.request_id) for request in requests]
    assert answers == ["granted:subscription", "granted:credits", "denied:no_slots_left"]
    assert await _balance(committed_sessions, number) == 0


async def _answer(settings: BillingSettings, request_id: str) -> str:
    deadline = asyncio.get_running_loop().time() + 60
    while True:
        records = await read_topic(
            settings.kafka_bootstrap_servers,
            settings.topic("billing.contact"),
            expect=1_000_000,
            timeout=1.0,
        )
        for record in records:
            event = EventEnvelope.from_bytes(record.value)
            if event.payload["request_id"] == request_id:
                detail = event.payload.get("source") or event.payload.get("reason")
                return f"{event.type.rsplit('.', 1)[1]}:{detail}"
        assert asyncio.get_running_loop().time() < deadline, f"no answer for {request_id}"


async def test_two_requests_for_the_last_contact_credit_at_the_same_moment(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, BillingSettings)
    settings, number = service_settings, 9322
    await granted(committed_sessions, settings, number, 1, kind="contact")

    async def request() -> str:
        async with unit_of_work(committed_sessions) as session:
            return await consume_contact_slot(session, settings, _request(number))

    results = await asyncio.gather(request(), request())
    assert sorted(results) == ["billing.contact.denied", "billing.contact.granted"]
    assert await _balance(committed_sessions, number) == 0


async def test_a_redelivered_request_pays_once(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    """The same envelope twice through the consumer's transaction: one consumption, one answer;
    the handler alone (no processed-event ledger) still pays once but answers again."""
    assert isinstance(service_settings, BillingSettings)
    settings, number = service_settings, 9323
    await granted(committed_sessions, settings, number, 3, kind="contact")
    await _subscription(committed_sessions, 9324)
    request = _request(number)
    envelope = _envelope(request)
    handlers = contact_handlers(settings)
    consumer = IdempotentConsumer(
        group_id=f"test-{uuid.uuid4()}",
        handlers={CONTACT_TOPIC: handlers},
        sessions=committed_sessions,
        processed=processed_events,
        bootstrap_servers=settings.kafka_bootstrap_servers,
    )
    handler = handlers[ContactRequested.event_type]
    await consumer._apply_once(envelope, handler)
    await consumer._apply_once(envelope, handler)
    assert await _balance(committed_sessions, number) == 2
    assert await _answers_in_outbox(committed_sessions, request.request_id) == 1
    async with unit_of_work(committed_sessions) as session:
        await handler(session, envelope)
    assert await _balance(committed_sessions, number) == 2
    assert await _answers_in_outbox(committed_sessions, request.request_id) == 2

    # A subscription slot is taken once per request too.
    on_plan = _request(9324)
    for _ in range(2):
        async with unit_of_work(committed_sessions) as session:
            await consume_contact_slot(session, settings, on_plan)
    async with committed_sessions() as session:
        usages = await session.scalar(
            select(func.count()).where(SubscriptionUsage.reference == on_plan.request_id)
        )
        consumptions = await session.scalar(
            select(func.count()).where(LedgerEntry.reference == on_plan.request_id)
        )
    assert (usages, consumptions) == (1, 0)


async def _answers_in_outbox(sessions: async_sessionmaker[AsyncSession], request_id: str) -> int:
    async with sessions() as session:
        return int(
            await session.scalar(
                select(func.count()).where(
                    outbox.c.key == request_id, outbox.c.event_type == "billing.contact.granted"
                )
            )
            or 0
        )
