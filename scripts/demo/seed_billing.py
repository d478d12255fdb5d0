"""Billing's demo data: products for the demo site (two of them carrying a boost, ADR 0012),
credit grants with some history (a few consumptions), subscriptions for two organizations (the
first to the featured employer package), and one organization with no slots left.

Every row has a stable id (inserted with ON CONFLICT DO NOTHING), so seeding twice changes
nothing. Ledger rows are written as the ledger itself would write them (grants, consumptions
naming their grant). Nothing is published but the featured subscription's
``billing.subscription.changed`` (once, when it is created or becomes featured): search learns
from it which organization to feature.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from billing.db import memberships
from billing.domain import ledger
from billing.domain.models import KnownOrganization, LedgerEntry, Product, Subscription
from billing.domain.subscriptions import emit_changed
from billing.settings import BillingSettings
from jobkit.memberships import apply_member_added
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

SITE = "jobboard"
# (key, type, name, job slots, contact slots, validity days, period days, featured days,
#  featured organization)
PRODUCTS = [
    ("jobs-5", "job_package", "5 job postings", 5, 0, 60, None, None, False),
    ("jobs-20", "job_package", "20 job postings", 20, 0, 90, None, None, False),
    ("contacts-10", "contact_package", "10 resume contacts", 0, 10, 180, None, None, False),
    ("monthly", "subscription", "Monthly recruiting: 3 jobs and 20 contacts", 3, 20, 365, 30,
     None, False),
    ("featured-job", "job_package", "Featured job: 1 posting, featured for 30 days", 1, 0, 60,
     None, 30, False),
    ("featured-employer", "subscription",
     "Featured employer: 3 featured jobs and 20 contacts a month, a featured profile", 3, 20, 365,
     30, 30, True),
]  # fmt: skip
SUBSCRIBED = 2  # the first two organizations have a subscription (the first a featured one)
FEATURED_CREDIT = 2  # the third organization holds a featured job credit
NO_SLOTS_LEFT = 3  # the fourth organization has used every job slot it had


async def seed_billing(
    session: AsyncSession,
    organizations: Sequence[tuple[str, int, str, str]],
    *,
    now: datetime,
    stable_id: Callable[..., uuid.UUID],
    settings: BillingSettings,
) -> None:
    """``organizations``: (name, number, owner user id, organization id) of the demo ones."""
    products = {}
    for key, kind, name, jobs, contacts, validity, period, days, employer in PRODUCTS:
        products[key] = stable_id("product", SITE, key)
        statement = insert(Product).values(
            id=products[key],
            frontend=SITE,
            type=kind,
            name=name,
            job_slots=jobs,
            contact_slots=contacts,
            validity_days=validity,
            period_days=period,
            featured_days=days,
            featured_organization=employer,
        )
        await session.execute(
            statement.on_conflict_do_update(
                index_elements=[Product.id],
                set_={
                    "featured_days": statement.excluded.featured_days,
                    "featured_organization": statement.excluded.featured_organization,
                },
            )
        )
    for index, (name, number, owner, organization_id) in enumerate(organizations):
        await apply_member_added(session, memberships, organization_id=str(number), user_id=owner)
        await session.execute(
            insert(KnownOrganization)
            .values(number=number, organization_id=organization_id, name=name)
            .on_conflict_do_nothing()
        )
        if index == NO_SLOTS_LEFT:
            history = [("job", 2, 2, 45)]  # two job credits, both used
        else:
            history = [("job", 5, 2, 60), ("contact", 10, 3, 180)]
        for kind, granted, used, days in history:
            grant = stable_id("grant", name, kind)
            rows = [
                {
                    "id": grant,
                    "entry_type": "grant",
                    "amount": granted,
                    "label": "Job postings" if kind == "job" else "Resume contacts",
                    "expires_at": now + timedelta(days=days - 10),
                    "created_at": now - timedelta(days=10),
                }
            ] + [
                {
                    "id": stable_id("consumption", name, kind, str(n)),
                    "entry_type": "consumption",
                    "amount": -1,
                    "grant_id": grant,
                    "reference": f"demo-{kind}-{n}",
                    "created_at": now - timedelta(days=9 - n),
                }
                for n in range(used)
            ]
            for row in rows:
                await session.execute(
                    insert(LedgerEntry)
                    .values(
                        organization_number=number,
                        organization_name=name,
                        frontend=SITE,
                        kind=kind,
                        actor="seed",
                        **row,
                    )
                    .on_conflict_do_nothing()
                )
        if index == NO_SLOTS_LEFT:
            await _use_up(session, name, number, now=now, stable_id=stable_id)
        if index == FEATURED_CREDIT:
            await session.execute(
                insert(LedgerEntry)
                .values(
                    id=stable_id("grant", name, "featured-job"),
                    organization_number=number,
                    organization_name=name,
                    frontend=SITE,
                    kind="job",
                    entry_type="grant",
                    amount=1,
                    label=PRODUCTS[4][2],
                    expires_at=now + timedelta(days=60),
                    created_at=now,
                    actor="seed",
                    featured_days=30,
                )
                .on_conflict_do_nothing()
            )
        if index < SUBSCRIBED:
            await _subscribe(
                session,
                settings,
                stable_id("subscription", name),
                name,
                number,
                product=products["featured-employer" if index == 0 else "monthly"],
                featured=index == 0,
                start=now - timedelta(days=15 + 30 * index),
                now=now,
            )


async def _subscribe(
    session: AsyncSession,
    settings: BillingSettings,
    subscription_id: uuid.UUID,
    name: str,
    number: int,
    *,
    product: uuid.UUID,
    featured: bool,
    start: datetime,
    now: datetime,
) -> None:
    """The demo subscription; a featured one is announced (once: when it is made, or when an
    older demo subscription becomes the featured one) so search features the organization."""
    label = PRODUCTS[5][2] if featured else PRODUCTS[3][2]
    statement = insert(Subscription).values(
        id=subscription_id,
        organization_number=number,
        organization_name=name,
        frontend=SITE,
        product_id=product,
        label=label,
        job_slots=3,
        contact_slots=20,
        period_days=30,
        start_date=start,
        end_date=start + timedelta(days=365),
        version=1,
        featured_days=30 if featured else None,
        featured_organization=featured,
    )
    changed = await session.scalar(
        statement.on_conflict_do_update(
            index_elements=[Subscription.id],
            set_={
                "product_id": statement.excluded.product_id,
                "label": statement.excluded.label,
                "featured_days": statement.excluded.featured_days,
                "featured_organization": statement.excluded.featured_organization,
                "version": Subscription.version + 1,
            },
            where=Subscription.featured_organization.is_distinct_from(
                statement.excluded.featured_organization
            ),
        ).returning(Subscription.id)
    )
    if changed is not None and featured:
        row = await session.get(Subscription, subscription_id, populate_existing=True)
        assert row is not None
        await emit_changed(session, settings, row, "seed", now)


async def _use_up(
    session: AsyncSession,
    name: str,
    number: int,
    *,
    now: datetime,
    stable_id: Callable[..., uuid.UUID],
) -> None:
    """Whatever job credits the organization still has (grants from before the demo history,
    e.g. a migration's) recorded as used, so its next publish request is refused."""
    await ledger.lock_organization(session, number)
    grants = await ledger.grants_with_remaining(
        session, organization_number=number, kind="job", now=now
    )
    for found in grants:
        if found.remaining <= 0:
            continue
        await session.execute(
            insert(LedgerEntry)
            .values(
                id=stable_id("used-up", name, str(found.grant.id), str(found.remaining)),
                organization_number=number,
                organization_name=name,
                frontend=SITE,
                kind="job",
                entry_type="consumption",
                amount=-found.remaining,
                grant_id=found.grant.id,
                reference=f"demo-used-up-{found.grant.id}",
                actor="seed",
                created_at=now,
            )
            .on_conflict_do_nothing()
        )
