"""A deleted account in search (ADR 0036), beyond its alerts (test_alert_mailer,
test_resume_alert_mailer): the mail budget's counters naming the person go with the erasure."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
from jobkit.contracts import USER_DELETED
from jobkit.ratelimit import recipient_key
from jobkit.testing.erasure import confirmations, deletion_event, deliver
from search.alerts.models import rate_limit_hits
from search.db import outbox
from search.messaging.alert_mailer import user_handlers
from search.settings import SearchSettings
from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration


async def test_the_mail_budgets_counters_naming_the_person_go(
    service_settings: SearchSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    person, other = str(uuid.uuid4()), str(uuid.uuid4())
    address = f"ada.{person[:8]}@example.org"
    keys = {
        f"mail:account:{person}": True,
        recipient_key(address): True,
        f"mail:account:{other}": False,
        recipient_key(f"bob.{person[:8]}@example.org"): False,
    }
    window = datetime.now(UTC).replace(microsecond=0)
    async with committed_sessions() as session, session.begin():
        await session.execute(
            insert(rate_limit_hits),
            [{"key": key, "window_start": window, "count": 1} for key in keys],
        )

    handler = user_handlers(service_settings)[USER_DELETED]
    await deliver(committed_sessions, handler, deletion_event(person, email=address.upper()))

    async with committed_sessions() as session:
        left = set(
            await session.scalars(
                select(rate_limit_hits.c.key).where(rate_limit_hits.c.key.in_(keys))
            )
        )
    assert left == {key for key, theirs in keys.items() if not theirs}
    [done] = await confirmations(committed_sessions, outbox, service="search", user_id=person)
    assert done.payload["erased"] == {"rate_limits": 2}
