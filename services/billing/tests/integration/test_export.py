"""A person's data in billing in their export (ADR 0038): the ledger entries they made (date,
kind, amount, organization, label) and the invoicing contacts with their address (the contact's
name and address, not the company's details), nobody else's; the part is stored under the export
and announced through the outbox with its size, digest and counts; a request for other services
is not ours."""

from __future__ import annotations

import hashlib
import uuid

import pytest
from billing.db import outbox
from billing.domain.models import CustomerProfile
from billing.messaging.consumers import export_handlers
from billing.settings import BillingSettings
from jobkit import contracts
from jobkit.export import export_storage
from jobkit.testing.erasure import deliver
from jobkit.testing.export import announcements, export_event, opened_part
from jobkit.testing.service import persist
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.billing.tests.factories import grant

pytestmark = pytest.mark.integration


def _customer(number: int, email: str, first: str, last: str) -> CustomerProfile:
    return CustomerProfile(
        organization_number=number,
        company_name=f"Company {number}",
        email=email,
        first_name=first,
        last_name=last,
        street="1 Harbor Way",
        city="Boston",
        country_code="US",
        vat_number="US123",
    )


async def test_a_persons_ledger_entries_and_invoicing_contacts_are_exported(
    service_settings: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    person, other = str(uuid.uuid4()), str(uuid.uuid4())
    number = uuid.uuid4().int % 1_000_000_000
    mine = grant(actor=person, amount=5, organization_number=number, label="Spring package")
    also_mine = grant(actor=person, amount=2, kind="contact", organization_number=number)
    theirs = grant(actor=other, amount=7, organization_number=number, label="Bob's package")
    contact = _customer(number, "Ada@Example.org", "Ada", "Lovelace")
    others = _customer(number + 1, "bob@example.org", "Bob", "Babbage")
    await persist(committed_sessions, mine, also_mine, theirs, contact, others)

    event = export_event(person, email="ada@example.org")
    handler = export_handlers(service_settings)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, event)

    [announced] = await announcements(committed_sessions, outbox, service="billing", user_id=person)
    assert announced.payload["export_id"] == event.payload["export_id"]
    assert announced.payload["counts"] == {"ledger_entries": 2, "customer_profiles": 1}
    storage = export_storage(service_settings)
    stored = await storage.get(announced.payload["key"])
    assert announced.payload["size"] == len(stored)
    assert announced.payload["sha256"] == hashlib.sha256(stored).hexdigest()

    document, files = await opened_part(storage, announced.payload["key"])
    assert files == {}
    assert document["service"] == "billing"
    entries = sorted(document["ledger_entries"], key=lambda entry: entry["amount"])
    assert [entry["id"] for entry in entries] == [str(also_mine.id), str(mine.id)]
    assert [(entry["kind"], entry["amount"]) for entry in entries] == [("contact", 2), ("job", 5)]
    assert entries[1]["label"] == "Spring package"
    assert all(entry["entry_type"] == "grant" for entry in entries)
    assert all(entry["created_at"] for entry in entries)
    assert {entry["organization_number"] for entry in entries} == {number}
    assert {entry["organization_name"] for entry in entries} == {"Org 1"}
    [profile] = document["customer_profiles"]
    assert profile["organization_number"] == number
    assert profile["company_name"] == f"Company {number}"
    assert (profile["email"], profile["first_name"], profile["last_name"]) == (
        "Ada@Example.org",
        "Ada",
        "Lovelace",
    )
    assert "vat_number" not in profile  # the company's, not the person's
    text = str(document)
    for foreign in (other, str(theirs.id), "Bob", "bob@example.org", "Babbage"):
        assert foreign not in text


async def test_without_an_address_only_the_ledger_entries_are_exported(
    service_settings: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    person = str(uuid.uuid4())
    await persist(committed_sessions, grant(actor=person))
    handler = export_handlers(service_settings)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, export_event(person))

    [announced] = await announcements(committed_sessions, outbox, service="billing", user_id=person)
    assert announced.payload["counts"] == {"ledger_entries": 1}


async def test_a_request_for_other_services_is_not_ours(
    service_settings: BillingSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    person = str(uuid.uuid4())
    await persist(committed_sessions, grant(actor=person))
    handler = export_handlers(service_settings)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, export_event(person, services=["jobs"]))
    assert await announcements(committed_sessions, outbox, service="billing", user_id=person) == []
