"""The credit ledger's arithmetic against a real database: grant, reserve, consume, release,
expire; FIFO by expiry; a reservation per job id at most once; balances never below zero."""

import asyncio
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import timedelta

import pytest
from billing.db import outbox
from billing.domain import ledger
from billing.domain.events import CreditsChanged
from billing.domain.models import LedgerEntry
from billing.settings import BillingSettings
from jobkit.db import unit_of_work
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.statements import StatementLog
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

NOW = ledger.now_utc()


def _settings(service_settings: ServiceSettings) -> BillingSettings:
    assert isinstance(service_settings, BillingSettings)
    return service_settings


async def _grant(
    sessions: async_sessionmaker[AsyncSession],
    settings: BillingSettings,
    number: int,
    amount: int,
    valid_days: int | None,
    *,
    now: ledger.datetime = NOW,
) -> LedgerEntry:
    async with unit_of_work(sessions) as session:
        await ledger.lock_organization(session, number)
        return await ledger.add_grant(
            session,
            settings,
            organization_number=number,
            organization_name=f"Org {number}",
            frontend="jobboard",
            kind="job",
            amount=amount,
            valid_days=valid_days,
            label=None,
            actor="test",
            now=now,
        )


async def _draw(
    sessions: async_sessionmaker[AsyncSession],
    settings: BillingSettings,
    number: int,
    amount: int,
    entry_type: str = "reservation",
    reference: str | None = None,
    now: ledger.datetime = NOW,
) -> list[LedgerEntry] | None:
    async with unit_of_work(sessions) as session:
        await ledger.lock_organization(session, number)
        return await ledger.draw(
            session,
            settings,
            organization_number=number,
            kind="job",
            amount=amount,
            entry_type=entry_type,
            reference=reference,
            actor="test",
            now=now,
        )


async def _balance(
    sessions: async_sessionmaker[AsyncSession], number: int, now: ledger.datetime = NOW
) -> int:
    async with sessions() as session:
        return await ledger.balance(session, organization_number=number, kind="job", now=now)


