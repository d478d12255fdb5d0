"""A package's boost (ADR 0012): a slot from a featured package answers ``featuredUntil``, a
re-grant answers the same date, a plain one none; a featured subscription product makes the
subscription's events say the organization is featured."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from billing.db import outbox
from billing.domain import ledger, subscriptions
from billing.domain.jobs_events import JobPublishRequested
from billing.domain.models import KnownOrganization, Subscription
from billing.domain.slots import reserve_slot
from billing.settings import BillingSettings
from jobkit.db import unit_of_work
from jobkit.settings import ServiceSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.billing.tests.factories import grant, product

pytestmark = pytest.mark.integration
NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


async def _last_payload(
    sessions: async_sessionmaker[AsyncSession], key: str, event_type: str
) -> dict[str, object]:
    async with sessions() as session:
        row = (
            await session.execute(
                select(outbox.c.body)
                .where(outbox.c.key == key, outbox.c.event_type == event_type)
                .order_by(outbox.c.id.desc())
                .limit(1)
            )
        ).first()
    assert row is not None
    payload: dict[str, object] = json.loads(row[0])["payload"]
    return payload


async def _request(
    sessions: async_sessionmaker[AsyncSession], settings: BillingSettings, number: int, job: str
) -> str:
    async with unit_of_work(sessions) as session:
        request = JobPublishRequested(job_id=job, organization_number=number)
        return await reserve_slot(session, settings, request, now=NOW)


async def test_a_credit_from_a_featured_package_features_the_job(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, BillingSettings)
    settings, number = service_settings, 9411
    async with unit_of_work(committed_sessions) as session:
        # FIFO by expiry: the featured grant expires first, so it is drawn first
        session.add(grant(organization_number=number, amount=1, featured_days=30,
                          expires_at=NOW + timedelta(days=10)))  # fmt: skip
        session.add(
            grant(organization_number=number, amount=1, expires_at=NOW + timedelta(days=90))
        )
    featured, plain = f"job-{uuid.uuid4()}", f"job-{uuid.uuid4()}"
    assert await _request(committed_sessions, settings, number, featured) == "billing.slot.granted"
    answer = await _last_payload(committed_sessions, featured, "billing.slot.granted")
    assert answer["featured_until"] == (NOW + timedelta(days=30)).isoformat()
    # the same job asking again holds its slot: the same date again, no second debit
    await _request(committed_sessions, settings, number, featured)
    again = await _last_payload(committed_sessions, featured, "billing.slot.granted")
    assert again["featured_until"] == answer["featured_until"]
    await _request(committed_sessions, settings, number, plain)
    assert (await _last_payload(committed_sessions, plain, "billing.slot.granted"))[
        "featured_until"
    ] is None
    async with committed_sessions() as session:
        assert await ledger.balance(session, organization_number=number, kind="job", now=NOW) == 0


async def test_a_featured_subscription_features_its_jobs_and_its_organization(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, BillingSettings)
    settings, number = service_settings, 9412
    package = product(type="subscription", name="Featured employer", job_slots=2, period_days=30,
                      validity_days=365, featured_days=14, featured_organization=True)  # fmt: skip
    async with unit_of_work(committed_sessions) as session:
        session.add(package)
        session.add(KnownOrganization(number=number, organization_id=str(uuid.uuid4()), name="F"))
    view = await subscriptions.create_subscription(
        sessions=committed_sessions,
        settings=settings,
        actor="admin",
        organization_number=number,
        product_id=package.id,
        start_date=NOW - timedelta(days=1),
    )
    assert not isinstance(view, subscriptions.BillingErrors)
    changed = await _last_payload(
        committed_sessions, str(view.subscription.id), "billing.subscription.changed"
    )
    assert changed["featured_organization"] is True
    async with committed_sessions() as session:
        row = await session.get(Subscription, view.subscription.id)
        assert row is not None
        assert (row.featured_days, row.featured_organization) == (14, True)
    job = f"job-{uuid.uuid4()}"
    await _request(committed_sessions, settings, number, job)
    answer = await _last_payload(committed_sessions, job, "billing.slot.granted")
    assert answer["source"] == "subscription"
    assert answer["featured_until"] == (NOW + timedelta(days=14)).isoformat()
