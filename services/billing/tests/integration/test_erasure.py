"""A deleted account in billing (ADR 0036): ledger entries stay for the accounts with the person
replaced by a random id; an invoicing contact with the account's address loses the person's name
and address, the organization's details stay; nobody else's data changes; a second delivery
changes nothing; the confirmation goes out through the outbox."""

from __future__ import annotations

import uuid

import pytest
from billing.db import outbox
from billing.domain.models import CustomerProfile, LedgerEntry
from billing.messaging.consumers import erasure_handlers
from billing.settings import BillingSettings
from jobkit import contracts
from jobkit.testing.erasure import confirmations, deletion_event, deliver
from jobkit.testing.service import persist
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.billing.tests.factories import grant

pytestmark = pytest.mark.integration


def _customer(number: int, email: str, first: str) -> CustomerProfile:
    return CustomerProfile(
        organization_number=number,
        company_name=f"Company {number}",
        email=email,
        first_name=first,
        last_name="Lovelace",
        street="1 Harbor Way",
        city="Boston",
        country_code="US",
        vat_number="US123",
    )


async def test_a_deleted_account_is_anonymized_in_billing_once(
    service_settings: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    person, other = str(uuid.uuid4()), str(uuid.uuid4())
    mine, theirs = grant(actor=person, amount=5), grant(actor=other)
    number = uuid.uuid4().int % 1_000_000_000
    contact = _customer(number, "Ada@Example.org", "Ada")
    others = _customer(number + 1, "bob@example.org", "Bob")
    await persist(committed_sessions, mine, theirs, contact, others)

    handler = erasure_handlers(service_settings)[contracts.USER_DELETED]
    for _ in range(2):
        await deliver(committed_sessions, handler, deletion_event(person, email="ada@example.org"))

    async with committed_sessions() as session:
        entry = await session.get(LedgerEntry, mine.id)
        assert entry is not None
        assert entry.actor is not None
        assert entry.actor.startswith("erased:")
        assert person not in entry.actor
        assert (entry.amount, entry.organization_number) == (5, 1)  # the accounts stay
        other_entry = await session.get(LedgerEntry, theirs.id)
        assert other_entry is not None
        assert other_entry.actor == other
        profile = await session.get(CustomerProfile, number)
        assert profile is not None
        assert (profile.email, profile.first_name, profile.last_name) == ("", None, None)
        assert (profile.company_name, profile.vat_number) == (f"Company {number}", "US123")
        kept = await session.get(CustomerProfile, number + 1)
        assert kept is not None
        assert (kept.email, kept.first_name) == ("bob@example.org", "Bob")

    done = await confirmations(committed_sessions, outbox, service="billing", user_id=person)
    assert len(done) == 2
    assert done[0].payload["anonymized"] == {"customer_profiles": 1, "ledger_entries": 1}
    assert done[1].payload["anonymized"] == {}