async def test_grant_reserve_consume_release_and_expire(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    settings, number = _settings(service_settings), 9101
    soon = await _grant(committed_sessions, settings, number, 2, valid_days=10)
    later = await _grant(committed_sessions, settings, number, 5, valid_days=60)
    assert await _balance(committed_sessions, number) == 7

    # FIFO by expiry: the grant that expires first is drawn from first, across grants.
    taken = await _draw(committed_sessions, settings, number, 3, "consumption")
    assert taken is not None
    assert [(e.grant_id, e.amount) for e in taken] == [(soon.id, -2), (later.id, -1)]
    reserved = await _draw(committed_sessions, settings, number, 1, reference="job-1")
    assert reserved is not None
    assert reserved[0].grant_id == later.id
    assert await _balance(committed_sessions, number) == 3

    # Asking for more than is left writes nothing.
    assert await _draw(committed_sessions, settings, number, 4, "consumption") is None
    assert await _balance(committed_sessions, number) == 3

    # A release gives the reservation back, once.
    async with unit_of_work(committed_sessions) as session:
        await ledger.lock_organization(session, number)
        first = await ledger.release(
            session,
            settings,
            organization_number=number,
            kind="job",
            reference="job-1",
            actor="test",
            now=NOW,
        )
        again = await ledger.release(
            session,
            settings,
            organization_number=number,
            kind="job",
            reference="job-1",
            actor="test",
            now=NOW,
        )
    assert len(first) == 1
    assert again == []
    assert await _balance(committed_sessions, number) == 4

    # Past the later grant's expiry its 4 unused credits expire, once.
    after = NOW + timedelta(days=61)
    assert await _balance(committed_sessions, number, after) == 0
    assert await ledger.expire_credits(committed_sessions, settings, after) == 1
    assert await ledger.expire_credits(committed_sessions, settings, after) == 0
    async with committed_sessions() as session:
        expiries = (
            await session.scalars(
                select(LedgerEntry).where(
                    LedgerEntry.organization_number == number,
                    LedgerEntry.entry_type == "expiry",
                )
            )
        ).all()
    assert [(e.grant_id, e.amount) for e in expiries] == [(later.id, -4)]
    # The ledger still sums to the balance: 7 granted - 3 consumed - 4 expired.
    async with committed_sessions() as session:
        entries = (
            await session.scalars(
                select(LedgerEntry.amount).where(LedgerEntry.organization_number == number)
            )
        ).all()
    assert sum(entries) == 0


async def test_a_job_is_reserved_at_most_once(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    settings, number = _settings(service_settings), 9102
    await _grant(committed_sessions, settings, number, 5, valid_days=None)
    assert await _draw(committed_sessions, settings, number, 1, reference="job-9") is not None
    with pytest.raises(IntegrityError):
        await _draw(committed_sessions, settings, number, 1, reference="job-9")
    assert await _balance(committed_sessions, number) == 4


async def test_concurrent_draws_for_the_last_credit_leave_zero_never_negative(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    settings, number = _settings(service_settings), 9103
    await _grant(committed_sessions, settings, number, 1, valid_days=None)
    results = await asyncio.gather(
        *(_draw(committed_sessions, settings, number, 1, reference=f"race-{i}") for i in range(5))
    )
    assert sum(result is not None for result in results) == 1
    assert await _balance(committed_sessions, number) == 0


async def test_a_batch_of_draws_reads_the_grants_once_and_announces_one_final_balance(
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: ServiceSettings,
    statements: Callable[[], AbstractContextManager[StatementLog]],
) -> None:
    settings, number = _settings(service_settings), 9104
    soon = await _grant(committed_sessions, settings, number, 2, valid_days=10)
    later = await _grant(committed_sessions, settings, number, 5, valid_days=None)
    async with unit_of_work(committed_sessions) as session:
        await ledger.lock_organization(session, number)
        with statements() as log:
            async with ledger.batched_balances(settings):
                taken = [
                    await ledger.draw(
                        session,
                        settings,
                        organization_number=number,
                        kind="job",
                        amount=1,
                        entry_type="reservation",
                        reference=f"batch-{i}",
                        actor="test",
                        now=NOW,
                    )
                    for i in range(6)
                ]
                # more than is left writes nothing, in the batch too
                short = await ledger.draw(
                    session,
                    settings,
                    organization_number=number,
                    kind="job",
                    amount=2,
                    entry_type="consumption",
                    reference=None,
                    actor="test",
                    now=NOW,
                )
    assert short is None
    # FIFO across the batch, as one draw at a time: the expiring grant first.
    assert [e[0].grant_id for e in taken if e] == [soon.id] * 2 + [later.id] * 4
    assert await _balance(committed_sessions, number) == 1
    # The grants were read once, not once per draw (and once more per balance).
    assert sum("GROUP BY" in statement for statement in log.statements) == 1
    async with committed_sessions() as session:
        balances = (
            await session.scalars(
                select(outbox.c.body)
                .where(
                    outbox.c.event_type == CreditsChanged.event_type,
                    outbox.c.key == str(number),
                )
                .order_by(outbox.c.id)
            )
        ).all()
    # one event per grant, then the batch's single event with its final balance
    assert [EventEnvelope.from_bytes(body).payload["balance"] for body in balances] == [2, 7, 1]


async def test_a_grant_inside_a_batch_is_counted_in_the_batch_s_final_balance(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    settings, number = _settings(service_settings), 9105
    await _grant(committed_sessions, settings, number, 1, valid_days=None)
    async with unit_of_work(committed_sessions) as session:
        await ledger.lock_organization(session, number)
        async with ledger.batched_balances(settings):
            for amount in (1, None, 1):
                if amount is None:
                    await ledger.add_grant(
                        session,
                        settings,
                        organization_number=number,
                        organization_name=f"Org {number}",
                        frontend="jobboard",
                        kind="job",
                        amount=3,
                        valid_days=None,
                        label=None,
                        actor="test",
                        now=NOW,
                    )
                    continue
                assert (
                    await ledger.draw(
                        session,
                        settings,
                        organization_number=number,
                        kind="job",
                        amount=amount,
                        entry_type="consumption",
                        reference=None,
                        actor="test",
                        now=NOW,
                    )
                    is not None
                )
    assert await _balance(committed_sessions, number) == 2
    async with committed_sessions() as session:
        balances = (
            await session.scalars(
                select(outbox.c.body)
                .where(
                    outbox.c.event_type == CreditsChanged.event_type,
                    outbox.c.key == str(number),
                )
                .order_by(outbox.c.id)
            )
        ).all()
    assert [EventEnvelope.from_bytes(body).payload["balance"] for body in balances] == [1, 2]
