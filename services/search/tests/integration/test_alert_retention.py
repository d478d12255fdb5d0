"""Retention of job alerts (issue 26), per site: an alert whose address was never confirmed goes
after the site's ``retention.unconfirmed_alert_days`` (7 by default), confirmed ones stay; one
replica applies the rule at a time."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from jobkit.db import unit_of_work
from search.alerts.models import SavedSearch
from search.alerts.retention import drop_unconfirmed
from search.alerts.searches import stored_query
from search.engine.request import SearchRequest
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.factories import configure_site

pytestmark = pytest.mark.integration

Sessions = async_sessionmaker[AsyncSession]


async def _keep_unconfirmed(sessions: Sessions, site: str, days: int) -> None:
    await configure_site(sessions, site, "retention", unconfirmed_alert_days=days)


async def _alert(sessions: Sessions, site: str, *, days_ago: float, confirmed: bool) -> uuid.UUID:
    now = datetime.now(UTC)
    alert = SavedSearch(
        id=uuid.uuid4(),
        site=site,
        email=f"retention-{uuid.uuid4().hex[:8]}@example.org",
        name="Gardeners",
        language="en",
        query=stored_query(SearchRequest(fulltext="gardener")),
        frequency="daily",
        paused=False,
        confirmed_at=now if confirmed else None,
        created_at=now - timedelta(days=days_ago),
        checked_until=now,
        version=1,
    )
    async with unit_of_work(sessions) as session:
        session.add(alert)
    return alert.id


async def _left(sessions: Sessions, ids: list[uuid.UUID]) -> set[uuid.UUID]:
    async with sessions() as session:
        return set(await session.scalars(select(SavedSearch.id).where(SavedSearch.id.in_(ids))))


async def test_unconfirmed_alerts_go_after_their_sites_retention(
    committed_sessions: Sessions,
) -> None:
    default_site, patient_site = f"ret-{uuid.uuid4().hex[:6]}", f"ret-{uuid.uuid4().hex[:6]}"
    await _keep_unconfirmed(committed_sessions, patient_site, 30)
    old = await _alert(committed_sessions, default_site, days_ago=8, confirmed=False)
    recent = await _alert(committed_sessions, default_site, days_ago=2, confirmed=False)
    confirmed = await _alert(committed_sessions, default_site, days_ago=90, confirmed=True)
    waiting = await _alert(committed_sessions, patient_site, days_ago=8, confirmed=False)
    forgotten = await _alert(committed_sessions, patient_site, days_ago=31, confirmed=False)
    ids = [old, recent, confirmed, waiting, forgotten]

    assert await drop_unconfirmed(committed_sessions) >= 2  # other tests' old alerts may go too
    assert await _left(committed_sessions, ids) == {recent, confirmed, waiting}
    # a week later the recent one has had its week too; the 30-day site's one has not
    later = datetime.now(UTC) + timedelta(days=6)
    assert await drop_unconfirmed(committed_sessions, now=later) >= 1
    assert await _left(committed_sessions, ids) == {confirmed, waiting}


async def test_one_replica_applies_the_rules_at_a_time(committed_sessions: Sessions) -> None:
    site = f"ret-{uuid.uuid4().hex[:6]}"
    old = await _alert(committed_sessions, site, days_ago=10, confirmed=False)
    async with committed_sessions() as other, other.begin():
        held: Any = await other.scalar(
            select(func.pg_try_advisory_xact_lock(func.hashtext("alerts:retention")))
        )
        assert held
        assert await drop_unconfirmed(committed_sessions) == 0
        assert await _left(committed_sessions, [old]) == {old}
    assert await drop_unconfirmed(committed_sessions) >= 1
    assert await _left(committed_sessions, [old]) == set()
