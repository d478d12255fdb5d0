"""The demo seed's billing data against a temporary database (never the shared one): twice
changes nothing, balances follow the history, one organization has no slots left, the first
subscribes to the featured employer package (announced once)."""

import uuid

import pytest
from billing.db import outbox
from billing.domain.ledger import credit_balances, now_utc
from billing.domain.models import Product, Subscription
from billing.settings import BillingSettings
from jobkit.db import unit_of_work
from jobkit.settings import ServiceSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.demo.seed_billing import seed_billing

pytestmark = pytest.mark.integration

NAMESPACE = uuid.uuid4()


def _stable_id(*parts: str) -> uuid.UUID:
    return uuid.uuid5(NAMESPACE, "/".join(parts))


async def test_the_demo_billing_data(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, BillingSettings)
    organizations = [
        (f"Seed Org {n}", 9400 + n, str(uuid.uuid4()), str(uuid.uuid4())) for n in range(4)
    ]
    for _ in range(2):
        async with unit_of_work(committed_sessions) as session:
            await seed_billing(
                session,
                organizations,
                now=now_utc(),
                stable_id=_stable_id,
                settings=service_settings,
            )
    async with committed_sessions() as session:
        balances = {
            number: {
                b.type: b.amount for b in await credit_balances(session, organization_number=number)
            }
            for _, number, _, _ in organizations
        }
        subscriptions = await session.scalar(
            select(func.count()).where(Subscription.organization_number.between(9400, 9403))
        )
        products = await session.scalar(
            select(func.count()).where(Product.id == _stable_id("product", "jobboard", "monthly"))
        )
        featured = (
            await session.scalars(
                select(Subscription.organization_number).where(
                    Subscription.organization_number.between(9400, 9403),
                    Subscription.featured_organization.is_(True),
                )
            )
        ).all()
        announced = await session.scalar(
            select(func.count()).where(
                outbox.c.event_type == "billing.subscription.changed",
                outbox.c.key == str(_stable_id("subscription", "Seed Org 0")),
            )
        )
    assert balances == {
        9400: {"job": 3, "contact": 7},
        9401: {"job": 3, "contact": 7},
        9402: {"job": 4, "contact": 7},  # with the featured job credit
        9403: {"job": 0},
    }
    assert subscriptions == 2
    assert products == 1
    assert featured == [9400]
    assert announced == 1
